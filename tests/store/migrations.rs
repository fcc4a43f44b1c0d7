//! Upgrades. A database an older release filled keeps every row through this build's migrations, and those only
//! add (tables, indexes, columns that are nullable or have a default, backfills of the columns they add): while
//! replicas roll, the previous release keeps reading and writing the schema the new one expanded.
use std::collections::BTreeMap;

use limoo_bff::{
    domain::payment::PaymentState,
    on_pool,
    store::{Db, diets, now_ms, orders, payments, points},
};
use limoo_tests::{TestDb, workspace_root};
use sqlx::{Row, migrate::Migrator};

/// The schema `tests/fixtures/schema-20261201100000.sql` was written for; nine migrations came after it.
const OLD_SCHEMA: i64 = 20_261_201_100_000;

async fn this_builds_migrations() -> Migrator {
    Migrator::new(workspace_root().join("bff/migrations")).await.expect("the migrations folder")
}

/// Every table's rows (each column cast to text, sorted), by table, over the columns the table has now.
async fn every_row(db: &Db) -> BTreeMap<String, (Vec<String>, Vec<Vec<Option<String>>>)> {
    let tables: Vec<String> = match db {
        Db::Sqlite(pool) => sqlx::query_scalar(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
             AND name <> '_sqlx_migrations'",
        )
        .fetch_all(pool)
        .await
        .expect("tables"),
        Db::Postgres(pool) => sqlx::query_scalar(
            "SELECT tablename::TEXT FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_sqlx_migrations'",
        )
        .fetch_all(pool)
        .await
        .expect("tables"),
    };
    let mut all = BTreeMap::new();
    for table in tables {
        let columns: Vec<String> = match db {
            Db::Sqlite(pool) => sqlx::query_scalar("SELECT name FROM pragma_table_info($1) ORDER BY cid")
                .bind(&table)
                .fetch_all(pool)
                .await
                .expect("columns"),
            Db::Postgres(pool) => sqlx::query_scalar(
                "SELECT column_name::TEXT FROM information_schema.columns \
                 WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position",
            )
            .bind(&table)
            .fetch_all(pool)
            .await
            .expect("columns"),
        };
        let rows = rows_of(db, &table, &columns).await;
        all.insert(table, (columns, rows));
    }
    all
}

async fn rows_of(db: &Db, table: &str, columns: &[String]) -> Vec<Vec<Option<String>>> {
    let cast: Vec<String> = columns.iter().map(|c| format!("CAST({c} AS TEXT)")).collect();
    let order: Vec<String> = (1..=columns.len()).map(|i| i.to_string()).collect();
    let sql = format!("SELECT {} FROM {table} ORDER BY {}", cast.join(", "), order.join(", "));
    on_pool!(db, pool => {
        let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await.expect("rows");
        rows.iter()
            .map(|row| (0..columns.len()).map(|i| row.try_get::<Option<String>, _>(i).expect("a text")).collect())
            .collect()
    })
}

#[tokio::test]
async fn an_upgrade_keeps_every_row_an_older_release_stored_and_this_build_reads_them() {
    let fixture = std::fs::read_to_string(workspace_root().join("tests/fixtures/schema-20261201100000.sql"))
        .expect("the older release's rows");
    for database in TestDb::every_backend().await.expect("test databases") {
        let db = Db::connect(&database.url).await.expect("connect");
        let older = this_builds_migrations().await;
        on_pool!(&db, pool => older.run_to(OLD_SCHEMA, pool).await).expect("the older schema");
        on_pool!(&db, pool => sqlx::raw_sql(sqlx::AssertSqlSafe(fixture.clone())).execute(pool).await.map(drop))
            .expect("the older release's rows");
        let before = every_row(&db).await;
        assert_eq!(before["payment"].1.len(), 3, "the fixture's payments are stored");
        assert_eq!(db.missing_migrations().await.expect("missing").len(), 11, "{}", db.backend());

        db.migrate().await.expect("the upgrade");

        assert!(db.missing_migrations().await.expect("missing").is_empty());
        for (table, (columns, rows)) in &before {
            assert_eq!(&rows_of(&db, table, columns).await, rows, "{table} changed on {}", db.backend());
        }
        let verified = payments::find(&db, 1000).await.expect("read").expect("the verified payment");
        assert_eq!(
            (verified.state, verified.amount, verified.ref_id.as_deref()),
            (PaymentState::Verified, 449_000, Some("vandar-ref-1"))
        );
        let asked = payments::find(&db, 1001).await.expect("read").expect("the unanswered payment");
        assert_eq!(asked.unanswered_at, Some(1_764_500_290_000), "asked before the column existed: unanswered");
        let refunded = payments::find(&db, 1002).await.expect("read").expect("the refunded payment");
        assert_eq!((refunded.state, refunded.refunded_by.as_deref()), (PaymentState::Refunded, Some("finance-1")));
        let mut tx = db.read().await.expect("a read");
        let order = orders::find_for_customer(&mut tx, 10, 1).await.expect("read").expect("the paid order");
        assert_eq!(order.id, 10);
        assert!(orders::is_paid(&mut tx, 10).await.expect("read"));
        assert_eq!(points::balance(&mut tx, 1, now_ms()).await.expect("read"), 4_900, "5,000 granted, 100 used");
        drop(tx);
        let diets = diets::customer_diets(&db, 1, now_ms()).await.expect("read");
        assert_eq!(diets.len(), 1, "the paid order's diet");
        db.close().await;
    }
}

