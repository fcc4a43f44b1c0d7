-- The catalogue's change counter: every replica keeps the catalogue's replies in memory and drops them when this
-- number moves, so a change made through one replica (or by the team's tools) reaches all of them.
CREATE TABLE catalogue_version (
    catalogue_version_id SMALLINT PRIMARY KEY,
    version BIGINT NOT NULL
);
INSERT INTO catalogue_version (catalogue_version_id, version) VALUES (1, 0);
