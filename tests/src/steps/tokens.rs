//! The sign-in token in the browser: expiry, the lemonadeToken cookie, and renewal by verify.
use std::time::Duration;

use crate::params::{Mobile, Products};
use crate::{
    browser::{Storage, poll_for},
    payment::payment_request,
};
use cucumber::{given, then, when};
use limoo_bff::{
    auth::tokens::TokenKeys,
    domain::mobile_number::IRAN,
    store::{customers, now_ms},
};

use super::{LimooWorld, OrFail, OrFailAny};

const VERIFY: &str = "/auth/verify-lemonade";
/// The payment-method sheet's own pay button (the checkout's footer button opens the sheet).
const SHEET_PAYMENT_BUTTON: &str = "[data-testid=payment-sheet] [data-testid=payment-button]";

impl LimooWorld {
    /// The customer id (`sub`) of the token the app holds.
    async fn signed_in_customer(&mut self) -> i64 {
        let token = self.stored_token().await;
        let claims = self.app().tokens().verify(&token).expect("the stored token is the BFF's");
        claims.customer_id().expect("numeric sub")
    }

    /// Puts `token` in local storage in place of the current one, remembering the one replaced, and forgets the
    /// requests made so far (so only later verify calls are counted).
    async fn replace_token(&mut self, customer: i64, token: &str) {
        let browser = self.browser().await;
        browser.store(Storage::Local, "token", token).await.or_fail("token replaced");
        browser.execute("performance.clearResourceTimings();").await.or_fail("request log cleared");
        self.replaced_token = Some((token.to_owned(), customer));
    }
}

#[when("توکن ذخیره‌شده منقضی شده است")]
async fn token_expired(world: &mut LimooWorld) {
    let customer = world.signed_in_customer().await;
    // Issued a day ago: its exp (issue time + the BFF's lifetime of minutes) has passed.
    let expired = world.app().tokens().issue(customer, now_ms() / 1000 - 86_400).expect("token");
    world.replace_token(customer, &expired).await;
}

#[when("سرور توکن ذخیره‌شده را دیگر نمی‌پذیرد")]
async fn token_refused(world: &mut LimooWorld) {
    let customer = world.signed_in_customer().await;
    // Unexpired, so the app counts the user as logged in, but signed with a key the BFF does not have.
    let foreign = TokenKeys::new(b"a key that is not the BFF's", 900);
    let refused = foreign.issue(customer, now_ms() / 1000).expect("token");
    world.replace_token(customer, &refused).await;
}

#[given(expr = "کوکی lemonadeToken توکن معتبر مشتری {mobile} را دارد")]
async fn token_cookie(world: &mut LimooWorld, mobile: Mobile) {
    world.start_app(true).await;
    let token = world.app().existing_customer(&mobile).await;
    world.ensure_app_loaded().await;
    let browser = world.browser().await;
    browser.execute("localStorage.removeItem('token');").await.or_fail("no token stored");
    browser.execute(&format!("document.cookie = 'lemonadeToken={token}; path=/';")).await.or_fail("cookie set");
}

#[then("توکن ذخیره‌شده همان توکن کوکی است")]
async fn token_from_cookie(world: &mut LimooWorld) {
    let stored = world.stored_token().await;
    let cookie = world.browser().await.execute("return document.cookie;").await.or_fail("cookie read");
    let cookie = cookie.as_str().unwrap_or_default();
    assert!(cookie.contains(&format!("lemonadeToken={stored}")), "stored {stored} is not the cookie's ({cookie})");
}

#[then("توکن تازه و معتبری جای توکن قبلی ذخیره شده است")]
async fn token_renewed(world: &mut LimooWorld) {
    let (previous, customer) = world.replaced_token.clone().expect("a step replaced the token first");
    let browser = world.browser().await;
    let renewed = poll_for(Duration::from_secs(10), || async {
        Ok(browser.stored(Storage::Local, "token").await?.filter(|t| *t != previous))
    })
    .await
    .or_fail("the replaced token is still stored");
    let claims = world.app().tokens().verify(&renewed).expect("the new token is valid for the BFF");
    assert_eq!(claims.customer_id(), Some(customer), "the new token is the same customer's");
}

