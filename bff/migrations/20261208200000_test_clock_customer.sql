-- One customer's own test clock (TEST_CLOCK): how much further ahead than the shop's test clock that customer's
-- signed-in requests read time, so one tester lets their customer's points hold lapse or diet days pass without
-- moving the time of every other tester on the deployment. A row only for customers whose clock was moved.
CREATE TABLE test_clock_customer (
    customer_id BIGINT PRIMARY KEY REFERENCES customer (customer_id) ON DELETE CASCADE,
    offset_ms BIGINT NOT NULL
);
