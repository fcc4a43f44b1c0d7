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
