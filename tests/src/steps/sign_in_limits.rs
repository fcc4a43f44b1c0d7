//! The server's own sign-in limits (features/project-rules.md, LM-01 to LM-04), as a script calling the API
//! would meet them. Time passes on the shop's test clock, moved forward through the staff API.
use cucumber::{then, when};

use crate::params::Mobile;

use super::LimooWorld;

/// `seconds` pass for the codes sent so far: the shop's clock moves forward.
async fn codes_age(world: &mut LimooWorld, seconds: i64) {
    world.advance_clock(seconds).await;
}

/// A six-digit code other than `code`.
fn other_than(code: &str) -> String {
    let first = if code.starts_with('1') { '2' } else { '1' };
    std::iter::once(first).chain(code.chars().skip(1)).collect()
}

#[when(expr = "اسکریپتی برای شماره {mobile} کد ورود می‌خواهد")]
async fn asks_for_code(world: &mut LimooWorld, mobile: Mobile) {
    let reply = world.app().visitor().send_code(&mobile).await;
    world.keep(reply);
}

#[when(expr = "اسکریپتی برای شماره {mobile} {int} کد با فاصله {int} ثانیه می‌خواهد")]
async fn asks_for_codes(world: &mut LimooWorld, mobile: Mobile, count: usize, gap: i64) {
    for sent in 0..count {
        let (status, body) = world.app().visitor().send_code(&mobile).await;
        assert_eq!(status, 200, "code {} of {count} was refused: {body}", sent + 1);
        codes_age(world, gap).await;
    }
}

#[when(expr = "برای کدهای ورود {int} ثانیه می‌گذرد")]
async fn seconds_pass(world: &mut LimooWorld, seconds: i64) {
    codes_age(world, seconds).await;
}

#[when(expr = "اسکریپتی برای شماره {mobile} {int} بار کدی جز کد پیامک‌شده را می‌آزماید")]
async fn wrong_tries(world: &mut LimooWorld, mobile: Mobile, tries: usize) {
    let code = world.app().wait_for_sms_code(&mobile).await.expect("the SMS simulator delivered a code");
    let wrong = other_than(&code);
    for tried in 0..tries {
        let (status, body) = world.app().visitor().login(&mobile, &wrong).await;
        assert_eq!(
            (status, body["err"]["reason"].as_str()),
            (400, Some("WRONG_CODE")),
            "wrong try {} of {tries}: {body}",
            tried + 1
        );
    }
}

#[when(expr = "اسکریپتی با کد پیامک‌شده به {mobile} وارد می‌شود")]
async fn tries_the_code(world: &mut LimooWorld, mobile: Mobile) {
    let code = world.app().wait_for_sms_code(&mobile).await.expect("the SMS simulator delivered a code");
    let reply = world.app().visitor().login(&mobile, &code).await;
    world.keep(reply);
}

/// The envelope of a refused sign-in call: the status as `err.code`, the failure named by `err.reason`.
fn refused(world: &LimooWorld, status: u16, reason: &str) -> serde_json::Value {
    let reply = world.reply();
    assert_eq!(reply.status, status, "body: {}", reply.body);
    let err = &reply.body["err"];
    assert_eq!((err["code"].as_str(), err["reason"].as_str()), (Some(status.to_string().as_str()), Some(reason)));
    err.clone()
}

#[then(expr = "پاسخ خطای {int} با دلیل {string} است")]
async fn refused_because(world: &mut LimooWorld, status: u16, reason: String) {
    refused(world, status, &reason);
}

#[then(expr = "پاسخ خطای {int} با دلیل {string} و پیام {string} است")]
async fn refused_with_message(world: &mut LimooWorld, status: u16, reason: String, message: String) {
    assert_eq!(refused(world, status, &reason)["message"], message.as_str());
}

#[then(expr = "پاسخ می‌گوید {int} ثانیه دیگر می‌توان کد خواست")]
async fn retry_after(world: &mut LimooWorld, seconds: i64) {
    let reply = world.reply();
    let left = reply.body["err"]["retryAfterSeconds"].as_i64().expect("retryAfterSeconds");
    // The request itself takes a moment after the codes were aged: the second may have turned.
    assert!((seconds - 1..=seconds).contains(&left), "{left} s left, not {seconds}: {}", reply.body);
}
