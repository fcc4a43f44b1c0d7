-- A diet order paid while another diet of the customer is still running waits as a reserved diet until the
-- customer activates it from the reserve list (spec 2 §1, §2, §4). Until then the order is not the customer's
-- active package. One reservation per order.
CREATE TABLE reserved_diet (
    reserved_diet_id BIGINT PRIMARY KEY,
    customer_order_id BIGINT NOT NULL UNIQUE REFERENCES customer_order (customer_order_id) ON DELETE CASCADE,
    customer_id BIGINT NOT NULL REFERENCES customer (customer_id) ON DELETE CASCADE,
    -- RESERVED, then ENABLED once activated.
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    enabled_at BIGINT
);
CREATE INDEX IF NOT EXISTS reserved_diet_customer_idx ON reserved_diet (customer_id, status);
