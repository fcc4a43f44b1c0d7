//! Persistence. One SQL dialect (the common subset of SQLite and PostgreSQL, `$1` placeholders) run
//! through the concrete sqlx driver of whichever backend `DATABASE_URL` names.
use std::{
    collections::HashMap,
    path::PathBuf,
    str::FromStr,
    sync::{Arc, LazyLock, Mutex, PoisonError, Weak},
    time::Duration,
};

use anyhow::Context;
use sqlx::{
    PgPool, SqlitePool,
    postgres::PgPoolOptions,
    sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous},
};

pub mod analytics;
pub mod customers;
pub mod demo;
pub mod diet_requests;
pub mod diet_team;
pub mod diets;
pub mod form_answers;
pub mod franchise;
pub mod gift_cards;
pub mod order_queue;
pub mod orders;
pub mod otp;
pub mod package_selections;
pub mod partner_sms;
pub mod payments;
pub mod perfect_body;
pub mod points;
pub mod products;
pub mod promotions;
pub mod refresh_tokens;
pub mod revoked_tokens;
pub mod sessions;
pub mod test_clock;
pub mod transfers;
pub mod wizard_configs;

/// This build's migrations. One the database holds and this build does not know is allowed: during a rolling
/// deploy the previous release's replicas restart on the schema the new release expanded (migrations only add, see
/// `tests/store/migrations.rs`).
static MIGRATOR: sqlx::migrate::Migrator =
    sqlx::migrate::Migrator { ignore_missing: true, ..sqlx::migrate!("./migrations") };

/// A connection pool on either backend; cheap to clone.
#[derive(Clone, Debug)]
pub enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs the same generic sqlx code on whichever pool `$db` holds (exported for the tests' and the bench's own SQL).
#[macro_export]
macro_rules! on_pool {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            $crate::store::Db::Sqlite($pool) => $body,
            $crate::store::Db::Postgres($pool) => $body,
        }
    };
}
pub use crate::on_pool;

/// A transaction on either backend; dropping it rolls back.
pub enum Tx {
    /// A write transaction also holds its file's writer turn (see [`writer_turn`]); a read one holds none.
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>, Option<tokio::sync::OwnedMutexGuard<()>>),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

/// How long a SQLite writer waits for its turn (and, in SQLite's busy handler, for another process's writer).
const WRITER_WAIT: Duration = Duration::from_secs(5);

/// SQLite lets one connection of a file write at a time. A second `BEGIN IMMEDIATE` would wait in SQLite's busy
/// handler, which sleeps 1, 2, 5 … 100 ms between tries: under load most of an order's time was that sleep, and
/// who got in next was luck. Write transactions on one file take turns here instead, first come first served,
/// woken the moment the writer before them ends. Keyed by file, so every pool on a file shares the turn; dead
/// entries are dropped as new files open (tests open hundreds).
fn writer_turn(pool: &SqlitePool) -> Arc<tokio::sync::Mutex<()>> {
    static TURNS: LazyLock<Mutex<HashMap<PathBuf, Weak<tokio::sync::Mutex<()>>>>> = LazyLock::new(Mutex::default);
    let file = pool.connect_options().get_filename().to_path_buf();
    let mut turns = TURNS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(turn) = turns.get(&file).and_then(Weak::upgrade) {
        return turn;
    }
    turns.retain(|_, turn| turn.strong_count() > 0);
    let turn = Arc::new(tokio::sync::Mutex::new(()));
    turns.insert(file, Arc::downgrade(&turn));
    turn
}

/// Runs the same generic sqlx code on the connection of whichever transaction `$tx` holds;
/// `$conn` is a `&mut` connection, so reborrow it (`&mut *conn`) for each query.
#[macro_export]
macro_rules! on_tx {
    ($tx:expr, $conn:ident => $body:expr) => {
        match $tx {
            $crate::store::Tx::Sqlite(tx, _) => {
                let $conn = &mut **tx;
                $body
            }
            $crate::store::Tx::Postgres(tx) => {
                let $conn = &mut **tx;
                $body
            }
        }
    };
}
pub use crate::on_tx;

