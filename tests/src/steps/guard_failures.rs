//! `@ui` steps about failures on the way to a screen: a route guard's refused session.
use cucumber::{given, then};
use limoo_bff::{
    domain::mobile_number::IRAN,
    store::{Db, customers, now_ms},
};

use super::{LimooWorld, OrFail, OrFailAny};

/// Ends every sign-in of the customer on the server: verify then refuses the browser's refresh cookie.
#[given(expr = "اعتبار تمدید ورود مشتری {string} باطل شده است")]
async fn refresh_revoked(world: &mut LimooWorld, mobile: String) {
    let db = &world.app().db;
    let number = limoo_bff::auth::parse_mobile(&mobile, IRAN).or_fail_any("valid number");
    let customer = customers::find_by_mobile(db, &number).await.or_fail("customer read").expect("registered");
    let sql = "UPDATE refresh_token SET revoked_at = $1 WHERE customer_id = $2 AND revoked_at IS NULL";
    let revoked = match db {
        Db::Sqlite(pool) => {
            sqlx::query(sql).bind(now_ms()).bind(customer.id).execute(pool).await.map(|r| r.rows_affected())
        }
        Db::Postgres(pool) => {
            sqlx::query(sql).bind(now_ms()).bind(customer.id).execute(pool).await.map(|r| r.rows_affected())
        }
    }
    .or_fail_any("refresh credentials revoked");
    assert!(revoked > 0, "{mobile} held no refresh credential to revoke");
}

#[then("صفحه خروج دیده می‌شود")]
async fn logout_page_shown(world: &mut LimooWorld) {
    world.browser().await.texts("[data-testid=logout-page]").await.or_fail("the logout page");
}
