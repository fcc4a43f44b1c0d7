-- A used-up code looks for a use an abandoned order holds (the oldest active uses of the promotion).
CREATE INDEX IF NOT EXISTS used_discount_promotion_idx ON used_discount (promotion_id, status, created_at);
