-- A gateway's proof of payment (SEP's RefNum, a Gumroad sale, …) pays for one payment only. SEP does not stop a
-- RefNum being reused and a Gumroad ping is unsigned, so the merchant must (gateways.md §6): the shop looks a
-- reference up before it counts it, and this index refuses a second verified payment with the same one.
CREATE UNIQUE INDEX IF NOT EXISTS payment_ref_verified_once_idx ON payment (gateway, ref_id)
    WHERE state = 'VERIFIED' AND ref_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS payment_ref_idx ON payment (gateway, ref_id) WHERE ref_id IS NOT NULL;
-- The Gumroad product the payment was opened for, taken from the order: a sale of another product pays nothing.
ALTER TABLE payment ADD COLUMN product_permalink TEXT;
