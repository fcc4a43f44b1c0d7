//! A fresh database per test: a temporary SQLite file, or a uuid-named PostgreSQL database that is
//! dropped again when the test ends. Whole-app tests get theirs as a copy of a template made once per test
//! process (migrated, with the demo catalogue or without): migrating and loading the catalogue for every scenario
//! cost half a second each, most of a Gherkin API scenario's time.
use std::path::{Path, PathBuf};

use anyhow::Context;
use limoo_bff::store::{Db, demo};
use sqlx::{Connection, PgConnection};
use tokio::sync::OnceCell;

/// Admin URL of a PostgreSQL server that may create databases, e.g. postgres://postgres@127.0.0.1:5432/postgres.
pub const POSTGRES_ENV: &str = "TEST_DATABASE_URL";
/// `postgres` makes whole-app tests (API, cucumber) run on PostgreSQL instead of SQLite.
pub const BACKEND_ENV: &str = "TEST_BACKEND";

#[derive(Debug)]
enum Cleanup {
    SqliteFile(PathBuf),
    PostgresDatabase { admin_url: String, name: String },
}

#[derive(Debug)]
pub struct TestDb {
    pub url: String,
    cleanup: Cleanup,
}

impl TestDb {
    pub fn sqlite() -> TestDb {
        let path = std::env::temp_dir().join(format!("limoo-test-{}.db", uuid::Uuid::new_v4().simple()));
        TestDb { url: format!("sqlite://{}", path.display()), cleanup: Cleanup::SqliteFile(path) }
    }

    pub async fn postgres(admin_url: &str) -> anyhow::Result<TestDb> {
        let name = test_database_name();
        create_postgres_database(admin_url, &name, None).await?;
        Ok(TestDb::postgres_named(admin_url, name))
    }

    fn postgres_named(admin_url: &str, name: String) -> TestDb {
        TestDb {
            url: with_database(admin_url, &name),
            cleanup: Cleanup::PostgresDatabase { admin_url: admin_url.into(), name },
        }
    }

    /// A migrated database on the backend whole-app tests use (PostgreSQL when `TEST_BACKEND=postgres`, else
    /// SQLite), holding `service`'s demo catalogue when one is given.
    pub async fn for_app(demo_catalogue: Option<&str>) -> anyhow::Result<TestDb> {
        let seed = Seed { demo_catalogue };
        if std::env::var(BACKEND_ENV).is_ok_and(|b| b == "postgres") {
            let admin =
                std::env::var(POSTGRES_ENV).with_context(|| format!("{BACKEND_ENV}=postgres needs {POSTGRES_ENV}"))?;
            let template = PG_TEMPLATES[seed.slot()].get_or_try_init(|| postgres_template(&admin, seed)).await?;
            let name = test_database_name();
            create_postgres_database(&admin, &name, Some(template)).await?;
            Ok(TestDb::postgres_named(&admin, name))
        } else {
            let template = SQLITE_TEMPLATES[seed.slot()].get_or_try_init(|| sqlite_template(seed)).await?;
            let test = TestDb::sqlite();
            if let Cleanup::SqliteFile(path) = &test.cleanup {
                std::fs::copy(template, path).context("cannot copy the template database")?;
            }
            Ok(test)
        }
    }

    /// SQLite always, PostgreSQL too when `TEST_DATABASE_URL` is set: store tests run on each.
    pub async fn every_backend() -> anyhow::Result<Vec<TestDb>> {
        let mut all = vec![TestDb::sqlite()];
        if let Ok(admin) = std::env::var(POSTGRES_ENV) {
            all.push(TestDb::postgres(&admin).await?);
        }
        Ok(all)
    }
}

/// What a whole-app test's database holds before the test starts.
#[derive(Debug, Clone, Copy)]
struct Seed<'a> {
    demo_catalogue: Option<&'a str>,
}

impl Seed<'_> {
    fn slot(self) -> usize {
        usize::from(self.demo_catalogue.is_some())
    }

    async fn apply(self, db: &Db) -> anyhow::Result<()> {
        db.migrate().await?;
        if let Some(service) = self.demo_catalogue {
            demo::load_if_empty(db, service).await?;
        }
        Ok(())
    }
}

/// This process's templates, one per [`Seed::slot`].
static SQLITE_TEMPLATES: [OnceCell<PathBuf>; 2] = [OnceCell::const_new(), OnceCell::const_new()];
static PG_TEMPLATES: [OnceCell<String>; 2] = [OnceCell::const_new(), OnceCell::const_new()];

/// Templates and PostgreSQL test databases are named after the process that made them, so a later process can
/// remove those left behind: a test database is dropped in the background and the process may end first.
const TEMPLATE_PREFIX: &str = "limoo_template_";
const TEST_PREFIX: &str = "limoo_test_";

fn template_name(seed: Seed) -> String {
    format!("{TEMPLATE_PREFIX}{}_{}", std::process::id(), seed.slot())
}