#[then(expr = "برنامه {int} بار توکن را تمدید کرده است")]
async fn verify_calls(world: &mut LimooWorld, expected: u64) {
    let browser = world.browser().await;
    let seen = poll_for(Duration::from_secs(10), || async {
        let calls = browser.requests_to(VERIFY).await?;
        Ok((calls >= expected).then_some(calls))
    })
    .await
    .or_fail("too few verify calls");
    assert_eq!(seen, expected, "verify calls");
}

#[then(expr = "sub توکن ذخیره‌شده شناسه مشتری {mobile} در فروشگاه است")]
async fn token_sub_is_customer(world: &mut LimooWorld, mobile: Mobile) {
    let customer = world.signed_in_customer().await;
    let number = limoo_bff::auth::parse_mobile(&mobile, IRAN).expect("valid number");
    let stored = customers::find_by_mobile(world.app().db(), &number).await.expect("query").expect("registered");
    assert_eq!(customer, stored.id, "the token's sub is not {mobile}'s customer id");
}

#[when("مشتری در پنجره روش پرداخت دکمه پرداخت را می‌زند")]
async fn press_sheet_payment_button(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.click(SHEET_PAYMENT_BUTTON).await.or_fail("the payment sheet's button");
}

/// The BFF takes a payment only for the token's own customer, so a payment it started shows the page sent the
/// token's `sub` as `customerId`; another id is refused.
#[then(expr = "فروشگاه پرداخت سفارش {products} مشتری {mobile} را با شناسه مشتری دیگری نمی‌پذیرد")]
async fn payment_for_other_customer_refused(world: &mut LimooWorld, products: Products, mobile: Mobile) {
    let order = world.order_of(&mobile, &products).await;
    let token = world.stored_token().await;
    let customer = world.signed_in_customer().await;
    let app = world.app();
    let mut body = payment_request(app, &token, order, "online");
    body["customerId"] = serde_json::json!((customer + 1).to_string());
    let (status, reply) = app.api(&token).create_payment(&body).await;
    assert_eq!(status, 403, "{reply}");
}

#[when("توکن ذخیره‌شده از حافظه مرورگر پاک می‌شود")]
async fn token_removed(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.execute("localStorage.removeItem('token'); performance.clearResourceTimings();").await.or_fail("removed");
}

#[then(expr = "مرورگر هیچ درخواستی به {string} نفرستاده است")]
async fn no_request_sent(world: &mut LimooWorld, path: String) {
    // Exactly the path: the payment sheet's own SnappPay eligibility question lives under it.
    let sent = world.browser().await.requests_at(&path).await.or_fail("request log read");
    assert_eq!(sent, 0, "{sent} requests to {path} left the browser");
}

/// Checked after the page settled on what it shows (an earlier step waited for it).
#[then("صفحه هیچ درخواستی با پاسخ خطا نفرستاده است")]
async fn no_failed_request(world: &mut LimooWorld) {
    let failed = world.browser().await.failed_requests().await.or_fail("request log read");
    assert!(failed.is_empty(), "a normal path made failing calls: {failed:?}");
}

#[then("بخش خطای پرداخت دیده می‌شود")]
async fn checkout_error_shown(world: &mut LimooWorld) {
    world.browser().await.texts("[data-testid=checkout-error]").await.or_fail("checkout error section");
}

/// The BFF created the payment at the simulator and the browser followed its link away from the shop.
#[then(expr = "مرورگر به درگاه شبیه‌ساز {string} رفته و پرداخت در آن ساخته شده است")]
async fn went_to_gateway(world: &mut LimooWorld, sim: String) {
    let gateway: limoo_simulators::Gateway = sim.parse().or_fail_any("a simulator name");
    let app = world.app();
    let created = poll_for(Duration::from_secs(15), || async {
        Ok((app.sims().payments(Some(gateway)).len() == 1).then_some(()))
    })
    .await;
    assert!(created.is_ok(), "{} payments at {sim}", app.sims().payments(Some(gateway)).len());
    let shop = app.address.clone();
    let browser = world.browser().await;
    let left = poll_for(Duration::from_secs(15), || async {
        Ok(Some(browser.client.current_url().await?).filter(|url| !url.as_str().starts_with(&shop)))
    })
    .await;
    assert!(left.is_ok(), "the browser stayed in the shop");
}
