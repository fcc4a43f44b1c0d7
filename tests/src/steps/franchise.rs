//! The franchise programme (spec 3 §3 "Referral", §4 "Franchise"): members marked as the team marks them (the service
//! function and the staff API), customers signing up with a member's referral code through the real API or the
//! browser, hostile scripts checking numbers with codes, and the franchise calls as a customer makes them.
use crate::params::Mobile;
use cucumber::{given, then, when};
use serde_json::{Value, json};

use super::{LimooWorld, Reply};

/// The `index`-th fresh number a script checks with `member`'s code: `09123000000`, `09123000001` … On a deployment
/// it is made from the member's own number (its first seven digits, this scenario's alone), so another scenario's or
/// suite's script never checks it.
fn scripted_number(world: &LimooWorld, member: &str, index: i64) -> String {
    match member.get(..7).filter(|_| !world.app().is_local()) {
        Some(own) => format!("{own}9{index:03}"),
        None => format!("0912300{index:04}"),
    }
}

impl LimooWorld {
    /// The member's referral code, as their summary shows it.
    async fn referral_code_of(&self, member: &str) -> String {
        let token = self.token_of(member).await;
        let (status, body) = self.app().api(&token).franchise_summary().await;
        assert_eq!(status, 200, "member summary failed: {body}");
        body["msg"]["referralCode"].as_str().expect("a referral code").to_owned()
    }
}

#[given(expr = "تیم لیمو مشتری {mobile} را عضو فرانچایز کرده است")]
async fn member(world: &mut LimooWorld, mobile: Mobile) {
    world.start_app(true).await;
    world.app().franchise_member(&mobile).await;
}

#[given(expr = "تیم لیمو عضویت فرانچایز مشتری {mobile} را پایان داده است")]
async fn revoked(world: &mut LimooWorld, mobile: Mobile) {
    world.app().revoke_franchise(&mobile).await;
}

#[given(expr = "مشتری {mobile} با کد معرف مشتری {mobile} ثبت‌نام کرده است")]
async fn signed_up_with_code(world: &mut LimooWorld, mobile: Mobile, member: Mobile) {
    let code = world.referral_code_of(&member).await;
    world.app().sign_up_with_referral(&mobile, &code).await;
}

#[given(expr = "مشتری {mobile} با کد معرف {string} ثبت‌نام کرده است")]
async fn signed_up_with_raw_code(world: &mut LimooWorld, mobile: Mobile, code: String) {
    world.app().sign_up_with_referral(&mobile, &code).await;
}

#[given(expr = "مشتری {mobile} با کد معرفی {int} نویسه‌ای ثبت‌نام کرده است")]
async fn signed_up_with_long_code(world: &mut LimooWorld, mobile: Mobile, length: usize) {
    world.app().sign_up_with_referral(&mobile, &"K".repeat(length)).await;
}

#[given(expr = "مشتری {mobile} بدون کد معرف ثبت‌نام کرده است")]
async fn signed_up_without_code(world: &mut LimooWorld, mobile: Mobile) {
    world.app().sign_up_after_check(&mobile, None).await;
}

/// The member checks their own (registered) number with their own code, as a self-referral would try.
#[given(expr = "عضو {mobile} شماره خودش را با کد معرف خودش بررسی کرده است")]
async fn checked_own_number(world: &mut LimooWorld, member: Mobile) {
    let code = world.referral_code_of(&member).await;
    let (status, body) = world.app().check_mobile(&member, Some(&code)).await;
    assert_eq!((status, body["isRegistered"].as_bool()), (200, Some(true)), "body: {body}");
}

#[given(expr = "یک اسکریپت شماره {mobile} را با کد معرف مشتری {mobile} بررسی کرده است")]
async fn script_checked(world: &mut LimooWorld, mobile: Mobile, member: Mobile) {
    let code = world.referral_code_of(&member).await;
    let (status, body) = world.app().check_mobile(&mobile, Some(&code)).await;
    assert_eq!(status, 200, "body: {body}");
}

#[given(expr = "یک اسکریپت از همین نشانی {int} شماره تازه را با کد معرف مشتری {mobile} بررسی کرده است")]
async fn script_checked_many(world: &mut LimooWorld, count: i64, member: Mobile) {
    let code = world.referral_code_of(&member).await;
    for index in 0..count {
        let number = scripted_number(world, &member, index);
        let (status, body) = world.app().check_mobile(&number, Some(&code)).await;
        assert_eq!(status, 200, "check {index} answered {body}");
    }
}

/// Registration straight after a code is sent, with no check-mobile before it (a client that skips the check).
#[when(expr = "مشتری {mobile} بی آن‌که شماره‌اش دوباره بررسی شود ثبت‌نام می‌کند")]
async fn registers_unchecked(world: &mut LimooWorld, mobile: Mobile) {
    world.app().register_customer(&mobile).await;
}