fn test_database_name() -> String {
    format!("{TEST_PREFIX}{}_{}", std::process::id(), uuid::Uuid::new_v4().simple())
}

/// A template or test database whose maker is no longer running (`<prefix><pid>_…`).
fn is_orphan(name: &str) -> bool {
    let pid = [TEMPLATE_PREFIX, TEST_PREFIX]
        .iter()
        .find_map(|prefix| name.strip_prefix(prefix))
        .and_then(|rest| rest.split(['_', '.']).next());
    pid.and_then(|pid| pid.parse::<u32>().ok())
        .is_some_and(|pid| pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists())
}

/// A migrated (and seeded) SQLite file, written whole as `bff backup` writes one, so that a plain file copy is a
/// database.
async fn sqlite_template(seed: Seed<'_>) -> anyhow::Result<PathBuf> {
    let folder = std::env::temp_dir();
    if let Ok(entries) = std::fs::read_dir(&folder) {
        for entry in entries.flatten() {
            if entry.file_name().to_str().is_some_and(is_orphan) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    let path = folder.join(format!("{}.db", template_name(seed)));
    let _ = std::fs::remove_file(&path);
    let scratch = TestDb::sqlite();
    let db = Db::connect(&scratch.url).await?;
    seed.apply(&db).await?;
    db.back_up_to(&path).await?;
    db.close().await;
    Ok(path)
}

/// A migrated (and seeded) PostgreSQL database to copy with `CREATE DATABASE … TEMPLATE`; it must have no
/// connections left, so its pool is closed before anyone copies it.
async fn postgres_template(admin_url: &str, seed: Seed<'_>) -> anyhow::Result<String> {
    let mut admin = PgConnection::connect(admin_url).await?;
    let names: Vec<String> =
        sqlx::query_scalar("SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname LIKE $2")
            .bind(format!("{TEMPLATE_PREFIX}%"))
            .bind(format!("{TEST_PREFIX}%"))
            .fetch_all(&mut admin)
            .await?;
    for orphan in names.iter().filter(|name| is_orphan(name)) {
        let sql = format!("DROP DATABASE IF EXISTS \"{orphan}\" WITH (FORCE)");
        sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut admin).await?;
    }
    let name = template_name(seed);
    let sql = format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)");
    sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut admin).await?;
    create_postgres_database(admin_url, &name, None).await?;
    let db = Db::connect(&with_database(admin_url, &name)).await?;
    seed.apply(&db).await?;
    db.close().await;
    Ok(name)
}

async fn create_postgres_database(admin_url: &str, name: &str, template: Option<&str>) -> anyhow::Result<()> {
    let mut admin =
        PgConnection::connect(admin_url).await.with_context(|| format!("cannot reach PostgreSQL at {admin_url}"))?;
    let sql = match template {
        Some(template) => format!("CREATE DATABASE \"{name}\" TEMPLATE \"{template}\""),
        None => format!("CREATE DATABASE \"{name}\""),
    };
    sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut admin).await?;
    Ok(())
}

/// Replaces the database name of a postgres URL, keeping credentials, host and query.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[scheme_end..].find('/').map_or(base.len(), |i| scheme_end + i);
    let mut out = format!("{}/{name}", &base[..host_end]);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    out
}

impl Drop for TestDb {
    fn drop(&mut self) {
        match &self.cleanup {
            Cleanup::SqliteFile(path) => {
                for suffix in ["", "-wal", "-shm"] {
                    let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
                }
            }
            Cleanup::PostgresDatabase { admin_url, name } => {
                let (admin_url, name) = (admin_url.clone(), name.clone());
                // In the background: DROP DATABASE waits for a checkpoint, which made the PostgreSQL Gherkin pass's
                // scenarios wait on each other's teardown (70 s of its 100 s). Its own thread and runtime, since
                // Drop runs inside the test's runtime. What the process leaves when it ends, the next one removes
                // ([`is_orphan`]).
                std::thread::spawn(move || {
                    let dropped = tokio::runtime::Builder::new_current_thread().enable_all().build().map(|runtime| {
                        runtime.block_on(async {
                            let mut admin = PgConnection::connect(&admin_url).await?;
                            let sql = format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)");
                            sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut admin).await?;
                            anyhow::Ok(())
                        })
                    });
                    if !matches!(dropped, Ok(Ok(()))) {
                        eprintln!("warning: test database {name} was not dropped");
                    }
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::with_database;

    #[test]
    fn database_name_is_replaced() {
        assert_eq!(
            with_database("postgres://postgres@127.0.0.1:5432/postgres", "t1"),
            "postgres://postgres@127.0.0.1:5432/t1"
        );
        assert_eq!(with_database("postgres://u:p@h/db?sslmode=disable", "t1"), "postgres://u:p@h/t1?sslmode=disable");
        assert_eq!(with_database("postgres://h:5432", "t1"), "postgres://h:5432/t1");
    }
}
