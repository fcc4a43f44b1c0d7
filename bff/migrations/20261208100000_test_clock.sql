-- The test clock's offset (TEST_CLOCK): how far ahead of real time the rules' clock runs, in milliseconds. One row,
-- in the database so that every replica on it agrees; it only grows. Production never turns the clock on, and the
-- row stays at 0 there.
CREATE TABLE test_clock (
    test_clock_id INTEGER PRIMARY KEY,
    offset_ms BIGINT NOT NULL DEFAULT 0
);
INSERT INTO test_clock (test_clock_id, offset_ms) VALUES (1, 0);
