-- Each replica keeps the signed-out tokens in memory and reads only the rows stored since its last reading.
CREATE INDEX IF NOT EXISTS revoked_access_token_revoked_idx ON revoked_access_token (revoked_at);