/// The claims' hour passes on the shop's clock: every kept code is now older than the registration may use.
#[given("یک ساعت از بررسی شماره‌ها گذشته است")]
async fn an_hour_passes(world: &mut LimooWorld) {
    world.advance_clock(3601).await;
}

/// A visitor opens the app at the sign-in route with the member's code, as the franchise page's invite link reads.
#[when(expr = "بازدیدکننده لینک دعوت مشتری {mobile} را باز می‌کند")]
async fn opens_invite_link(world: &mut LimooWorld, member: Mobile) {
    let code = world.referral_code_of(&member).await;
    world.open_route(&format!("/enter?referral={code}")).await;
}

#[then(expr = "فهرست دعوت‌شدگان مشتری {mobile} {string} است")]
async fn invitations_are(world: &mut LimooWorld, member: Mobile, expected: String) {
    let token = world.token_of(&member).await;
    let (status, body) = world.app().api(&token).franchise_invitations().await;
    assert_eq!(status, 200, "body: {body}");
    let listed: Vec<&str> = body["invitations"]
        .as_array()
        .expect("a list of invitations")
        .iter()
        .filter_map(|i| i["mobileNumber"].as_str())
        .collect();
    let expected: Vec<&str> = expected.split('،').map(str::trim).filter(|m| !m.is_empty()).collect();
    assert_eq!(listed, expected, "body: {body}");
}

fn membership_body(mobile: &str, by: &str) -> Value {
    json!({ "mobileNumber": mobile, "by": by })
}

#[when(expr = "{string} از تیم لیمو با توکن کارکنان مشتری {string} را عضو فرانچایز می‌کند")]
async fn staff_grants(world: &mut LimooWorld, by: String, mobile: String) {
    world.start_app(true).await;
    let body = membership_body(&mobile, &by);
    let (status, body) = world.app().staff_api().staff_grant_franchise(&body).await;
    world.reply = Some(Reply { status, body });
}

#[when(expr = "{string} از تیم لیمو با توکن کارکنان عضویت فرانچایز مشتری {mobile} را پایان می‌دهد")]
async fn staff_revokes(world: &mut LimooWorld, by: String, mobile: Mobile) {
    world.start_app(true).await;
    let body = membership_body(&mobile, &by);
    let (status, body) = world.app().staff_api().staff_revoke_franchise(&body).await;
    world.reply = Some(Reply { status, body });
}

/// `how`: «بدون توکن» (no Authorization header) or «با توکن نادرست» (a bearer token that is not the staff one).
#[when(expr = "کسی {string} مشتری {mobile} را با API کارکنان عضو فرانچایز می‌کند")]
async fn grants_without_staff_token(world: &mut LimooWorld, how: String, mobile: Mobile) {
    world.start_app(true).await;
    let app = world.app();
    let caller = match how.as_str() {
        "بدون توکن" => app.visitor(),
        "با توکن نادرست" => app.api("not-the-staff-token"),
        other => panic!("unknown way to call: {other}"),
    };
    let body = membership_body(&mobile, "intruder");
    let (status, body) = caller.staff_grant_franchise(&body).await;
    world.reply = Some(Reply { status, body });
}

/// `state`: «فعال» or «پایان‌یافته».
#[then(expr = "پاسخ عضویت فرانچایز {mobile} را {word} با کد معرف نشان می‌دهد")]
async fn reply_shows_membership(world: &mut LimooWorld, mobile: Mobile, state: String) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "body: {}", reply.body);
    let active = match state.as_str() {
        "فعال" => true,
        "پایان‌یافته" => false,
        other => panic!("unknown membership state: {other}"),
    };
    assert_eq!(reply.body["mobileNumber"], &*mobile, "body: {}", reply.body);
    assert_eq!(reply.body["active"].as_bool(), Some(active), "body: {}", reply.body);
    let code = reply.body["referralCode"].as_str().unwrap_or_default();
    assert_eq!(code.len(), 6, "body: {}", reply.body);
}

/// `expected`: the changes newest first, `ACTION:who` separated by « | »; each carries when it was made.
#[then(expr = "تیم لیمو تغییرهای عضویت فرانچایز مشتری {mobile} را {string} می‌خواند")]
async fn membership_changes(world: &mut LimooWorld, mobile: Mobile, expected: String) {
    let (status, body) = world.app().staff_api().staff_franchise_member(&mobile).await;
    assert_eq!(status, 200, "body: {body}");
    let changes = body["changes"].as_array().expect("a list of changes");
    let listed: Vec<String> = changes
        .iter()
        .map(|c| format!("{}:{}", c["action"].as_str().unwrap_or_default(), c["by"].as_str().unwrap_or_default()))
        .collect();
    let expected: Vec<&str> = expected.split(" | ").collect();
    assert_eq!(listed, expected, "body: {body}");
    let times: Vec<i64> = changes.iter().filter_map(|c| c["at"].as_i64()).collect();
    assert_eq!(times.len(), changes.len(), "every change has its time: {body}");
    assert!(times.iter().all(|at| *at > 0) && times.is_sorted_by(|a, b| a >= b), "newest first: {body}");
}

