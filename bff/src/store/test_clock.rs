//! The test clock (`TEST_CLOCK`): testers move the rules' clock forward instead of waiting for a points hold, a
//! code's expiry or a transfer's review window. The offset lives in the database (`test_clock`) so that every
//! replica on it agrees; each replica holds it in memory and reads it again at most once per [`RECHECK`] while
//! requests come in, and knows its own moves at once. Requests and sweeps run inside [`TestClock::run`], which is
//! what makes [`super::now_ms`] add the offset: tests start many services in one process, each with its own clock.
//! A customer's own clock (`test_clock_customer`) runs further ahead for the requests signed in as that customer,
//! read on the same schedule; only customers whose clock was moved have one, so the map stays small.
use std::{
    collections::HashMap,
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
    /// How much further the signed-in customer's own clock runs, fixed when their request began.
    static CUSTOMER_OFFSET: i64;
}

/// One service's test clock.
#[derive(Debug)]
pub struct TestClock {
    db: Db,
    offset_ms: AtomicI64,
    /// Customer id → how much further that customer's clock runs, in milliseconds.
    customers: Mutex<HashMap<i64, i64>>,
    /// When the rows were last read; `None` before the first reading.
    checked_at: Mutex<Option<Instant>>,
}

impl TestClock {
    pub fn new(db: Db) -> Self {
        TestClock { db, offset_ms: AtomicI64::new(0), customers: Mutex::default(), checked_at: Mutex::new(None) }
    }

    /// How far ahead of real time this replica's clock runs, in milliseconds.
    pub fn offset_ms(&self) -> i64 {
        self.offset_ms.load(Ordering::Relaxed)
    }

    /// How much further than the shop's clock `customer_id`'s own clock runs, in milliseconds.
    pub fn customer_offset_ms(&self, customer_id: i64) -> i64 {
        self.customers.lock().unwrap_or_else(PoisonError::into_inner).get(&customer_id).copied().unwrap_or(0)
    }

    /// Runs `work` on this clock: every `now_ms()` inside it reads real time plus the offset (and, for a request
    /// signed in as `customer`, that customer's own), read again first when the last reading is older than
    /// [`RECHECK`].
    pub async fn run<T>(self: &Arc<Self>, customer: Option<i64>, work: impl Future<Output = T>) -> T {
        self.catch_up().await;
        let own = customer.map_or(0, |id| self.customer_offset_ms(id));
        CLOCK.scope(self.clone(), CUSTOMER_OFFSET.scope(own, work)).await
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

    /// Moves one customer's own clock forward by `by_ms`, for every replica; answers that customer's new offset.
    pub async fn advance_customer(&self, customer_id: i64, by_ms: i64) -> anyhow::Result<i64> {
        let offset: i64 = on_pool!(&self.db, pool => {
            sqlx::query_scalar(
                "INSERT INTO test_clock_customer (customer_id, offset_ms) VALUES ($1, $2) \
                 ON CONFLICT (customer_id) DO UPDATE SET offset_ms = test_clock_customer.offset_ms + excluded.offset_ms \
                 RETURNING offset_ms",
            )
            .bind(customer_id)
            .bind(by_ms)
            .fetch_one(pool)
            .await
        })
        .context("cannot move the customer's test clock")?;
        self.learn_customer(customer_id, offset);
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
        match read_offsets(&self.db).await {
            Ok((offset, customers)) => {
                self.learn(offset);
                for (customer_id, offset) in customers {
                    self.learn_customer(customer_id, offset);
                }
            }
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

    /// As [`Self::learn`], for one customer's own clock.
    fn learn_customer(&self, customer_id: i64, offset: i64) {
        let mut known = self.customers.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = known.entry(customer_id).or_default();
        *entry = (*entry).max(offset);
    }
}

/// The shop's offset and every customer's own.
async fn read_offsets(db: &Db) -> anyhow::Result<(i64, Vec<(i64, i64)>)> {
    on_pool!(db, pool => {
        let offset = sqlx::query_scalar("SELECT offset_ms FROM test_clock WHERE test_clock_id = 1")
            .fetch_one(pool)
            .await?;
        let customers = sqlx::query_as("SELECT customer_id, offset_ms FROM test_clock_customer").fetch_all(pool).await?;
        Ok::<_, sqlx::Error>((offset, customers))
    })
    .context("cannot read the test clock")
}

/// The offset of the clock the running request or sweep is on, the signed-in customer's own included; 0 without
/// one (the test clock off, tools).
pub(super) fn offset_ms() -> i64 {
    let own = CUSTOMER_OFFSET.try_with(|own| *own).unwrap_or(0);
    CLOCK.try_with(|clock| clock.offset_ms()).unwrap_or(0).saturating_add(own)
}
