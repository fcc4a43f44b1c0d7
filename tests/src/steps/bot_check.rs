//! `@ui` steps of the bot-check token [AU-47]: a stand-in for reCAPTCHA v3's script injected into the page, and
//! the `botCheckToken` of the POST bodies the page recorded (`درخواست‌های صفحه با بدنه در حافظه جلسه ثبت می‌شوند`).
use cucumber::{gherkin::Step, then, when};
use serde_json::Value;

use super::{LimooWorld, OrFail};

impl LimooWorld {
    /// Every POST path of the step's one-column table sent `expected` as its bot-check token.
    async fn assert_bot_check_tokens(&mut self, step: &Step, expected: &str) {
        let table = step.table.as_ref().expect("a table of request paths");
        for path in table.rows.iter().filter_map(|row| row.first()) {
            let body = self.sent_body("POST", path).await;
            assert_eq!(body["botCheckToken"], Value::from(expected), "body of POST {path}: {body}");
        }
    }

    /// Puts `grecaptcha` (answering with `answer`, a JavaScript promise expression) and its site key on the page,
    /// as a page embedding reCAPTCHA v3 would.
    async fn inject_bot_check(&mut self, answer: &str) {
        let script = format!(
            "window.botCheckSiteKey = 'test-site-key'; \
             window.grecaptcha = {{ ready: (callback) => callback(), execute: () => {answer} }};"
        );
        self.browser().await.execute(&script).await.or_fail("bot-check script injected");
    }
}

#[then("صفحه اسکریپت ضدربات ندارد")]
async fn no_bot_check_script(world: &mut LimooWorld) {
    let present = world.browser().await.execute("return 'grecaptcha' in window;").await.or_fail("page read");
    assert_eq!(present, Value::Bool(false), "the page has a bot-check script");
}

#[when(expr = "صفحه اسکریپت ضدرباتی دارد که توکن {string} می‌دهد")]
async fn bot_check_script(world: &mut LimooWorld, token: String) {
    world.inject_bot_check(&format!("Promise.resolve({token:?})")).await;
}

#[when("صفحه اسکریپت ضدرباتی دارد که هرگز پاسخ نمی‌دهد")]
async fn silent_bot_check_script(world: &mut LimooWorld) {
    world.inject_bot_check(super::NEVER).await;
}

#[then("این درخواست‌ها توکن ضدربات خالی فرستاده‌اند:")]
async fn empty_tokens_sent(world: &mut LimooWorld, step: &Step) {
    world.assert_bot_check_tokens(step, "").await;
}

#[then(expr = "این درخواست‌ها توکن ضدربات {string} فرستاده‌اند:")]
async fn tokens_sent(world: &mut LimooWorld, step: &Step, token: String) {
    world.assert_bot_check_tokens(step, &token).await;
}
