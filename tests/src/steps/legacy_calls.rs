//! `@ui` steps about the calls' envelopes as the web app reads them (the older auth calls [ER-13], the panel's
//! [ER-60]), the logout page that shows a refusal, and the account number of the side menu [AU-30].
use cucumber::{then, when};

use super::{LimooWorld, OrFail};

/// A JavaScript promise of a `Response` with `status`, its status text and `body` as JSON.
fn answer(status: u16, status_text: &str, body: &serde_json::Value) -> String {
    format!(
        "Promise.resolve(new Response({body:?}, {{ status: {status}, statusText: {status_text:?}, \
         headers: {{ 'Content-Type': 'application/json' }} }}))",
        body = body.to_string()
    )
}

/// A proxy's error page: no envelope at all, only the HTTP status and its text.
#[when(expr = "سرور یک بار به {string} با وضعیت {int} و متن {string} پاسخ می‌دهد")]
async fn fails_once_with_status(world: &mut LimooWorld, path: String, status: u16, status_text: String) {
    let reply = answer(status, &status_text, &serde_json::Value::Null);
    world.browser().await.intercept_fetch_once(&path, &reply).await.or_fail("fetch answered");
}

/// A 200 whose envelope says `error`: the older calls' failure inside a successful HTTP answer.
#[when(expr = "سرور به {string} با وضعیت 200 و پاکت status {string} و msg {string} پاسخ می‌دهد")]
async fn answers_envelope(world: &mut LimooWorld, path: String, status: String, msg: String) {
    let reply = answer(200, "OK", &serde_json::json!({ "status": status, "msg": msg }));
    world.browser().await.intercept_fetch(&path, &reply).await.or_fail("fetch answered");
}

/// The code is checked as data: the page writes it in the language's digits.
#[then(expr = "صفحه خروج خطای {string} با کد {string} را نشان می‌دهد")]
async fn refusal_shown(world: &mut LimooWorld, message: String, code: String) {
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=logout-refusal]", &message).await.or_fail("refusal message");
    let shown = browser.attribute("[data-testid=logout-refusal]", "data-code").await.or_fail("refusal code");
    assert_eq!(shown.as_deref(), Some(code.as_str()), "the refusal's code");
}

#[then("صفحه خروج خطایی نشان نمی‌دهد")]
async fn no_refusal(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.texts("[data-testid=logout-page]").await.or_fail("logout page");
    browser.wait_for_absence("[data-testid=logout-refusal]").await.or_fail("no refusal");
}

#[when("مشتری خروج را دوباره امتحان می‌کند")]
async fn retry_logout(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=logout-retry]").await.or_fail("retry button");
}

#[then(expr = "صفحه خروج می‌گوید {string}")]
async fn logout_confirmed(world: &mut LimooWorld, text: String) {
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=logout-confirmed]", &text).await.or_fail("confirmation");
    browser.wait_for_absence("[data-testid=logout-refusal]").await.or_fail("refusal gone");
}

#[then(expr = "منوی کناری شماره حساب {string} را نشان می‌دهد")]
async fn account_number(world: &mut LimooWorld, expected: String) {
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=account-mobile]", &expected).await.or_fail("account number");
}

#[when(expr = "سرور به {string} با وضعیت 200 و پاکت ok false و msg {string} پاسخ می‌دهد")]
async fn answers_not_ok(world: &mut LimooWorld, path: String, msg: String) {
    let reply = answer(200, "OK", &serde_json::json!({ "ok": false, "msg": msg }));
    world.browser().await.intercept_fetch(&path, &reply).await.or_fail("fetch answered");
}
