//! The simulators' clock: the gateways' own times run on it (how long a hosted page, an access token and a verify
//! or reverse window last, the dates a gateway answers with), and `POST /_sim/clock` moves it forward, so a tester
//! reaches PayPing's 10-minute return of unverified money or an expired SnappPay token without waiting. What the
//! tester arms stays on real time: a forcing's or fault's `ttlSeconds`, `waitSeconds`, a callback's `delaySeconds`,
//! and the journal's times, which record when calls really came.
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The longest move accepted at once, as the BFF's test clock: past every gateway window by far.
pub const MAX_ADVANCE: Duration = Duration::from_secs(366 * 24 * 60 * 60);

/// A point on the simulators' clock, in both forms the gateways use.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Moment {
    /// For durations (deadlines, windows).
    pub at: Instant,
    /// Epoch milliseconds, for the dates a gateway answers with.
    pub ms: u64,
}

/// Real time plus an offset that only grows.
#[derive(Debug, Default)]
pub(crate) struct SimClock {
    offset_ms: AtomicU64,
}

impl SimClock {
    pub fn now(&self) -> Moment {
        let offset = self.offset();
        let real_ms = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_millis();
        let real_ms = u64::try_from(real_ms).unwrap_or(u64::MAX);
        let now = Instant::now();
        // Instants are bounded by the platform; a year's offsets stay far inside them.
        Moment { at: now.checked_add(offset).unwrap_or(now), ms: real_ms.saturating_add(self.offset_ms()) }
    }

    pub fn offset_ms(&self) -> u64 {
        self.offset_ms.load(Ordering::Relaxed)
    }

    pub fn offset(&self) -> Duration {
        Duration::from_millis(self.offset_ms())
    }

    /// Moves the clock forward by `by` (at most [`MAX_ADVANCE`], checked by the caller); answers the new offset.
    pub fn advance(&self, by: Duration) -> Duration {
        let by_ms = u64::try_from(by.as_millis()).unwrap_or(u64::MAX);
        let before = self.offset_ms.fetch_add(by_ms, Ordering::Relaxed);
        Duration::from_millis(before.saturating_add(by_ms))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moved_clock_runs_ahead_of_real_time_by_what_it_was_moved() {
        let clock = SimClock::default();
        let before = clock.now();
        assert_eq!(clock.advance(Duration::from_secs(600)), Duration::from_secs(600));
        assert_eq!(clock.advance(Duration::from_secs(60)), Duration::from_secs(660));
        let after = clock.now();
        assert!(after.at.duration_since(before.at) >= Duration::from_secs(660));
        assert!(after.ms - before.ms >= 660_000);
    }
}
