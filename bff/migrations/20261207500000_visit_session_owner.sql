-- Who may change a visit session: the create call answers a random edit token and the row keeps only its SHA-256
-- (hex), as answer records do; a valid bearer token on the create, or on a change made with the edit token, links
-- the session to that customer, who may then change it too. Sessions made before this migration have neither:
-- nobody can change them any more, and the web app starts a new one.
ALTER TABLE visit_session ADD COLUMN edit_token_hash TEXT;
ALTER TABLE visit_session ADD COLUMN customer_id BIGINT;
