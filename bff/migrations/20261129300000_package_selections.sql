-- The older diet-package flow's selections: one order per customer and selection (flow, package type, length,
-- hami), so a repeated or racing select-package answers the same unpaid order instead of creating another.
CREATE TABLE package_selection (
    customer_id BIGINT NOT NULL,
    selection TEXT NOT NULL,
    customer_order_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (customer_id, selection)
);
