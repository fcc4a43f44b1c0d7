-- The product catalogue. Common SQL subset: app-made ids, integer toman, SMALLINT booleans, JSON as TEXT.
CREATE TABLE product (
    product_id BIGINT PRIMARY KEY,
    service TEXT NOT NULL,
    product_type TEXT NOT NULL,
    title TEXT NOT NULL,
    subtitle TEXT,
    subtitle2 TEXT,
    description TEXT,
    price BIGINT NOT NULL CHECK (price >= 0),
    final_price BIGINT NOT NULL CHECK (final_price >= 0),
    currency TEXT NOT NULL,
    is_enabled SMALLINT NOT NULL DEFAULT 1,
    meta TEXT NOT NULL DEFAULT '{}',
    created_at BIGINT NOT NULL
);

CREATE INDEX IF NOT EXISTS product_service_idx ON product (service, is_enabled);
