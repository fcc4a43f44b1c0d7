-- Wizard configs, order status history, promotion codes and customer points.

-- One select-package-f wizard per id: its pages and page settings as JSON text.
CREATE TABLE wizard_config (
    service TEXT NOT NULL,
    wizard_config_id TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (service, wizard_config_id)
);

-- Every status an order went through, for the orders history.
CREATE TABLE order_status (
    order_status_id BIGINT PRIMARY KEY,
    customer_order_id BIGINT NOT NULL REFERENCES customer_order (customer_order_id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS order_status_order_idx ON order_status (customer_order_id, created_at);

-- The part of a line's discount a promotion code gave, so cancelling the code restores the price exactly.
ALTER TABLE basket_item ADD COLUMN promotion_discount BIGINT NOT NULL DEFAULT 0;

-- Promotion codes (upper case). `meta` maps product ids to {"percent": n} or {"amount": toman}.
-- `used_count` only changes through conditional UPDATEs, so `max_uses` holds under concurrent use.
CREATE TABLE promotion (
    promotion_id BIGINT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    meta TEXT NOT NULL,
    valid_from BIGINT,
    valid_until BIGINT,
    max_uses BIGINT,
    used_count BIGINT NOT NULL DEFAULT 0 CHECK (used_count >= 0),
    created_at BIGINT NOT NULL,
    CHECK (max_uses IS NULL OR used_count <= max_uses)
);

-- A code applied to an order: ACTIVE, CANCELED (price restored, use given back) or CAPTURED (order paid).
CREATE TABLE used_discount (
    used_discount_id BIGINT PRIMARY KEY,
    promotion_id BIGINT NOT NULL REFERENCES promotion (promotion_id),
    customer_order_id BIGINT NOT NULL REFERENCES customer_order (customer_order_id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
-- One code per order at a time.
CREATE UNIQUE INDEX IF NOT EXISTS used_discount_one_per_order_idx ON used_discount (customer_order_id)
    WHERE status IN ('ACTIVE', 'CAPTURED');

-- Points given to a customer. Balance = granted − spent (USED holds) − held (live holds).
CREATE TABLE point_grant (
    point_grant_id BIGINT PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customer (customer_id) ON DELETE CASCADE,
    points BIGINT NOT NULL CHECK (points > 0),
    reason TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS point_grant_customer_idx ON point_grant (customer_id);

-- Points held on an order: ADDED_TO_ORDER or RESERVED (live until expires_at), CANCELED, USED or EXPIRED.
-- `amount` is the toman value the basket lines take off.
CREATE TABLE point_hold (
    point_hold_id BIGINT PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customer (customer_id) ON DELETE CASCADE,
    customer_order_id BIGINT NOT NULL REFERENCES customer_order (customer_order_id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    points BIGINT NOT NULL CHECK (points >= 0),
    amount BIGINT NOT NULL CHECK (amount >= 0),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
-- At most one live hold per customer: points held on one order cannot be used on another.
CREATE UNIQUE INDEX IF NOT EXISTS point_hold_one_live_idx ON point_hold (customer_id)
    WHERE status IN ('ADDED_TO_ORDER', 'RESERVED');
CREATE INDEX IF NOT EXISTS point_hold_order_idx ON point_hold (customer_order_id, created_at);
