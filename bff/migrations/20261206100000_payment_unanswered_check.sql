-- Who in finance asked the gateway about a payment that expired after a day of unanswered verifies, and when:
-- until then it waits in finance's queue of payments that may have taken the money.
ALTER TABLE payment ADD COLUMN checked_by TEXT;
ALTER TABLE payment ADD COLUMN checked_at BIGINT;
