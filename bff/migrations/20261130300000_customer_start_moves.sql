-- How many times the customer moved the diet's start themselves: the BFF refuses more than a few, so moving the
-- start again and again cannot hand back the days a diet has run.
ALTER TABLE diet ADD COLUMN customer_start_moves BIGINT NOT NULL DEFAULT 0;
