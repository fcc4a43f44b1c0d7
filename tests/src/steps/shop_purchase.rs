//! `@ui` steps for buying from the package pages: the network-error section, the mentor add-on's messages, the
//! back buttons, the order-from-product-ids page, and in-page navigation and answers the browser receives.
use crate::params::{Mobile, Product};
use cucumber::{then, when};
use std::time::Duration;

use limoo_bff::store::Db;

use super::{LimooWorld, OrFail, OrFailAny};
use crate::browser::poll_for;

const NETWORK_ERROR: &str = "[data-testid=network-error]";
/// `performance.now()` when the order-from-product-ids page first rendered its waiting line, noted by a
/// MutationObserver in the page, so the figure does not depend on when the test's polls happen to run.
const PENDING_SEEN: &str = "window.__limooCreateOrderPendingSeen";

impl LimooWorld {
    /// Runs one statement with a product id on this shop's database (arranging catalogue changes).
    async fn update_product(&self, sql: &'static str, product: i64) {
        match self.app().db() {
            Db::Sqlite(pool) => sqlx::query(sql).bind(product).execute(pool).await.map(|_| ()),
            Db::Postgres(pool) => sqlx::query(sql).bind(product).execute(pool).await.map(|_| ()),
        }
        .expect("product updated");
        limoo_bff::store::products::catalogue_changed(self.app().db()).await.expect("catalogue version moved");
    }
}

/// An in-app navigation (the hash changes, the page is not loaded again), as a link in the app would do; done when
/// the new route is on screen, since a second navigation while this one loads would keep the old page mounted.
#[when(expr = "مشتری در همین صفحه به {string} می‌رود")]
async fn navigate_in_app(world: &mut LimooWorld, route: String) {
    let script = format!("window.location.hash = {:?};", format!("#{route}"));
    let browser = world.browser().await;
    browser.execute(&script).await.or_fail("navigated");
    browser.wait_for_route_on_screen().await.or_fail("route on screen");
}

/// From now on the page's calls to `path` get this JSON body with status 200 instead of the BFF's answer.
#[when(expr = "پاسخ سرور به {string} بدنه {string} است")]
async fn server_answers(world: &mut LimooWorld, path: String, body: String) {
    let answer = format!(
        "Promise.resolve(new Response({body:?}, {{ status: 200, headers: {{ 'Content-Type': 'application/json' }} }}))"
    );
    world.browser().await.intercept_fetch(&path, &answer).await.or_fail("fetch answered");
}

#[when(expr = "محصول {product} در فروشگاه غیرفعال می‌شود")]
async fn product_disabled(world: &mut LimooWorld, product: Product) {
    world.update_product("UPDATE product SET is_enabled = 0 WHERE product_id = $1", *product).await;
}

#[then("بخش خطای اتصال با دکمه تلاش مجدد دیده می‌شود")]
async fn network_error_shown(world: &mut LimooWorld) {
    let browser = world.browser().await;
    let texts = browser.texts(NETWORK_ERROR).await.or_fail("network-error section");
    for expected in ["خطا در اتصال به اینترنت", "لطفا اتصال خود با اینترنت را چک کنید!"]
    {
        assert!(texts.iter().any(|t| t.contains(expected)), "the section lacks {expected:?}: {texts:?}");
    }
    let retry = format!("{NETWORK_ERROR} [data-testid=network-error-retry]");
    browser.wait_for_text_in(&retry, "تلاش مجدد").await.or_fail("retry button");
}

#[then("بخش خطای اتصال دیده نمی‌شود")]
async fn network_error_hidden(world: &mut LimooWorld) {
    world.browser().await.wait_for_absence(NETWORK_ERROR).await.or_fail("no network-error section");
}

#[when("مشتری دکمه تلاش مجدد بخش خطای اتصال را می‌زند")]
async fn press_network_retry(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=network-error-retry]").await.or_fail("retry clickable");
}

/// The shop's database goes away while the page is open: the next calls that need it fail.
#[when("پایگاه داده فروشگاه از دسترس خارج می‌شود")]
async fn database_goes_down(world: &mut LimooWorld) {
    world.app().db().close().await;
}

