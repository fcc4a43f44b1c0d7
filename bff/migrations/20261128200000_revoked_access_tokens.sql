-- Bearer tokens signed out before they expire: every bearer check looks its `jti` up here. A row is useless once
-- `expires_at` (the token's own expiry, epoch ms) has passed, and logout purges such rows.
CREATE TABLE revoked_access_token (
    revoked_access_token_id TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS revoked_access_token_expires_idx ON revoked_access_token (expires_at);
