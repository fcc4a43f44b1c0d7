-- When a verify of the payment first went unanswered: the gateway may hold its money, so nothing replaces it.
ALTER TABLE payment ADD COLUMN unanswered_at BIGINT;
-- Payments asked about before this column existed may have had such a verify: treated as if they had.
UPDATE payment SET unanswered_at = updated_at
 WHERE attempts > 0 AND state IN ('CREATED', 'REDIRECTED', 'CALLBACK_RECEIVED');
