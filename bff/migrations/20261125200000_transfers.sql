-- Manual transfers (card to card, PayPal): the customer reports a payment made outside the shop and
-- finance approves or rejects it. `meta` is the JSON of the form (date parts, card digits or account).
-- At most one transfer per order waits for review; the state only leaves PENDING through a
-- conditional UPDATE, so a transfer is reviewed, and its order completed, at most once.
CREATE TABLE transfer_payment (
    transfer_payment_id BIGINT PRIMARY KEY,
    customer_order_id BIGINT NOT NULL REFERENCES customer_order (customer_order_id) ON DELETE CASCADE,
    customer_id BIGINT NOT NULL REFERENCES customer (customer_id) ON DELETE CASCADE,
    -- C2C or PAYPAL_ROSHANDEL.
    gateway TEXT NOT NULL,
    -- The order's payable toman when the transfer was reported.
    amount BIGINT NOT NULL CHECK (amount > 0),
    -- PENDING, APPROVED or REJECTED.
    state TEXT NOT NULL,
    meta TEXT NOT NULL,
    reviewer TEXT,
    reason TEXT,
    reviewed_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS transfer_payment_pending_idx ON transfer_payment (customer_order_id)
    WHERE state = 'PENDING';
CREATE INDEX IF NOT EXISTS transfer_payment_state_idx ON transfer_payment (state, created_at);
