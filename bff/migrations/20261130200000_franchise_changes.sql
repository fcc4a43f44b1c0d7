-- Every grant and revoke of a franchise membership (staff API or `bff franchise`), who made it and when; the
-- member row keeps only the latest of each.
CREATE TABLE franchise_member_change (
    franchise_member_change_id BIGINT PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customer (customer_id) ON DELETE CASCADE,
    -- GRANT or REVOKE.
    action TEXT NOT NULL,
    changed_by TEXT NOT NULL,
    changed_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS franchise_member_change_customer_idx ON franchise_member_change (customer_id, changed_at);

-- Referral claims are bounded (anyone may call check-mobile for any number): a claim lives an hour, an address
-- keeps at most as many pending claims as it may be sent codes in an hour, and the table holds a fixed most.
ALTER TABLE referral_claim ADD COLUMN client_ip TEXT NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS referral_claim_created_idx ON referral_claim (created_at);
CREATE INDEX IF NOT EXISTS referral_claim_ip_idx ON referral_claim (client_ip, created_at);
