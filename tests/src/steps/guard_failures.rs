//! `@ui` steps about failures on the way to a screen: a route guard's refused session and a screen whose code
//! chunk cannot be loaded.
use std::{path::Path, time::Duration};

use crate::params::Mobile;
use crate::{AppOptions, workspace_root};
use cucumber::{given, then};
use limoo_bff::{
    domain::mobile_number::IRAN,
    store::{Db, customers, now_ms},
};

use super::{LimooWorld, OrFail, OrFailAny};

/// Ends every sign-in of the customer on the server: verify then refuses the browser's refresh cookie.
#[given(expr = "اعتبار تمدید ورود مشتری {mobile} باطل شده است")]
async fn refresh_revoked(world: &mut LimooWorld, mobile: Mobile) {
    let db = world.app().db();
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

/// Copies `from` into `to`, folders included.
fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
}

/// Removes the copies earlier runs left (the BFF serves a copy for the whole scenario, so none is removed at its
/// end); an hour is far beyond any scenario that may still be serving one.
fn remove_stale_copies(folder: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    for entry in entries.flatten() {
        let age = entry.metadata().and_then(|m| m.modified()).ok().and_then(|t| t.elapsed().ok());
        if age.is_some_and(|age| age > Duration::from_secs(3600)) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// The shop serving a copy of the built web app (web/dist) from which the code chunk `{name}-{hash}.js` is gone,
/// as after a deployment replaced it while the page was open. The copy lives under target/, the build output.
#[given(expr = "فروشگاه برنامه وب را بدون فایل بخش {string} می‌دهد")]
async fn shop_without_chunk(world: &mut LimooWorld, chunk: String) {
    let root = workspace_root();
    let copies = root.join("target/cucumber-web");
    remove_stale_copies(&copies);
    let copy = copies.join(uuid::Uuid::new_v4().to_string());
    copy_tree(&root.join("web/dist"), &copy).or_fail_any("web/dist copied (build it with npm --prefix web run build)");
    let assets = copy.join("assets");
    let prefix = format!("{chunk}-");
    let mut removed = 0;
    for entry in std::fs::read_dir(&assets).or_fail_any("assets listed") {
        let name = entry.or_fail_any("asset").file_name().to_string_lossy().into_owned();
        if name.starts_with(&prefix) && name.ends_with(".js") {
            std::fs::remove_file(assets.join(&name)).or_fail_any("chunk removed");
            removed += 1;
        }
    }
    assert_eq!(removed, 1, "web/dist/assets should hold exactly one {prefix}*.js chunk");
    let options = AppOptions { web_dir: Some(copy), ..AppOptions::default() };
    world.start_app_with(options).await;
}

#[then(expr = "پیام بارگذاری نشدن صفحه {string} با دکمه {string} دیده می‌شود")]
async fn chunk_error_shown(world: &mut LimooWorld, message: String, button: String) {
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=chunk-load-error]", &message).await.or_fail("the chunk error message");
    browser.wait_for_text_in("[data-testid=chunk-load-reload]", &button).await.or_fail("the reload button");
}
