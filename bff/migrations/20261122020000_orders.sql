-- Orders and their basket lines. Amounts are copied from the catalogue when the order is made, so
-- later price changes never alter an existing invoice.
CREATE TABLE customer_order (
    customer_order_id BIGINT PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customer (customer_id) ON DELETE CASCADE,
    service TEXT NOT NULL,
    status TEXT NOT NULL,
    visit_session_id TEXT,
    utm_campaign TEXT,
    meta TEXT NOT NULL DEFAULT '{}',
    created_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS customer_order_customer_idx ON customer_order (customer_id, created_at);

CREATE TABLE basket_item (
    basket_item_id BIGINT PRIMARY KEY,
    customer_order_id BIGINT NOT NULL REFERENCES customer_order (customer_order_id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES product (product_id),
    position BIGINT NOT NULL,
    title TEXT NOT NULL,
    subtitle TEXT,
    subtitle2 TEXT,
    product_type TEXT NOT NULL,
    original_price BIGINT NOT NULL CHECK (original_price >= 0),
    final_price BIGINT NOT NULL CHECK (final_price >= 0),
    user_point_deduction BIGINT NOT NULL DEFAULT 0 CHECK (user_point_deduction >= 0),
    currency TEXT NOT NULL,
    meta TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS basket_item_order_idx ON basket_item (customer_order_id, position);
