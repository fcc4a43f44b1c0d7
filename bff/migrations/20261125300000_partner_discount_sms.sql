-- The SMS sent when a paid order holds a partner-discount product; the success page reads its text
-- back (partnerDiscountSmsLogs). One row per order: the row is written before sending, so a second
-- attempt for the same order finds it and sends nothing.
CREATE TABLE partner_discount_sms_log (
    partner_discount_sms_log_id BIGINT PRIMARY KEY,
    customer_order_id BIGINT NOT NULL REFERENCES customer_order (customer_order_id) ON DELETE CASCADE,
    customer_id BIGINT NOT NULL REFERENCES customer (customer_id) ON DELETE CASCADE,
    receptor TEXT NOT NULL,
    message TEXT NOT NULL,
    -- PENDING while sending, then SENT or FAILED (with the provider's answer in `failure`).
    status TEXT NOT NULL,
    failure TEXT,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS partner_discount_sms_log_order_idx ON partner_discount_sms_log (customer_order_id);
