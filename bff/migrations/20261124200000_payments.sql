-- Online payments of orders. `amount` is the order's payable toman when the payment started;
-- `gateway_amount` is what the gateway was asked for, in its own unit (TOMAN or RIAL).
-- `state` only changes through conditional UPDATEs, so an order completes at most once.
CREATE TABLE payment (
    payment_id BIGINT PRIMARY KEY,
    customer_order_id BIGINT NOT NULL REFERENCES customer_order (customer_order_id) ON DELETE CASCADE,
    customer_id BIGINT NOT NULL REFERENCES customer (customer_id) ON DELETE CASCADE,
    gateway TEXT NOT NULL,
    amount BIGINT NOT NULL CHECK (amount > 0),
    gateway_amount BIGINT NOT NULL CHECK (gateway_amount > 0),
    gateway_unit TEXT NOT NULL,
    state TEXT NOT NULL,
    -- The gateway's token or payment code, and the bank reference once known.
    authority TEXT,
    ref_id TEXT,
    payment_link TEXT,
    result_url TEXT NOT NULL,
    idempotency_key TEXT,
    failure TEXT,
    -- Verify is attempted by one caller at a time: whoever set `lease_until` last; a crashed
    -- caller's lease runs out and the sweeper takes over.
    lease_until BIGINT NOT NULL DEFAULT 0,
    attempts BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS payment_idempotency_idx ON payment (customer_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS payment_authority_idx ON payment (gateway, authority)
    WHERE authority IS NOT NULL;
CREATE INDEX IF NOT EXISTS payment_order_idx ON payment (customer_order_id, created_at);
CREATE INDEX IF NOT EXISTS payment_state_idx ON payment (state, updated_at);
