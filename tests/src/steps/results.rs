//! `@ui` steps around the questionnaire results and the shop step: calls the page makes (counted or recorded in the
//! browser while they still reach the real BFF, or failed there on purpose) and the send-status notice.
use std::time::Duration;

use crate::browser::{Browser, poll_for};
use cucumber::{given, then, when};
use serde_json::Value;

use super::{LimooWorld, OrFail, OrFailAny};

/// Window property holding, per URL fragment, how many calls the page made since the step started watching.
const TRIES: &str = "window.__limooTries";
/// Window property holding the products calls the page made: address and Authorization header.
const PRODUCT_CALLS: &str = "window.__limooProductCalls";
const PRODUCTS: &str = "/lemonade/api/products";

impl LimooWorld {
    /// Navigates inside the loaded app (a hash change, not a new document), so fetch interceptions stay in place.
    async fn go_in_app(&mut self, route: &str) {
        self.ensure_app_loaded().await;
        let script = format!("window.location.hash = {:?};", format!("#{route}"));
        self.browser().await.execute(&script).await.or_fail("navigated in the app");
    }
}

/// The calls the page made to URLs containing `fragment` since its interception was installed.
async fn tries(browser: &Browser, fragment: &str) -> u64 {
    let script = format!("return ({TRIES} || {{}})[{fragment:?}] || 0;");
    browser.execute(&script).await.or_fail("call count read").as_u64().unwrap_or_default()
}

#[given(expr = "نخستین {int} درخواست {string} بدون پاسخ از سرور شکست می‌خورد")]
async fn first_calls_fail(world: &mut LimooWorld, failures: u64, fragment: String) {
    world.ensure_app_loaded().await;
    // Counts every call; the first `failures` fail as a lost network would, the later ones reach the BFF.
    let answer = format!(
        "((({TRIES} = {TRIES} || {{}})[{fragment:?}] = ({TRIES}[{fragment:?}] || 0) + 1) <= {failures} \
         ? Promise.reject(new TypeError('Failed to fetch')) : real(input, init))"
    );
    world.browser().await.intercept_fetch(&fragment, &answer).await.or_fail("fetch intercepted");
}

#[when(expr = "بازدیدکننده درون برنامه به صفحه {string} می‌رود")]
async fn go_to(world: &mut LimooWorld, route: String) {
    world.go_in_app(&route).await;
}

#[then(expr = "برنامه {int} بار درخواست {string} را فرستاده است")]
async fn calls_made(world: &mut LimooWorld, expected: u64, fragment: String) {
    let browser = world.browser().await;
    let seen = tries(browser, &fragment).await;
    assert_eq!(seen, expected, "calls to {fragment}");
}

/// The quiz pages' notice about the last answers send: `kept` (to send again) or `rejected`, with its failure code.
#[then(expr = "ارسال پاسخ‌ها در وضعیت {string} با کد {string} است")]
async fn send_status(world: &mut LimooWorld, state: String, code: String) {
    let css = format!("[data-testid=send-status][data-state=\"{state}\"]");
    let browser = world.browser().await;
    browser.wait_for_text_in(&css, "").await.or_fail("send notice shown");
    let shown = browser.attribute(&css, "data-code").await.or_fail("send notice read");
    assert_eq!(shown.as_deref(), Some(code.as_str()));
}

// --- the shop step's catalogue call ----------------------------------------------------------------------------

#[when(expr = "مشتری صفحه {string} را باز می‌کند و درخواست‌های محصولات دیده می‌شوند")]
async fn open_watching_products(world: &mut LimooWorld, route: String) {
    world.ensure_app_loaded().await;
    // Records each products call as it leaves the page and lets it go on to the BFF.
    let answer = format!(
        "(({PRODUCT_CALLS} = {PRODUCT_CALLS} || []).push({{ url: String(input && input.url ? input.url : input), \
         auth: input instanceof Request ? input.headers.get('Authorization') : null }}), real(input, init))"
    );
    world.browser().await.intercept_fetch(PRODUCTS, &answer).await.or_fail("products calls watched");
    world.go_in_app(&route).await;
}

/// The first products call of the page: its `where` filter, `utmCampaign` and Authorization header.
async fn first_products_call(world: &mut LimooWorld) -> (Value, Option<String>, Option<String>) {
    let browser = world.browser().await;
    let call = poll_for(Duration::from_secs(10), || async {
        let calls = browser.execute(&format!("return {PRODUCT_CALLS} || [];")).await?;
        Ok(calls.as_array().and_then(|calls| calls.first().cloned()))
    })
    .await
    .or_fail("the page never asked for products");
    let url = reqwest::Url::parse(call["url"].as_str().expect("a call address")).or_fail_any("products call address");
    let query = |name: &str| url.query_pairs().find(|(key, _)| key == name).map(|(_, value)| value.into_owned());
    let filter = serde_json::from_str(&query("where").expect("a where filter")).expect("the filter is JSON");
    (filter, query("utmCampaign"), call["auth"].as_str().map(str::to_owned))
}

#[then(expr = "درخواست محصولات فقط محصولات فعال سرویس {string} با برچسب {string} را می‌خواهد")]
async fn products_filter(world: &mut LimooWorld, service: String, tag: String) {
    let (filter, _, _) = first_products_call(world).await;
    assert_eq!(filter, serde_json::json!({ "service": service, "isEnabled": true, "meta.tags": tag }));
}

#[then(expr = "درخواست محصولات کمپین {string} را می‌فرستد")]
async fn products_campaign(world: &mut LimooWorld, campaign: String) {
    let (_, sent, _) = first_products_call(world).await;
    assert_eq!(sent.as_deref(), Some(campaign.as_str()));
}

#[then("درخواست محصولات کمپینی نمی‌فرستد")]
async fn products_no_campaign(world: &mut LimooWorld) {
    let (_, sent, _) = first_products_call(world).await;
    assert_eq!(sent, None);
}

#[then("درخواست محصولات با توکن مشتری فرستاده می‌شود")]
async fn products_with_token(world: &mut LimooWorld) {
    let token = world.stored_token().await;
    let (_, _, auth) = first_products_call(world).await;
    assert_eq!(auth, Some(format!("Bearer {token}")));
}

#[then("درخواست محصولات بی‌توکن فرستاده می‌شود")]
async fn products_anonymous(world: &mut LimooWorld) {
    let (_, _, auth) = first_products_call(world).await;
    assert_eq!(auth, None);
    let token = world.browser().await.execute("return localStorage.getItem('token');").await.or_fail("storage read");
    assert_eq!(token, Value::Null, "the visitor has no token");
}