#[tokio::test]
async fn a_previous_release_restarts_on_the_schema_a_newer_one_expanded() {
    for database in TestDb::every_backend().await.expect("test databases") {
        let db = Db::connect(&database.url).await.expect("connect");
        db.migrate().await.expect("this build's schema");
        // What the next release's first migration leaves in the table: a version this build does not know.
        let newer = "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
                     VALUES (99991231000000, 'a newer release', TRUE, $1, 0)";
        on_pool!(&db, pool => sqlx::query(newer).bind(vec![0_u8; 48]).execute(pool).await.map(drop)).expect("newer");
        db.migrate().await.expect("a replica of this build still starts");
        db.require_migrated().await.expect("and finds every migration it needs");
        db.close().await;
    }
}

#[tokio::test]
async fn without_migrating_on_start_a_database_behind_this_build_is_refused_until_bff_migrate_ran() {
    for database in TestDb::every_backend().await.expect("test databases") {
        let db = Db::connect(&database.url).await.expect("connect");
        let refused = db.require_migrated().await.expect_err("an empty database");
        assert!(refused.to_string().contains("bff migrate"), "{refused}");
        on_pool!(&db, pool => this_builds_migrations().await.run_to(OLD_SCHEMA, pool).await).expect("older");
        let refused = db.require_migrated().await.expect_err("ten migrations behind");
        assert!(refused.to_string().contains("lacks 11 of this build's migrations"), "{refused}");
        db.migrate().await.expect("bff migrate");
        db.require_migrated().await.expect("up to date");
        db.close().await;
    }
}

/// A statement a migration may hold: what an older release's code cannot trip over.
fn expands(statement: &str, added_here: &[String]) -> bool {
    let upper = statement.to_uppercase();
    let words: Vec<&str> = upper.split_whitespace().collect();
    match words.as_slice() {
        ["CREATE", "TABLE", ..] | ["CREATE", "INDEX", ..] | ["CREATE", "UNIQUE", "INDEX", ..] | ["INSERT", ..] => true,
        ["ALTER", "TABLE", _, "ADD", "COLUMN", ..] => !upper.contains("NOT NULL") || upper.contains("DEFAULT"),
        // A backfill writes only a column the same file adds: rows keep what they held.
        ["UPDATE", _, "SET", column, ..] => added_here.iter().any(|added| added.eq_ignore_ascii_case(column)),
        _ => false,
    }
}

#[test]
fn every_migration_only_expands_the_schema() {
    let folder = workspace_root().join("bff/migrations");
    let mut files: Vec<_> = std::fs::read_dir(&folder).expect("migrations").flatten().map(|e| e.path()).collect();
    files.sort();
    assert!(files.len() > 30, "{}", folder.display());
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a migration");
        let code: String =
            text.lines().map(|line| line.split("--").next().unwrap_or_default()).collect::<Vec<_>>().join("\n");
        let statements: Vec<&str> = code.split(';').map(str::trim).filter(|s| !s.is_empty()).collect();
        let added: Vec<String> = statements
            .iter()
            .filter_map(|s| {
                let words: Vec<&str> = s.split_whitespace().collect();
                (words.len() > 5 && words[3].eq_ignore_ascii_case("ADD")).then(|| words[5].to_owned())
            })
            .collect();
        for statement in statements {
            assert!(
                expands(statement, &added),
                "{} contracts the schema or changes stored rows, which the previous release may still need: {statement}\n\
                 Add first (a new column, a backfill of it); drop or rename only in a later release.",
                file.display()
            );
        }
    }
}

#[test]
fn the_expansion_rule_refuses_what_would_break_the_previous_release() {
    let none: &[String] = &[];
    for contracting in [
        "DROP TABLE payment",
        "ALTER TABLE payment DROP COLUMN failure",
        "ALTER TABLE payment RENAME COLUMN failure TO reason",
        "ALTER TABLE payment ADD COLUMN owner BIGINT NOT NULL",
        "UPDATE payment SET state = 'EXPIRED'",
        "DELETE FROM payment",
    ] {
        assert!(!expands(contracting, none), "{contracting}");
    }
    assert!(expands("ALTER TABLE diet ADD COLUMN moves BIGINT NOT NULL DEFAULT 0", none));
    assert!(expands("UPDATE diet SET earliest_start_at = starts_at", &["earliest_start_at".to_owned()]));
}
