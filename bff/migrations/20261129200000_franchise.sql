-- The franchise (referral) programme (spec 3 §3 "Referral", §4 "Franchise"). The team marks members with
-- `bff franchise grant|revoke`; each member has a short referral code. A member is active while `revoked_at` is
-- null; a revoked member granted again keeps the same code.
CREATE TABLE franchise_member (
    customer_id BIGINT PRIMARY KEY REFERENCES customer (customer_id) ON DELETE CASCADE,
    referral_code TEXT NOT NULL UNIQUE,
    granted_by TEXT NOT NULL,
    granted_at BIGINT NOT NULL,
    revoked_by TEXT,
    revoked_at BIGINT
);

-- A referral code sent with check-mobile for a number not registered yet; the registration that follows turns it
-- into an invitation. A later check-mobile with another code replaces it.
CREATE TABLE referral_claim (
    mobile TEXT PRIMARY KEY,
    referral_code TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- A customer invited by a member; one invitation per invited customer, never by themselves.
CREATE TABLE franchise_invitation (
    invitee_customer_id BIGINT PRIMARY KEY REFERENCES customer (customer_id) ON DELETE CASCADE,
    member_customer_id BIGINT NOT NULL REFERENCES customer (customer_id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    CHECK (invitee_customer_id <> member_customer_id)
);
CREATE INDEX IF NOT EXISTS franchise_invitation_member_idx ON franchise_invitation (member_customer_id, created_at);