#[when("مشتری کلید همراه شخصی را روشن می‌کند")]
async fn turn_mentor_on(world: &mut LimooWorld) {
    let browser = world.browser().await;
    // The mentor list is asked for when the popup opens; the switch is busy until it answers.
    browser.texts("[data-testid=mentor-switch]:not([aria-busy=true])").await.or_fail("mentor switch ready");
    browser.click("[data-testid=mentor-switch]").await.or_fail("mentor switch clickable");
}

#[then(expr = "پیام همراه شخصی {string} است")]
async fn mentor_message(world: &mut LimooWorld, message: String) {
    world.browser().await.wait_for_text_in("[data-testid=mentor-message]", &message).await.or_fail("mentor message");
}

#[then("کلید همراه شخصی خاموش است")]
async fn mentor_switch_off(world: &mut LimooWorld) {
    world.wait_for_flag("[data-testid=mentor-switch]", "checked", false).await;
}

#[when("مشتری دکمه بازگشت صفحه انتخاب دوره را می‌زند")]
async fn press_select_package_back(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.texts("[data-testid=product-card]").await.or_fail("page loaded");
    browser.click("[data-testid=select-package-back]").await.or_fail("back button clickable");
}

#[when("مشتری دکمه بازگشت بسته‌های همکاران را می‌زند")]
async fn press_partner_back(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=partner-bundle-back]").await.or_fail("back button clickable");
}

#[when(expr = "مشتری صفحه ساخت سفارش {string} را باز می‌کند")]
async fn open_create_order_page(world: &mut LimooWorld, route: String) {
    world.ensure_app_loaded().await;
    let script = format!(
        "{PENDING_SEEN} = null; \
         const note = () => {{ \
           if ({PENDING_SEEN} === null && document.querySelector('[data-testid=create-order-pending]')) \
             {PENDING_SEEN} = performance.now(); \
         }}; \
         new MutationObserver(note).observe(document.body, {{ childList: true, subtree: true }}); \
         window.location.hash = arguments[0];"
    );
    let browser = world.browser().await;
    browser.client.execute(&script, vec![route.into()]).await.or_fail_any("route opened");
    poll_for(Duration::from_secs(10), || async {
        let seen = browser.execute(&format!("return {PENDING_SEEN};")).await?;
        Ok(seen.as_f64())
    })
    .await
    .or_fail("the page waits before ordering");
}

/// Both times are the page's own (`performance.now()` and the order request's resource timing), so a slow
/// WebDriver round trip cannot shorten or stretch the measured wait.
#[then(expr = "سفارش دست‌کم {int} میلی‌ثانیه پس از نمایش صفحه ساخت سفارش ساخته شده است")]
async fn order_made_after_delay(world: &mut LimooWorld, at_least: i64) {
    world.order_in_session().await;
    let script = format!(
        "const seen = {PENDING_SEEN}; \
         const sent = performance.getEntriesByType('resource') \
           .filter(e => new URL(e.name).pathname === '/lemonade/api/orders' && e.startTime >= seen) \
           .map(e => e.startTime); \
         return sent.length === 0 ? null : Math.round(sent[0] - seen);"
    );
    let waited = world.browser().await.execute(&script).await.or_fail("times read");
    let waited = waited.as_i64().expect("the order request is in the page's resource timing");
    assert!(waited >= at_least, "order requested {waited} ms after the page showed it was waiting");
}

#[then(expr = "مشتری {mobile} دقیقا {int} سفارش دارد")]
async fn order_count(world: &mut LimooWorld, mobile: Mobile, count: usize) {
    let token = world.token_of(&mobile).await;
    let (status, orders) = world.app().api(&token).list_orders().await;
    assert_eq!(status, 200, "orders list: {orders}");
    let found = orders.as_array().map_or(0, Vec::len);
    assert_eq!(found, count, "orders: {orders}");
}

#[then(expr = "مشتری {mobile} هیچ سفارشی ندارد")]
async fn no_orders(world: &mut LimooWorld, mobile: Mobile) {
    order_count(world, mobile, 0).await;
}
