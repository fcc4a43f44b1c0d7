//! The franchise programme (spec 3 §3 "Referral", §4 "Franchise"): members marked as the team marks them, customers
//! signing up with a member's referral code through the real API, and the franchise calls as a customer makes them.
use cucumber::{given, then, when};

use super::{LimooWorld, Reply};

impl LimooWorld {
    /// The member's referral code, as their summary shows it.
    async fn referral_code_of(&self, member: &str) -> String {
        let token = self.token_of(member).await;
        let (status, body) = self.app().get_as(&token, "/franchise/summary").await;
        assert_eq!(status, 200, "member summary failed: {body}");
        body["msg"]["referralCode"].as_str().expect("a referral code").to_owned()
    }
}

#[given(expr = "تیم لیمو مشتری {string} را عضو فرانچایز کرده است")]
async fn member(world: &mut LimooWorld, mobile: String) {
    world.start_app(true).await;
    world.app().franchise_member(&mobile).await;
}

#[given(expr = "تیم لیمو عضویت فرانچایز مشتری {string} را پایان داده است")]
async fn revoked(world: &mut LimooWorld, mobile: String) {
    world.app().revoke_franchise(&mobile).await;
}

#[given(expr = "مشتری {string} با کد معرف مشتری {string} ثبت‌نام کرده است")]
async fn signed_up_with_code(world: &mut LimooWorld, mobile: String, member: String) {
    let code = world.referral_code_of(&member).await;
    world.app().sign_up_with_referral(&mobile, &code).await;
}

#[when(expr = "مشتری {string} فراخوان {string} را می‌خواند")]
async fn calls(world: &mut LimooWorld, mobile: String, path: String) {
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

#[given(expr = "مشتری {string} {int} امتیاز هدیه گرفته است")]
async fn given_points(world: &mut LimooWorld, mobile: String, points: i64) {
    world.start_app(true).await;
    world.app().customer_with_points(&mobile, points).await;
}
