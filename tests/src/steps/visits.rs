//! Visit sessions and analytics events: what the app records on the BFF for this browser session.
use std::time::Duration;

use crate::{AnalyticsRow, browser::poll_for};
use cucumber::{given, then, when};
use limoo_bff::store::Db;

use super::LimooWorld;

impl LimooWorld {
    /// Waits until an analytics event of this session satisfies `wanted`, and returns it.
    async fn wait_for_event(&mut self, what: &str, wanted: impl Fn(&AnalyticsRow) -> bool) -> AnalyticsRow {
        let id = self.session_id().await;
        let app = self.app();
        let found = poll_for(Duration::from_secs(10), || async {
            Ok(app.analytics_events(&id).await.into_iter().find(|e| wanted(e)))
        })
        .await;
        match found {
            Ok(event) => event,
            Err(_) => {
                let seen: Vec<String> = app
                    .analytics_events(&id)
                    .await
                    .iter()
                    .map(|e| format!("{} {}", e.action, e.label.as_deref().unwrap_or("")))
                    .collect();
                panic!("no {what} among {seen:?}")
            }
        }
    }
}

/// Every stored analytics event named `action`, whatever its session (a failed session create has none).
async fn events_named(db: &Db, action: &str) -> Vec<AnalyticsRow> {
    let sql = "SELECT action, category, label, user_id, service, meta FROM analytics_event WHERE action = $1";
    match db {
        Db::Sqlite(pool) => sqlx::query_as(sql).bind(action).fetch_all(pool).await,
        Db::Postgres(pool) => sqlx::query_as(sql).bind(action).fetch_all(pool).await,
    }
    .expect("analytics events read")
}

/// The error event the app sends for a failed session call: category `error`, the failure's message as label.
fn is_error_event(event: &AnalyticsRow) -> bool {
    event.category == "error" && event.label.as_deref().is_some_and(|label| !label.is_empty())
}

#[given("جدول جلسه‌های بازدید فروشگاه از دست رفته است")]
async fn sessions_table_lost(world: &mut LimooWorld) {
    world.app().execute_sql("DROP TABLE visit_session").await;
}

#[when("جلسه بازدید این مرورگر در فروشگاه پاک می‌شود")]
async fn session_row_deleted(world: &mut LimooWorld) {
    let id = world.session_id().await;
    let sql = "DELETE FROM visit_session WHERE visit_session_id = $1";
    match world.app().db() {
        Db::Sqlite(pool) => sqlx::query(sql).bind(&id).execute(pool).await.map(|_| ()),
        Db::Postgres(pool) => sqlx::query(sql).bind(&id).execute(pool).await.map(|_| ()),
    }
    .expect("session deleted");
}

#[then(expr = "رویداد خطای {string} با پیام شکست ثبت شده است")]
async fn error_event_recorded(world: &mut LimooWorld, action: String) {
    let db = world.app().db().clone();
    let found = poll_for(Duration::from_secs(10), || async {
        Ok(events_named(&db, &action).await.into_iter().find(is_error_event))
    })
    .await;
    let seen = events_named(&db, &action).await;
    assert!(found.is_ok(), "no {action} error event: {seen:?}");
}

#[then(expr = "رویداد خطای {string} با پیام شکست برای این جلسه ثبت شده است")]
async fn session_error_event_recorded(world: &mut LimooWorld, action: String) {
    world.wait_for_event(&action, |e| e.action == action && is_error_event(e)).await;
}

#[then("جلسه بازدید ساخته و در حافظه جلسه ذخیره شده است")]
async fn visit_session_created(world: &mut LimooWorld) {
    let id = world.session_id().await;
    let row = limoo_bff::store::sessions::find(world.app().db(), &id).await.expect("query");
    assert!(row.is_some(), "no visit session {id} in the database");
}

#[then(expr = "رویداد {string} برای این جلسه ثبت شده است")]
async fn event_recorded(world: &mut LimooWorld, action: String) {
    world.wait_for_event(&action, |e| e.action == action).await;
}

#[then(expr = "بازدید صفحه {string} برای این جلسه ثبت شده است")]
async fn page_view_recorded(world: &mut LimooWorld, path: String) {
    let what = format!("page_view of {path}");
    world.wait_for_event(&what, |e| e.action == "page_view" && e.label.as_deref() == Some(path.as_str())).await;
}

#[then(expr = "بازدید صفحه {string} برای این جلسه ثبت نشده است")]
async fn page_view_not_recorded(world: &mut LimooWorld, path: String) {
    let id = world.session_id().await;
    let views: Vec<String> = world
        .app()
        .analytics_events(&id)
        .await
        .into_iter()
        .filter(|e| e.action == "page_view")
        .filter_map(|e| e.label)
        .collect();
    assert!(!views.contains(&path), "{path} was recorded as a page view: {views:?}");
}

#[then(expr = "رویداد {string} با دسته {string}، سرویس {string}، شناسه مشتری و شناسه جلسه ثبت شده است")]
async fn event_fields(world: &mut LimooWorld, action: String, category: String, service: String) {
    let token = world.stored_token().await;
    let claims = world.app().tokens().verify(&token).expect("the stored token is the BFF's");
    let customer = claims.customer_id().expect("numeric sub").to_string();
    // The customer's event, not one the same tab sent before the token was stored (the sign-in step's `/logout`
    // page view carries no userId, and reaches the session when the session is made first): with no event
    // holding the token's sub, this waits and fails.
    let what = format!("{action} with userId {customer} (the token's sub)");
    let event = world.wait_for_event(&what, |e| e.action == action && e.user_id.as_deref() == Some(&customer)).await;
    assert_eq!(event.category, category);
    assert_eq!(event.service.as_deref(), Some(service.as_str()));
}

#[then(expr = "رویداد {string} ارز {string} را در meta دارد")]
async fn event_currency(world: &mut LimooWorld, action: String, currency: String) {
    let event = world.wait_for_event(&action, |e| e.action == action).await;
    let meta: serde_json::Value = serde_json::from_str(&event.meta).expect("meta is JSON");
    assert_eq!(meta["currency"], currency.as_str(), "meta: {meta}");
}

#[then("جلسه بازدید پس از ساخته شدن تغییری نکرده است")]
async fn session_not_patched(world: &mut LimooWorld) {
    let id = world.session_id().await;
    let (created, updated) = world.app().session_times(&id).await.expect("session stored");
    assert_eq!(created, updated, "session {id} was patched");
}

#[then(expr = "جلسه بازدید با {string} برابر {string} به‌روز شده است")]
async fn session_patched_with(world: &mut LimooWorld, field: String, value: String) {
    let id = world.session_id().await;
    let app = world.app();
    let patched = poll_for(Duration::from_secs(10), || async {
        let row = limoo_bff::store::sessions::find(app.db(), &id).await?.expect("session stored");
        let (created, updated) = app.session_times(&id).await.expect("session stored");
        let utm: serde_json::Value = serde_json::from_str(&row.utm).unwrap_or_default();
        let meta: serde_json::Value = serde_json::from_str(&row.meta).unwrap_or_default();
        let holds = utm[&field] == value.as_str() || meta[&field] == value.as_str();
        Ok((holds && updated > created).then_some(()))
    })
    .await;
    assert!(patched.is_ok(), "session {id} was never patched with {field}={value}");
}
