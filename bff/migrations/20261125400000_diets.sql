-- Diets issued for a paid order (spec 3 §4 "Diet-package status"). A row appears when the dietitians give the
-- order's diet a number; `is_ready` turns on once it is written. Remaining days run from `starts_at`.
CREATE TABLE diet (
    diet_id BIGINT PRIMARY KEY,
    customer_order_id BIGINT NOT NULL REFERENCES customer_order (customer_order_id) ON DELETE CASCADE,
    customer_id BIGINT NOT NULL REFERENCES customer (customer_id) ON DELETE CASCADE,
    diet_number TEXT NOT NULL,
    is_ready SMALLINT NOT NULL,
    starts_at BIGINT,
    days BIGINT NOT NULL CHECK (days > 0),
    -- How many diets the package holds (none for a single diet) and which one this is, from 1.
    package_count BIGINT,
    current_diet_count BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS diet_order_idx ON diet (customer_order_id, created_at);
