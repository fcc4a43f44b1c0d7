//! The signed-out bearer tokens from memory. Each replica keeps the `jti`s signed out and not yet expired: its own
//! logouts at once, the other replicas' from the database at most once per `REVOCATION_RECHECK_MS` (only the rows
//! stored since its last reading, with a minute's overlap for clocks and slow commits). A bearer call then reads
//! nothing from the database; a token signed out on another replica stops working there within that time.
use std::{
    collections::HashMap,
    sync::{Mutex, PoisonError},
    time::{Duration, Instant},
};

use crate::store::{Db, now_ms, revoked_tokens};

/// How far before the last reading the next one starts: a row stamped by a replica whose clock is behind, or
/// committed a moment after it was stamped, is still read.
const OVERLAP_MS: i64 = 60_000;

#[derive(Default)]
struct Held {
    /// `jti` → the token's expiry, epoch ms.
    revoked: HashMap<String, i64>,
    /// When the last reading started (epoch ms): the next one reads from there, less the overlap.
    read_from: Option<i64>,
    /// When the last reading ended: the next one is due `recheck` later.
    checked_at: Option<Instant>,
}

pub struct Revocations {
    recheck: Duration,
    held: Mutex<Held>,
}

impl Revocations {
    pub fn new(recheck: Duration) -> Self {
        Revocations { recheck, held: Mutex::default() }
    }

    fn held(&self) -> std::sync::MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether `jti` was signed out (and has not expired), on this replica or, as of the last reading, another.
    pub async fn is_revoked(&self, db: &Db, jti: &str) -> anyhow::Result<bool> {
        self.catch_up(db).await?;
        let now = now_ms();
        Ok(self.held().revoked.get(jti).is_some_and(|expires_at| *expires_at > now))
    }

    /// A logout on this replica: refused here at once.
    pub fn add(&self, jti: &str, expires_at: i64) {
        self.held().revoked.insert(jti.to_owned(), expires_at);
    }

    /// Reads the rows stored since the last reading when that is older than `recheck`; expired entries go.
    async fn catch_up(&self, db: &Db) -> anyhow::Result<()> {
        let since = {
            let held = self.held();
            if held.checked_at.is_some_and(|at| at.elapsed() < self.recheck) {
                return Ok(());
            }
            held.read_from.map_or(i64::MIN, |from| from - OVERLAP_MS)
        };
        let started = now_ms();
        let rows = revoked_tokens::revoked_since(db, since, started).await?;
        let mut held = self.held();
        held.revoked.retain(|_, expires_at| *expires_at > started);
        held.revoked.extend(rows);
        held.read_from = Some(held.read_from.map_or(started, |from| from.max(started)));
        held.checked_at = Some(Instant::now());
        Ok(())
    }
}
