-- The balance, the live hold and the expiry sweep of every points call read a customer's holds by status.
CREATE INDEX IF NOT EXISTS point_hold_customer_status_idx ON point_hold (customer_id, status);
