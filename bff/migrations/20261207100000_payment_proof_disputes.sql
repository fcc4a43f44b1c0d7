-- What the gateway reports it took for a payment whose money goes back (its own unit), when that is not what the
-- payment asked: a refund gives back what was taken, never the payment's own amount.
ALTER TABLE payment ADD COLUMN taken_amount BIGINT;
-- The gateway's definitive refusal to give a payment's money back: no longer asked again; finance refunds by hand.
ALTER TABLE payment ADD COLUMN refund_refusal TEXT;
-- A gateway reference this payment presented that another payment had already been paid with (SEP's RefNum, a
-- Gumroad sale id: their verify answers do not name our payment): finance settles who paid.
ALTER TABLE payment ADD COLUMN disputed_with BIGINT;
ALTER TABLE payment ADD COLUMN dispute_ref TEXT;
ALTER TABLE payment ADD COLUMN disputed_at BIGINT;
-- A second sale the gateway made under one payment (a Gumroad link opened twice): its own row, so that its money
-- goes back through the refund queue and shows in the orders history like any other.
ALTER TABLE payment ADD COLUMN sale_of BIGINT;
