-- A new sign-in prunes its customer's credentials (expired, revoked, beyond the newest sign-ins).
CREATE INDEX IF NOT EXISTS refresh_token_customer_idx ON refresh_token (customer_id, created_at);
