-- Money a gateway took that its order must not keep (the order was paid already, the amount is not the
-- order's, the payment had been replaced) goes back to the customer: REFUND_DUE, then REVERSED by the
-- gateway's own call, or REFUNDED by finance, with who and when.
ALTER TABLE payment ADD COLUMN refund_reason TEXT;
ALTER TABLE payment ADD COLUMN refunded_by TEXT;
ALTER TABLE payment ADD COLUMN refunded_at BIGINT;
-- Whatever the code does, an order is paid by one online payment at most.
CREATE UNIQUE INDEX IF NOT EXISTS payment_verified_once_idx ON payment (customer_order_id) WHERE state = 'VERIFIED';
CREATE INDEX IF NOT EXISTS payment_customer_idx ON payment (customer_id, state);
