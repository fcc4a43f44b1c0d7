//! `@ui` steps of the older package-selection page (`/diets/extend`): its switches, bundle set and promotion form
//! (spec 3 §4, §8).
use std::time::Duration;

use crate::browser::{Storage, poll_for};
use cucumber::{given, then, when};

use super::{LimooWorld, OrFail};

const PATIENCE: Duration = Duration::from_secs(10);

fn on(word: &str) -> &'static str {
    if word == "روشن" { "true" } else { "false" }
}

/// Waits until the element's DOM property reads `expected` (the page may still be loading the packages).
async fn wait_for_property(world: &mut LimooWorld, css: &str, name: &str, expected: &str) {
    let browser = world.browser().await;
    let seen = poll_for(PATIENCE, || async {
        let value = browser.property(css, name).await?;
        Ok((value.as_deref() == Some(expected)).then_some(()))
    })
    .await;
    let last = browser.property(css, name).await.ok().flatten();
    seen.unwrap_or_else(|e| panic!("`{css}` {name} never read {expected} (last {last:?}): {e:#}"));
}

#[then(expr = "در صفحه بسته‌ها کلید حامی {word} و کلید امتیاز {word} است")]
async fn switches(world: &mut LimooWorld, hami: String, points: String) {
    wait_for_property(world, "[data-testid=hami-switch]", "checked", on(&hami)).await;
    wait_for_property(world, "[data-testid=points-switch]", "checked", on(&points)).await;
}

#[when("مشتری در صفحه بسته‌ها کلید حامی را می‌زند")]
async fn toggle_hami(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=hami-switch]").await.or_fail("hami switch");
}

#[then(expr = "پیشنهاد بسته‌ای صفحه بسته‌ها در حالت {word} است")]
async fn bundle_set_state(world: &mut LimooWorld, state: String) {
    let browser = world.browser().await;
    poll_for(PATIENCE, || async {
        Ok((browser.attribute("[data-testid=bundle-set]", "data-state").await?.as_deref() == Some(state.as_str()))
            .then_some(()))
    })
    .await
    .or_fail("bundle set state");
}

#[then(expr = "در صفحه بسته‌ها پیشنهاد {int} ماهه انتخاب شده است")]
async fn offer_selected(world: &mut LimooWorld, months: i64) {
    wait_for_property(world, &format!("[data-testid=offer-{months}]"), "checked", "true").await;
}

#[when("مشتری در صفحه بسته‌ها دکمه ادامه را می‌زند")]
async fn press_continue(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=older-continue]").await.or_fail("continue button");
}

#[when(expr = "مشتری در صفحه بسته‌ها کد تخفیف {string} را ثبت می‌کند")]
async fn apply_code(world: &mut LimooWorld, code: String) {
    world.type_into("[data-testid=older-promotion-input]", &code).await;
    world.browser().await.click("[data-testid=older-promotion-apply]").await.or_fail("apply button");
}

#[when("مشتری در صفحه بسته‌ها کد تخفیف را حذف می‌کند")]
async fn cancel_code(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=older-promotion-cancel]").await.or_fail("cancel button");
}

#[then(expr = "پیام کد تخفیف صفحه بسته‌ها {string} است")]
async fn promotion_message(world: &mut LimooWorld, message: String) {
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=older-promotion-message]", &message).await.or_fail("promotion message");
}

#[when("مشتری در صفحه بسته‌ها دکمه پرداخت را می‌زند")]
async fn press_pay(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=older-pay]").await.or_fail("pay button");
}

/// The server stops accepting the sign-in the browser holds (its token is revoked, as a sign-out does); the browser
/// has no refresh cookie, so renewing it is refused too.
#[given("سرور ورود مرورگر را دیگر نمی‌پذیرد")]
async fn sign_in_refused(world: &mut LimooWorld) {
    let token = world.stored_token().await;
    world.app().sign_out(&token).await;
}

/// ER-55: the page stays and says why, its payment auth marked invalid, and the refused sign-in is forgotten.
#[then(expr = "صفحه بسته‌ها اعتبار پرداخت را نامعتبر می‌داند و پیام {string} را نشان می‌دهد")]
async fn payment_auth_invalid(world: &mut LimooWorld, message: String) {
    world.wait_for_attribute("[data-testid=older-packages]", "data-payment-auth", "invalid").await;
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=older-package-error]", &message).await.or_fail("the package page's message");
    let token = browser.stored(Storage::Local, "token").await.or_fail("local storage read");
    assert_eq!(token, None, "the page still holds the sign-in the server refused");
}

#[when("مشتری در صفحه بسته‌ها دکمه ورود را می‌زند")]
async fn press_sign_in(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=older-sign-in]").await.or_fail("sign-in button");
}

#[then(expr = "ردیف پیشنهاد {int} ماهه صفحه بسته‌ها {string} را نشان می‌دهد")]
async fn offer_price(world: &mut LimooWorld, months: i64, price: String) {
    let css = format!("label:has([data-testid=offer-{months}]) [data-testid=offer-price]");
    world.browser().await.wait_for_text_in(&css, &price).await.or_fail("offer price");
}

#[then(expr = "خلاصه خرید صفحه بسته‌ها {string} را دارد و مبلغ قابل پرداخت {string} است")]
async fn order_summary(world: &mut LimooWorld, item: String, payable: String) {
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=older-summary]", &item).await.or_fail("summary item");
    browser.wait_for_text_in("[data-testid=older-payable]", &payable).await.or_fail("summary payable");
}

#[when("مشتری در صفحه بسته‌ها دکمه بازگشت را می‌زند")]
async fn press_back(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=older-back]").await.or_fail("back button");
}
