//! A move of the test clock: forward only, and no further than a year at once, so a slip of the finger (a value in
//! milliseconds where seconds were meant) does not put the shop decades ahead for every tester on the deployment.

/// The longest move accepted at once: a year and a day, past every window of the spec (a diet's last days, a
/// refresh cookie's 30 days).
pub const MAX_ADVANCE_SECONDS: i64 = 366 * 24 * 60 * 60;

/// A checked move forward, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Advance(i64);

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AdvanceError {
    #[error("the test clock only moves forward: {0} s is not more than 0")]
    NotForward(i64),
    #[error("{0} s is more than the {MAX_ADVANCE_SECONDS} s (366 days) the test clock moves at once")]
    TooFar(i64),
}

impl Advance {
    pub fn from_seconds(seconds: i64) -> Result<Self, AdvanceError> {
        if seconds <= 0 {
            return Err(AdvanceError::NotForward(seconds));
        }
        if seconds > MAX_ADVANCE_SECONDS {
            return Err(AdvanceError::TooFar(seconds));
        }
        Ok(Advance(seconds * 1000))
    }

    pub fn millis(self) -> i64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_moves_forward_by_at_most_a_year_and_a_day() {
        assert_eq!(Advance::from_seconds(1800).map(Advance::millis), Ok(1_800_000));
        assert_eq!(Advance::from_seconds(MAX_ADVANCE_SECONDS).map(Advance::millis), Ok(MAX_ADVANCE_SECONDS * 1000));
        assert_eq!(Advance::from_seconds(0), Err(AdvanceError::NotForward(0)));
        assert_eq!(Advance::from_seconds(-60), Err(AdvanceError::NotForward(-60)));
        assert_eq!(Advance::from_seconds(MAX_ADVANCE_SECONDS + 1), Err(AdvanceError::TooFar(MAX_ADVANCE_SECONDS + 1)));
        assert_eq!(Advance::from_seconds(i64::MAX), Err(AdvanceError::TooFar(i64::MAX)));
    }
}
