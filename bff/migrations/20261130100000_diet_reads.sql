-- The panel's diet reads (issue 14): a customer's diets with their referral number and request, and an order's
-- transfers for its payment fields, each found by an index rather than a table scan.
CREATE INDEX IF NOT EXISTS diet_customer_idx ON diet (customer_id, created_at);
CREATE INDEX IF NOT EXISTS diet_request_diet_idx ON diet_request (diet_id);
CREATE INDEX IF NOT EXISTS transfer_payment_order_idx ON transfer_payment (customer_order_id, created_at);