#[then(expr = "مشتری {mobile} عضو فرانچایز است")]
async fn is_member(world: &mut LimooWorld, mobile: Mobile) {
    let token = world.token_of(&mobile).await;
    let (status, body) = world.app().api(&token).franchise_summary().await;
    assert_eq!(status, 200, "body: {body}");
}

#[then(expr = "مشتری {mobile} عضو فرانچایز نیست")]
async fn is_not_member(world: &mut LimooWorld, mobile: Mobile) {
    let token = world.token_of(&mobile).await;
    let (status, body) = world.app().api(&token).franchise_summary().await;
    assert_eq!((status, body["err"]["code"].as_str()), (403, Some("NOT_FRANCHIZER")), "body: {body}");
}

#[when(expr = "مشتری {mobile} فراخوان {string} را می‌خواند")]
async fn calls(world: &mut LimooWorld, mobile: Mobile, path: String) {
    let token = world.token_of(&mobile).await;
    let (status, body) = world.app().get_as(&token, &path).await;
    world.reply = Some(Reply { status, body });
}

#[when(expr = "بازدیدکننده بدون توکن فراخوان {string} را می‌خواند")]
async fn calls_anonymously(world: &mut LimooWorld, path: String) {
    world.start_app(true).await;
    let response = world.app().client.get(world.app().url(&path)).send().await.expect("request sent");
    let status = response.status().as_u16();
    let body = response.json().await.unwrap_or_default();
    world.reply = Some(Reply { status, body });
}

#[then(expr = "امتیاز فرانچایز {int} و امتیاز جدول {int} با {int} دعوت‌شده بارگذاری شده است")]
async fn summary_loaded(world: &mut LimooWorld, franchise: i64, leaderboard: i64, invitations: i64) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "body: {}", reply.body);
    let msg = &reply.body["msg"];
    let got = (msg["franchisePoints"].as_i64(), msg["leaderboardPoints"].as_i64(), msg["invitationCount"].as_i64());
    assert_eq!(got, (Some(franchise), Some(leaderboard), Some(invitations)), "body: {}", reply.body);
}

#[then(expr = "دعوت‌شده {string} با وضعیت رژیم {string} و {int} روز باقی‌مانده فهرست شده است")]
async fn invitation_listed(world: &mut LimooWorld, masked: String, status: String, days: i64) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "body: {}", reply.body);
    let entries = reply.body["invitations"].as_array().expect("a list of invitations");
    let entry = entries
        .iter()
        .find(|e| e["mobileNumber"] == masked.as_str())
        .unwrap_or_else(|| panic!("{masked} missing: {}", reply.body));
    assert_eq!((entry["dietStatus"].as_str(), entry["remainDays"].as_i64()), (Some(status.as_str()), Some(days)));
}

#[then(expr = "جدول برترین‌ها {string} را با رتبه {int} نشان می‌دهد و رتبه خواننده {int} است")]
async fn leaderboard_shows(world: &mut LimooWorld, masked: String, rank: i64, my_rank: i64) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "body: {}", reply.body);
    let entries = reply.body["msg"]["leaderboard"].as_array().expect("a leaderboard");
    let entry = entries
        .iter()
        .find(|e| e["mobileNumber"] == masked.as_str())
        .unwrap_or_else(|| panic!("{masked} missing: {}", reply.body));
    assert_eq!(entry["rank"].as_i64(), Some(rank));
    assert_eq!(reply.body["msg"]["me"]["rank"].as_i64(), Some(my_rank), "body: {}", reply.body);
}

#[then(expr = "خلاصه امتیاز {int} امتیاز قابل استفاده نشان می‌دهد")]
async fn points_summary(world: &mut LimooWorld, points: i64) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "body: {}", reply.body);
    assert_eq!(reply.body["msg"]["points"]["count"].as_i64(), Some(points), "body: {}", reply.body);
}

#[given(expr = "مشتری {mobile} {int} امتیاز هدیه گرفته است")]
async fn given_points(world: &mut LimooWorld, mobile: Mobile, points: i64) {
    world.start_app(true).await;
    world.app().customer_with_points(&mobile, points).await;
}
