-- Questionnaire answer records and perfect-body landing registrations (spec 3 §3, §7).

-- One answer set per record: `answers` is the JSON list of one-entry objects (question id → value) in the order
-- sent. `customer_id` links the record to a signed-in customer (set by the first call with a valid token, never
-- changed); `claimed_user_id` is the body's userId of a call without one (not trusted, kept for support).
CREATE TABLE form_answer (
    form_answer_id BIGINT PRIMARY KEY,
    form_type TEXT NOT NULL,
    form_id TEXT NOT NULL,
    customer_id BIGINT REFERENCES customer (customer_id) ON DELETE SET NULL,
    claimed_user_id TEXT,
    answers TEXT NOT NULL,
    step TEXT,
    utm_campaign TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS form_answer_customer_idx ON form_answer (customer_id, updated_at);

-- A perfect-body registration; the result call reads it back by its referral.
CREATE TABLE perfect_body_registration (
    referral TEXT PRIMARY KEY,
    gender TEXT NOT NULL,
    birth_day BIGINT NOT NULL,
    birth_month BIGINT NOT NULL,
    birth_year BIGINT NOT NULL,
    weight_kg DOUBLE PRECISION NOT NULL,
    height_cm DOUBLE PRECISION NOT NULL,
    created_at BIGINT NOT NULL
);
