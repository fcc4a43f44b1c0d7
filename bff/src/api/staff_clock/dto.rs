use poem_openapi::Object;

/// The test clock as the rules read it.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct StaffClock {
    /// The rules' time now, epoch milliseconds: real time plus the offset.
    pub now: i64,
    /// How far ahead of real time the clock runs, in milliseconds; 0 until it is first moved.
    pub offset_ms: i64,
}

/// How far to move the test clock forward.
#[derive(Object, Debug)]
pub struct AdvanceClockRequest {
    /// Seconds, more than 0 and at most 31 622 400 (366 days): 1800 passes a 30-minute points hold.
    pub seconds: i64,
}

/// One customer's own test clock: what that customer's signed-in requests read.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct StaffCustomerClock {
    pub customer_id: i64,
    /// The customer's time now, epoch milliseconds: real time plus the shop's offset plus their own.
    pub now: i64,
    /// How far ahead of real time the shop's clock runs, in milliseconds.
    pub offset_ms: i64,
    /// How much further the customer's own clock runs, in milliseconds; 0 until it is first moved.
    pub customer_offset_ms: i64,
}
