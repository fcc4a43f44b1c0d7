-- The medical team's tools (issue 14): a diet can be closed early, each order's package has one diet per slot
-- (which diet of the package it is), and every change the team or the customer makes to a diet is recorded.
ALTER TABLE diet ADD COLUMN expired_at BIGINT;
CREATE UNIQUE INDEX IF NOT EXISTS diet_slot_idx ON diet (customer_order_id, current_diet_count);
CREATE TABLE diet_audit (
    diet_audit_id BIGINT PRIMARY KEY,
    diet_id BIGINT NOT NULL REFERENCES diet (diet_id) ON DELETE CASCADE,
    -- ISSUE, READY, START or EXPIRE.
    action TEXT NOT NULL,
    -- The team member's name, or `customer` when the customer moved the start date.
    actor TEXT NOT NULL,
    -- What changed, e.g. the new number and days or the new start.
    detail TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS diet_audit_diet_idx ON diet_audit (diet_id, created_at);
