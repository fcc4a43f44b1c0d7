//! A fresh database per test: a temporary SQLite file, or a uuid-named PostgreSQL database that is
//! dropped again when the test ends.
use std::path::PathBuf;

use anyhow::Context;
use sqlx::{Connection, PgConnection};

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
        let name = format!("limoo_test_{}", uuid::Uuid::new_v4().simple());
        let mut admin = PgConnection::connect(admin_url)
            .await
            .with_context(|| format!("cannot reach PostgreSQL at {admin_url}"))?;
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE \"{name}\""))).execute(&mut admin).await?;
        Ok(TestDb {
            url: with_database(admin_url, &name),
            cleanup: Cleanup::PostgresDatabase { admin_url: admin_url.into(), name },
        })
    }

    /// The backend whole-app tests use: PostgreSQL when `TEST_BACKEND=postgres`, else SQLite.
    pub async fn for_app() -> anyhow::Result<TestDb> {
        if std::env::var(BACKEND_ENV).is_ok_and(|b| b == "postgres") {
            let admin =
                std::env::var(POSTGRES_ENV).with_context(|| format!("{BACKEND_ENV}=postgres needs {POSTGRES_ENV}"))?;
            TestDb::postgres(&admin).await
        } else {
            Ok(TestDb::sqlite())
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
                // Drop runs inside the test's runtime; a separate thread with its own runtime can block.
                let dropped = std::thread::spawn(move || {
                    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
                    runtime.block_on(async {
                        let mut admin = PgConnection::connect(&admin_url).await?;
                        let sql = format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)");
                        sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut admin).await?;
                        anyhow::Ok(())
                    })
                })
                .join();
                if !matches!(dropped, Ok(Ok(()))) {
                    eprintln!("warning: test database {} was not dropped", self.url);
                }
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
