-- Customers, one-time codes, refresh credentials, sessions and analytics events.
CREATE TABLE customer (
    customer_id BIGINT PRIMARY KEY,
    mobile TEXT NOT NULL UNIQUE,
    country_id BIGINT NOT NULL,
    email TEXT,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    auth_type TEXT NOT NULL,
    profile_number TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

-- One row per code sent. Only a keyed hash of the code is kept. `send_slot` (created_at divided by
-- the resend interval) makes two concurrent sends to one number inside one interval collide.
CREATE TABLE otp_code (
    otp_code_id TEXT PRIMARY KEY,
    subject TEXT NOT NULL,
    channel TEXT NOT NULL,
    sent_to TEXT NOT NULL,
    pending_email TEXT,
    code_hash TEXT NOT NULL,
    client_ip TEXT NOT NULL,
    send_slot BIGINT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    consumed_at BIGINT
);
CREATE UNIQUE INDEX IF NOT EXISTS otp_code_send_slot_idx ON otp_code (subject, send_slot);
CREATE INDEX IF NOT EXISTS otp_code_subject_idx ON otp_code (subject, created_at);
CREATE INDEX IF NOT EXISTS otp_code_ip_idx ON otp_code (client_ip, created_at);

-- Rotating refresh credentials: one family per sign-in; a reused one revokes its family.
CREATE TABLE refresh_token (
    refresh_token_id TEXT PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customer (customer_id) ON DELETE CASCADE,
    family_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT,
    revoked_at BIGINT
);
CREATE INDEX IF NOT EXISTS refresh_token_family_idx ON refresh_token (family_id);

CREATE TABLE visit_session (
    visit_session_id TEXT PRIMARY KEY,
    utm TEXT NOT NULL DEFAULT '{}',
    meta TEXT NOT NULL DEFAULT '{}',
    user_id TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE analytics_event (
    analytics_event_id TEXT PRIMARY KEY,
    action TEXT NOT NULL,
    category TEXT NOT NULL,
    label TEXT,
    user_id TEXT,
    service TEXT,
    meta TEXT NOT NULL DEFAULT '{}',
    visit_session_id TEXT,
    created_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS analytics_event_session_idx ON analytics_event (visit_session_id);
