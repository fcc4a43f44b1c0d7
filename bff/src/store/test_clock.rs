//! The test clock (`TEST_CLOCK`): testers move the rules' clock forward instead of waiting for a points hold, a
//! code's expiry or a transfer's review window. The offset lives in the database (`test_clock`) so that every
//! replica on it agrees; each replica holds it in memory and reads it again at most once per [`RECHECK`] while
//! requests come in, and knows its own moves at once. Requests and sweeps run inside [`TestClock::run`], which is
//! what makes [`super::now_ms`] add the offset: tests start many services in one process, each with its own clock.
use std::{
    sync::{
        Arc, Mutex, PoisonError,
        atomic::{AtomicI64, Ordering},
    },
    time::{Duration, Instant},
};

use anyhow::Context;

use super::{Db, on_pool};

/// How long a replica trusts its offset before reading the row again: another replica's move reaches it by then.
pub const RECHECK: Duration = Duration::from_secs(1);

tokio::task_local! {
    /// The clock of the service whose request (or sweep) is running.
    static CLOCK: Arc<TestClock>;
}

/// One service's test clock.
#[derive(Debug)]
pub struct TestClock {
    db: Db,
    offset_ms: AtomicI64,
    /// When the row was last read; `None` before the first reading.
    checked_at: Mutex<Option<Instant>>,
}

impl TestClock {
    pub fn new(db: Db) -> Self {
        TestClock { db, offset_ms: AtomicI64::new(0), checked_at: Mutex::new(None) }
    }

    /// How far ahead of real time this replica's clock runs, in milliseconds.
    pub fn offset_ms(&self) -> i64 {
        self.offset_ms.load(Ordering::Relaxed)
    }

    /// Runs `work` on this clock: every `now_ms()` inside it reads real time plus the offset, read again first
    /// when the last reading is older than [`RECHECK`].
    pub async fn run<T>(self: &Arc<Self>, work: impl Future<Output = T>) -> T {
        self.catch_up().await;
        CLOCK.scope(self.clone(), work).await
    }

    /// Moves the clock forward by `by_ms` for every replica on the database; answers the new offset.
    pub async fn advance(&self, by_ms: i64) -> anyhow::Result<i64> {
        let offset: i64 = on_pool!(&self.db, pool => {
            sqlx::query_scalar(
                "UPDATE test_clock SET offset_ms = offset_ms + $1 WHERE test_clock_id = 1 RETURNING offset_ms",
            )
            .bind(by_ms)
            .fetch_one(pool)
            .await
        })
        .context("cannot move the test clock")?;
        self.learn(offset);
        Ok(offset)
    }

    async fn catch_up(&self) {
        {
            let mut checked_at = self.checked_at.lock().unwrap_or_else(PoisonError::into_inner);
            if checked_at.is_some_and(|at| at.elapsed() < RECHECK) {
                return;
            }
            // Stamped before reading, so requests arriving meanwhile do not read it too.
            *checked_at = Some(Instant::now());
        }
        match read_offset(&self.db).await {
            Ok(offset) => self.learn(offset),
            // The last offset known stays: the request is answered on it and the next one reads again.
            Err(error) => {
                tracing::warn!(error = ?error, "cannot read the test clock");
                *self.checked_at.lock().unwrap_or_else(PoisonError::into_inner) = None;
            }
        }
    }

    /// The offset only grows (moving back is refused), so a reading that started before a move cannot undo it.
    fn learn(&self, offset: i64) {
        self.offset_ms.fetch_max(offset, Ordering::Relaxed);
    }
}

async fn read_offset(db: &Db) -> anyhow::Result<i64> {
    on_pool!(db, pool => {
        sqlx::query_scalar("SELECT offset_ms FROM test_clock WHERE test_clock_id = 1").fetch_one(pool).await
    })
    .context("cannot read the test clock")
}

/// The offset of the clock the running request or sweep is on; 0 without one (the test clock off, tools).
pub(super) fn offset_ms() -> i64 {
    CLOCK.try_with(|clock| clock.offset_ms()).unwrap_or(0)
}
