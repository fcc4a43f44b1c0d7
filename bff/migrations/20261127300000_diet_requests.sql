-- Diet requests from the detailed diet-request form (spec 3 §3, §4, §7). The web keeps a conversation id (a uuid)
-- for one run of the form: the medical profile is stored under it, then the request issues the paid order's diet.
-- `profile` is the JSON of the groups general, body and special; the location is the fixed one [QN-65].
CREATE TABLE medical_profile (
    medical_profile_id BIGINT PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customer (customer_id) ON DELETE CASCADE,
    conversation_id TEXT NOT NULL UNIQUE,
    country_code TEXT NOT NULL,
    state BIGINT NOT NULL,
    city BIGINT NOT NULL,
    profile TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS medical_profile_customer_idx ON medical_profile (customer_id);

-- One request per conversation and per order: a repeated request answers the diet it issued.
CREATE TABLE diet_request (
    diet_request_id BIGINT PRIMARY KEY,
    conversation_id TEXT NOT NULL UNIQUE,
    customer_id BIGINT NOT NULL REFERENCES customer (customer_id) ON DELETE CASCADE,
    customer_order_id BIGINT NOT NULL UNIQUE REFERENCES customer_order (customer_order_id) ON DELETE CASCADE,
    diet_id BIGINT NOT NULL REFERENCES diet (diet_id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL
);