impl Tx {
    pub async fn commit(self) -> anyhow::Result<()> {
        match self {
            Tx::Sqlite(tx, _turn) => tx.commit().await,
            Tx::Postgres(tx) => tx.commit().await,
        }
        .context("commit failed")
    }
}

/// Whether a failure says the database could not be reached, is restarting or kept every connection busy past
/// the pool's wait, rather than that a statement was wrong: the same call may succeed in a moment.
pub fn is_unavailable(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| match cause.downcast_ref::<sqlx::Error>() {
        Some(sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) | sqlx::Error::Tls(_)) => true,
        // PostgreSQL's classes 08 (connection exception) and 57P (shutting down, restarting, cannot connect now).
        Some(sqlx::Error::Database(e)) => {
            e.code().is_some_and(|code| code.starts_with("08") || code.starts_with("57P"))
        }
        _ => false,
    })
}

/// Whether a statement failed on a unique index (a concurrent writer won the race).
pub fn is_unique_violation(error: &sqlx::Error) -> bool {
    error.as_database_error().is_some_and(|e| e.is_unique_violation())
}

impl Db {
    /// Connects to `sqlite://…` (file and folder created when missing) or `postgres://…`.
    pub async fn connect(url: &str) -> anyhow::Result<Db> {
        Db::connect_at_most(url, None).await
    }

