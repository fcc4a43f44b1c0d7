//! The sign-in token in the browser: expiry, the lemonadeToken cookie, and renewal by verify.
use std::time::Duration;

use cucumber::{given, then, when};
use limoo_bff::{auth::tokens::TokenKeys, store::now_ms};
use limoo_tests::browser::{Storage, poll_for};

use super::{LimooWorld, OrFail};

const VERIFY: &str = "/auth/verify-lemonade";

impl LimooWorld {
    /// The customer id (`sub`) of the token the app holds.
    async fn signed_in_customer(&mut self) -> i64 {
        let token = self.stored_token().await;
        let claims = self.app().tokens.verify(&token).expect("the stored token is the BFF's");
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
    let expired = world.app().tokens.issue(customer, now_ms() / 1000 - 86_400).expect("token");
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

#[given(expr = "کوکی lemonadeToken توکن معتبر مشتری {string} را دارد")]
async fn token_cookie(world: &mut LimooWorld, mobile: String) {
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
    let claims = world.app().tokens.verify(&renewed).expect("the new token is valid for the BFF");
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
