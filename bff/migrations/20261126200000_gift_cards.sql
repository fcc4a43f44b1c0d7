-- Limoo gift cards (spec 2 §2, §3): a single-use code, stored lower-cased, that pays for one of its products.
-- Redeeming sets used_at, used_by and the free paid order it made, once: the UPDATE only matches an unused card.
CREATE TABLE gift_card (
    gift_card_id BIGINT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    -- The product options as a JSON array of catalogue ids, in the order offered.
    product_ids TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    used_at BIGINT,
    used_by BIGINT REFERENCES customer (customer_id) ON DELETE SET NULL,
    customer_order_id BIGINT REFERENCES customer_order (customer_order_id) ON DELETE SET NULL
);