    /// [`Db::connect`] holding at most `max_connections` (PostgreSQL 10, SQLite 8 when `None`).
    pub async fn connect_at_most(url: &str, max_connections: Option<u32>) -> anyhow::Result<Db> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let pool = PgPoolOptions::new()
                .max_connections(max_connections.unwrap_or(10))
                // sqlx pings every connection it hands out: one more round trip per statement outside a transaction
                // (an order took ten). A connection the server dropped fails its next statement instead, once.
                .test_before_acquire(false)
                // While the server is restarting or out of reach, a call waits at most this long for a connection
                // before it is answered 503; a healthy pool hands one out in microseconds.
                .acquire_timeout(Duration::from_secs(2))
                .connect(url)
                .await
                .with_context(|| "cannot connect to PostgreSQL")?;
            return Ok(Db::Postgres(pool));
        }
        let options = SqliteConnectOptions::from_str(url)
            .with_context(|| format!("DATABASE_URL is neither postgres:// nor a valid sqlite:// URL: {url}"))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // In WAL mode NORMAL syncs at checkpoints, not at every commit: a crash of the process loses nothing, a
            // power cut may lose the last commits but never corrupts (SQLite's documented pairing for WAL).
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(WRITER_WAIT)
            .foreign_keys(true);
        if let Some(folder) = options.get_filename().parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
        }
        let pool = SqlitePoolOptions::new()
            .max_connections(max_connections.unwrap_or(8))
            // A file cannot hang up; the ping was one more trip through the connection's worker thread.
            .test_before_acquire(false)
            .connect_with(options)
            .await
            .with_context(|| format!("cannot open SQLite database {url}"))?;
        Ok(Db::Sqlite(pool))
    }

    /// A transaction that will write. SQLite's takes the write lock at once (`BEGIN IMMEDIATE`): a
    /// deferred one that reads first fails with SQLITE_BUSY instead of waiting when another writer
    /// commits in between. PostgreSQL's row locks and unique indexes order concurrent writers.
    pub async fn begin(&self) -> anyhow::Result<Tx> {
        Ok(match self {
            Db::Sqlite(pool) => {
                // As long as SQLite's own busy timeout: a writer stuck longer is a failure, not a queue.
                let turn = tokio::time::timeout(WRITER_WAIT, writer_turn(pool).lock_owned())
                    .await
                    .context("cannot begin: the database is busy")?;
                Tx::Sqlite(pool.begin_with("BEGIN IMMEDIATE").await.context("cannot begin")?, Some(turn))
            }
            Db::Postgres(pool) => Tx::Postgres(pool.begin().await.context("cannot begin")?),
        })
    }

    /// A read-only transaction: several reads that see one consistent state.
    pub async fn read(&self) -> anyhow::Result<Tx> {
        Ok(match self {
            Db::Sqlite(pool) => Tx::Sqlite(pool.begin().await.context("cannot begin")?, None),
            Db::Postgres(pool) => Tx::Postgres(
                pool.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY").await.context("cannot begin")?,
            ),
        })
    }

    /// Applies this build's migrations the database lacks. On PostgreSQL under an advisory lock and on SQLite in
    /// its write lock: replicas started at once take turns, and each finds the work done by the first.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        on_pool!(self, pool => MIGRATOR.run(pool).await).context("database migration failed")
    }

    /// This build's migrations the database has not applied, oldest first (all of them on an empty database).
    pub async fn missing_migrations(&self) -> anyhow::Result<Vec<i64>> {
        let exists = match self {
            Db::Sqlite(pool) => {
                sqlx::query_scalar::<_, i64>(
                    "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'",
                )
                .fetch_one(pool)
                .await?
            }
            Db::Postgres(pool) => {
                sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM pg_tables WHERE tablename = '_sqlx_migrations'")
                    .fetch_one(pool)
                    .await?
            }
        };
        let applied: Vec<i64> = if exists == 0 {
            Vec::new()
        } else {
            on_pool!(self, pool => sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success")
                .fetch_all(pool)
                .await)?
        };
        Ok(MIGRATOR.iter().map(|m| m.version).filter(|version| !applied.contains(version)).collect())
    }

    /// Refuses a database that lacks one of this build's migrations (`MIGRATE_ON_START=false`).
    pub async fn require_migrated(&self) -> anyhow::Result<()> {
        let missing = self.missing_migrations().await?;
        anyhow::ensure!(
            missing.is_empty(),
            "the database lacks {} of this build's migrations (the first is {}): run `bff migrate` before `bff serve`",
            missing.len(),
            missing[0]
        );
        Ok(())
    }

    /// A consistent copy of a SQLite database at `to` (which must not exist), made while writers go on: SQLite's
    /// `VACUUM INTO` reads one snapshot and writes it compacted. Its size in bytes. PostgreSQL is refused: its own
    /// tools (`pg_dump`) do this, and this process cannot write files on the database's machine.
    pub async fn back_up_to(&self, to: &std::path::Path) -> anyhow::Result<u64> {
        let Db::Sqlite(pool) = self else {
            anyhow::bail!("PostgreSQL is backed up with pg_dump --format=custom (docs/operations.md)")
        };
        anyhow::ensure!(!to.exists(), "{} exists already: a backup never overwrites a file", to.display());
        let path = to.to_str().with_context(|| format!("{} is not a UTF-8 path", to.display()))?;
        sqlx::query("VACUUM INTO $1").bind(path).execute(pool).await.context("the copy failed")?;
        Ok(std::fs::metadata(to)?.len())
    }

    /// The pool's connections now, for `/metrics`.
    pub fn pool_use(&self) -> PoolUse {
        on_pool!(self, pool => PoolUse {
            open: pool.size(),
            idle: u32::try_from(pool.num_idle()).unwrap_or(u32::MAX),
            max: pool.options().get_max_connections(),
        })
    }

    /// One round trip: true when the database answers.
    pub async fn ping(&self) -> bool {
        on_pool!(self, pool => sqlx::query("SELECT 1").execute(pool).await.is_ok())
    }

    pub fn backend(&self) -> &'static str {
        match self {
            Db::Sqlite(_) => "sqlite",
            Db::Postgres(_) => "postgres",
        }
    }

    pub async fn close(&self) {
        on_pool!(self, pool => pool.close().await)
    }
}

#[derive(Clone, Copy, Debug)]
pub struct PoolUse {
    pub open: u32,
    pub idle: u32,
    pub max: u32,
}

/// Milliseconds since the Unix epoch: the one time format stored, and the one clock the rules read. With the test
/// clock on, requests and sweeps read it ahead of real time by the clock's offset ([`test_clock`]).
pub fn now_ms() -> i64 {
    let real = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or_default();
    real.saturating_add(test_clock::offset_ms())
}
