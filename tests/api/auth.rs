//! Sign-in over HTTP against the real BFF and the SMS/e-mail simulators: the happy paths and the
//! security properties of codes and tokens.
use limoo_bff::{
    auth::{
        refresh::{KEPT_PER_SIGN_IN, REUSE_GRACE_MS, SIGN_INS_KEPT},
        tokens::Claims,
    },
    store::{Db, now_ms},
};
use limoo_tests::{AppOptions, SignIn, TestApp, refresh_cookie_of, spawn_app};
use serde_json::{Value, json};

const MOBILE: &str = "09121234567";

fn identity(mobile: &str) -> Value {
    json!({ "mobileNumber": mobile, "countryId": 1 })
}

async fn body(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.expect("every answer is JSON"))
}

#[tokio::test]
async fn a_new_iranian_number_is_unregistered_and_gets_sms() {
    let app = spawn_app().await;
    let (status, reply) = body(app.post_json("/auth/check-mobile", &identity("۰۹۱۲۱۲۳۴۵۶۷")).await).await;
    assert_eq!(status, 200);
    assert_eq!(reply, json!({ "isRegistered": false, "authenticationType": "sms" }));
}

#[tokio::test]
async fn registering_with_the_sms_code_signs_in_and_marks_the_number_registered() {
    let app = spawn_app().await;
    let signed_in = app.register_customer(MOBILE).await;
    assert_eq!(signed_in.user["mobile"], MOBILE);
    assert_eq!(signed_in.user["firstName"], "unknown");
    let sms = app.sims().last_sms(MOBILE).unwrap();
    assert!(sms.message.contains(sms.token.as_deref().unwrap()), "the code is in the text: {}", sms.message);
    let (_, check) = body(app.post_json("/auth/check-mobile", &identity("+989121234567")).await).await;
    assert_eq!(check["isRegistered"], true);
    let me = app.client.get(app.url("/app/auth/currentUser")).bearer_auth(&signed_in.token).send().await.unwrap();
    let (status, me) = body(me).await;
    assert_eq!(status, 200);
    assert_eq!(me["msg"]["mobile"], MOBILE);
}

#[tokio::test]
async fn the_token_subject_is_the_user_id() {
    let app = spawn_app().await;
    let signed_in = app.register_customer(MOBILE).await;
    let payload = signed_in.token.split('.').nth(1).unwrap();
    let claims: Value = serde_json::from_slice(&base64_url_decode(payload)).unwrap();
    assert_eq!(claims["sub"], signed_in.user["id"].to_string());
    assert!(claims["exp"].as_i64().unwrap() > claims["iat"].as_i64().unwrap());
}

#[tokio::test]
async fn a_wrong_code_six_times_locks_the_code() {
    let app = spawn_app().await;
    app.post_json("/auth/otp", &identity(MOBILE)).await;
    let right = app.last_sms_code(MOBILE).unwrap();
    let wrong = if right == "000000" { "111111" } else { "000000" };
    let attempt = |code: String| {
        let app = &app;
        async move {
            let req = json!({ "mobileNumber": MOBILE, "countryId": 1, "otp": code });
            body(app.post_json("/auth/register", &req).await).await
        }
    };
    for _ in 0..5 {
        let (status, reply) = attempt(wrong.into()).await;
        assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("400")));
    }
    let (status, reply) = attempt(wrong.into()).await;
    assert_eq!(status, 400);
    assert_eq!(reply["err"]["message"], limoo_bff::messages::CODE_LOCKED, "the sixth try finds the code locked");
    let (status, reply) = attempt(right).await;
    assert_eq!(status, 400, "even the right code no longer works: {reply}");
    assert_eq!(reply["err"]["message"], limoo_bff::messages::CODE_LOCKED);
}

#[tokio::test]
async fn a_code_works_once() {
    let app = spawn_app().await;
    app.register_customer(MOBILE).await;
    let code = app.last_sms_code(MOBILE).unwrap();
    let (status, reply) =
        body(app.post_json("/auth/login", &json!({ "mobileNumber": MOBILE, "otp": code })).await).await;
    assert_eq!(status, 400);
    assert_eq!(reply["err"]["message"], limoo_bff::messages::CODE_USED);
}

#[tokio::test]
async fn a_resend_inside_sixty_seconds_is_refused() {
    let app = spawn_app().await;
    let (first, _) = body(app.post_json("/auth/otp", &identity(MOBILE)).await).await;
    assert_eq!(first, 200);
    let (status, reply) = body(app.post_json("/auth/otp", &identity(MOBILE)).await).await;
    assert_eq!(status, 429);
    assert_eq!(reply["err"]["code"], "429");
    assert_eq!(reply["err"]["reason"], "RESEND_TOO_SOON");
    // The seconds left, for the popup's countdown: at most the minute, and some of it still to wait.
    let left = reply["err"]["retryAfterSeconds"].as_i64().expect("retryAfterSeconds");
    assert!((1..=60).contains(&left), "{reply}");
    assert_eq!(app.sims().sms_outbox(MOBILE).len(), 1, "no second SMS went out");
}

#[tokio::test]
async fn concurrent_sends_to_one_number_deliver_one_code() {
    let app = spawn_app().await;
    let request = identity(MOBILE);
    let sends = (0..8).map(|_| app.post_json("/auth/otp", &request));
    let statuses: Vec<u16> = futures::future::join_all(sends).await.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert_eq!(app.sims().sms_outbox(MOBILE).len(), 1);
}

#[tokio::test]
async fn an_sms_provider_failure_is_a_retryable_502_that_registers_nobody() {
    let app = spawn_app().await;
    let broken = "09120000500"; // the simulator answers 502 for receptors ending in 0500
    let (status, reply) = body(app.post_json("/auth/otp", &identity(broken)).await).await;
    assert_eq!(status, 502);
    assert_eq!(reply["err"]["code"], "502");
    let (_, check) = body(app.post_json("/auth/check-mobile", &identity(broken)).await).await;
    assert_eq!(check["isRegistered"], false);
    app.sims().force(limoo_simulators::Gateway::Kavenegar, limoo_simulators::SmsScenario::Normal).unwrap();
    let (retry, _) = body(app.post_json("/auth/otp", &identity(broken)).await).await;
    assert_eq!(retry, 200, "a failed delivery does not block an immediate retry");
}

#[tokio::test]
async fn invalid_numbers_get_the_spec_messages() {
    let app = spawn_app().await;
    let (status, reply) = body(app.post_json("/auth/otp", &identity("912345678")).await).await;
    assert_eq!((status, reply["err"]["message"].as_str()), (400, Some("شماره تلفن صحیح وارد نشده است")));
    let (status, reply) = body(app.post_json("/auth/otp", &identity("")).await).await;
    assert_eq!((status, reply["err"]["message"].as_str()), (400, Some("شماره تلفن وارد نشده است")));
    let (status, _) = body(app.post_json("/auth/otp", &json!({ "nope": 1 })).await).await;
    assert_eq!(status, 400, "a malformed body gets the envelope too");
}

#[tokio::test]
async fn login_of_an_unregistered_number_is_401() {
    let app = spawn_app().await;
    app.post_json("/auth/otp", &identity(MOBILE)).await;
    let code = app.last_sms_code(MOBILE).unwrap();
    let (status, reply) =
        body(app.post_json("/auth/login", &json!({ "mobileNumber": MOBILE, "otp": code })).await).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (401, Some("401")));
    assert_eq!(reply["err"]["message"], "اطلاعات کاربر ثبت نشده است");
}

/// The e-mail with the code is written in the language of the page that asked for it (the web app names it in
/// `Accept-Language`), Persian when the page names none the shop writes in.
#[tokio::test]
async fn the_code_email_is_in_the_language_of_the_page_that_asked() {
    let app = spawn_app().await;
    for (mobile, language, address) in [
        ("5321234561", Some("tr"), "tr@example.com"),
        ("5321234562", Some("de, fa;q=0.5"), "fa@example.com"),
        ("5321234563", None, "none@example.com"),
    ] {
        let request = json!({ "mobileNumber": mobile, "countryId": 220, "email": address });
        let mut post = app.client.post(app.url("/auth/register/email")).json(&request);
        if let Some(language) = language {
            post = post.header("Accept-Language", language);
        }
        assert_eq!(post.send().await.expect("request failed").status(), 200);
        let mail = app.sims().last_email(address).expect("the code was e-mailed");
        let persian = mail.subject.chars().chain(mail.text.chars()).any(|c| ('\u{0600}'..='\u{06FF}').contains(&c));
        assert_eq!(persian, language != Some("tr"), "{language:?}: {} / {}", mail.subject, mail.text);
        if language == Some("tr") {
            assert!(mail.subject.starts_with("Limoo giriş kodu"), "{}", mail.subject);
        }
    }
}

#[tokio::test]
async fn a_foreign_customer_registers_and_signs_in_by_email() {
    let app = spawn_app().await;
    let turkish = json!({ "mobileNumber": "5321234567", "countryId": 220 });
    let (_, check) = body(app.post_json("/auth/check-mobile", &turkish).await).await;
    assert_eq!(check, json!({ "isRegistered": false, "authenticationType": "email" }));
    let (status, _) = body(app.post_json("/auth/otp", &turkish).await).await;
    assert_eq!(status, 400, "no e-mail known yet");
    let with_email = json!({ "mobileNumber": "5321234567", "countryId": 220, "email": "Ayse@Example.com" });
    let (status, sent) = body(app.post_json("/auth/register/email", &with_email).await).await;
    assert_eq!((status, sent["channel"].as_str()), (200, Some("email")));
    let code = app.last_email_code("ayse@example.com").expect("the code was e-mailed");
    let register = json!({ "mobileNumber": "5321234567", "countryID": 220, "firstName": "unknown", "lastName": "unknown", "OTPCode": code });
    let signed_in = SignIn::from_response(app.post_json("/auth/register", &register).await).await;
    assert_eq!(signed_in.user["mobile"], "+905321234567");
    assert_eq!(signed_in.user["email"], "ayse@example.com");
    let (_, check) = body(app.post_json("/auth/check-mobile", &turkish).await).await;
    assert_eq!(check, json!({ "isRegistered": true, "authenticationType": "email" }));
}

#[tokio::test]
async fn the_refresh_cookie_rotates_and_a_reused_one_ends_the_sign_in() {
    let app = spawn_app().await;
    let signed_in = app.register_customer(MOBILE).await;
    let refresh = |cookie: String| {
        let app = &app;
        async move {
            app.client
                .get(app.url("/auth/verify-lemonade?service=LIMOO_shop"))
                .header("cookie", cookie)
                .send()
                .await
                .unwrap()
        }
    };
    let first = refresh(signed_in.refresh_cookie.clone()).await;
    let rotated = refresh_cookie_of(&first).expect("a new cookie");
    let (status, token) = body(first).await;
    assert_eq!(status, 200);
    assert!(token["lemonadeToken"].as_str().is_some());
    assert_ne!(rotated, signed_in.refresh_cookie);
    // Later than another tab or a resent request would bring it back: someone holds a copy.
    used_earlier(&app, REUSE_GRACE_MS + 1_000).await;
    let (reuse, reply) = body(refresh(signed_in.refresh_cookie.clone()).await).await;
    assert_eq!((reuse, reply["err"]["code"].as_str()), (401, Some("401")), "the old cookie is refused");
    let (after_theft, _) = body(refresh(rotated).await).await;
    assert_eq!(after_theft, 401, "reuse revoked the whole family");
}

/// Renews the sign-in with a refresh cookie, as the app's start-up verify does: the status and the new cookie.
async fn renew(app: &TestApp, cookie: String) -> (u16, Option<String>) {
    let response = app
        .client
        .get(app.url("/auth/verify-lemonade?service=LIMOO_shop"))
        .header("cookie", cookie)
        .send()
        .await
        .expect("answered");
    (response.status().as_u16(), refresh_cookie_of(&response))
}

/// Moves every used refresh credential's use `ms` into the past.
async fn used_earlier(app: &TestApp, ms: i64) {
    app.execute_sql(format!("UPDATE refresh_token SET used_at = used_at - {ms} WHERE used_at IS NOT NULL")).await;
}

/// The browser's tabs share the cookie: two renewing at once, or a renewal sent again after its answer was lost,
/// bring it back moments after its use. Each gets a working credential; the sign-in goes on.
#[tokio::test]
async fn two_tabs_renewing_at_once_stay_signed_in() {
    let app = spawn_app().await;
    let signed_in = app.register_customer(MOBILE).await;
    let (a, b) =
        tokio::join!(renew(&app, signed_in.refresh_cookie.clone()), renew(&app, signed_in.refresh_cookie.clone()));
    let resent = renew(&app, signed_in.refresh_cookie.clone()).await;
    for (status, cookie) in [a, b, resent] {
        assert_eq!(status, 200);
        let (next, _) = renew(&app, cookie.expect("a new cookie")).await;
        assert_eq!(next, 200, "each new credential renews the sign-in");
    }
}

/// A script renewing in a loop, or resending one cookie within the reuse grace, cannot grow the credentials
/// table: a sign-in keeps its newest few, and an old cookie that fell out is refused without ending the sign-in.
#[tokio::test]
async fn renewing_in_a_loop_keeps_a_few_credentials() {
    let app = spawn_app().await;
    let signed_in = app.register_customer(MOBILE).await;
    let stored = || app.query_i64("SELECT COUNT(*) FROM refresh_token");
    let mut newest = signed_in.refresh_cookie.clone();
    for _ in 0..3 * KEPT_PER_SIGN_IN {
        let (status, cookie) = renew(&app, newest).await;
        assert_eq!(status, 200);
        newest = cookie.expect("a new cookie");
    }
    assert_eq!(stored().await, KEPT_PER_SIGN_IN, "a sign-in keeps its newest credentials only");

    // One used cookie sent again and again within the grace: each answer adds a credential, each trims the oldest,
    // and soon the resent cookie itself is gone.
    let (_, next) = renew(&app, newest.clone()).await;
    let mut refused_at = None;
    for attempt in 0..3 * KEPT_PER_SIGN_IN {
        if renew(&app, newest.clone()).await.0 == 401 {
            refused_at = Some(attempt);
            break;
        }
    }
    assert!(refused_at.is_some_and(|at| at < KEPT_PER_SIGN_IN), "resending stopped working: {refused_at:?}");
    assert!(stored().await <= KEPT_PER_SIGN_IN);
    let (status, _) = renew(&app, next.expect("a new cookie")).await;
    assert_eq!(status, 200, "an old cookie falling out did not end the sign-in");
}

/// Each sign-in starts a family of credentials: a new one drops the customer's expired and revoked credentials
/// and every sign-in but the newest, so signing in again and again cannot grow the table either.
#[tokio::test]
async fn a_new_sign_in_prunes_the_customers_old_ones() {
    let app = spawn_app().await;
    let first = app.register_customer(MOBILE).await;
    let customer = first.user["id"].as_i64().expect("customer id");
    let long_ago = now_ms() - 86_400_000;
    for n in 0..SIGN_INS_KEPT + 5 {
        let (expires, revoked) = match n {
            0 => (long_ago, "NULL".to_owned()),
            1 => (long_ago + 864_000_000, long_ago.to_string()),
            _ => (long_ago + 864_000_000, "NULL".to_owned()),
        };
        app.execute_sql(format!(
            "INSERT INTO refresh_token (refresh_token_id, customer_id, family_id, created_at, expires_at, revoked_at) \
             VALUES ('old-{n}', {customer}, 'family-{n}', {}, {expires}, {revoked})",
            long_ago + n,
        ))
        .await;
    }
    app.forget_codes(MOBILE, 1).await;
    let (sent, _) = body(app.post_json("/auth/otp", &identity(MOBILE)).await).await;
    assert_eq!(sent, 200);
    let code = app.last_sms_code(MOBILE).expect("a code");
    let (status, _) = body(app.post_json("/auth/login", &json!({ "mobileNumber": MOBILE, "otp": code })).await).await;
    assert_eq!(status, 200);

    let families = app.query_i64("SELECT COUNT(DISTINCT family_id) FROM refresh_token").await;
    assert_eq!(families, SIGN_INS_KEPT);
    let gone = app.query_i64("SELECT COUNT(*) FROM refresh_token WHERE family_id IN ('family-0', 'family-1')").await;
    assert_eq!(gone, 0, "the expired and the revoked credential are dropped");
    let oldest_kept = app.query_i64("SELECT COUNT(*) FROM refresh_token WHERE family_id = 'family-6'").await;
    assert_eq!(oldest_kept, 0, "past the newest sign-ins, the oldest ends");
    let (renewed, _) = renew(&app, first.refresh_cookie.clone()).await;
    assert_eq!(renewed, 200, "the customer's recent sign-ins go on");
}

/// An anonymous visitor's start-up verify [AU-41] is no failure: nothing to renew, nothing for the console to report.
#[tokio::test]
async fn verify_without_a_refresh_cookie_answers_no_content() {
    let app = spawn_app().await;
    let response = app.client.get(app.url("/auth/verify-lemonade?service=LIMOO_shop")).send().await.unwrap();
    assert_eq!(response.status(), 204);
    assert!(response.headers().get("set-cookie").is_none(), "no cookie is set or cleared");
}

#[tokio::test]
async fn logout_revokes_the_refresh_cookie() {
    let app = spawn_app().await;
    let signed_in = app.register_customer(MOBILE).await;
    let out =
        app.client.post(app.url("/app/auth/logout")).header("cookie", &signed_in.refresh_cookie).send().await.unwrap();
    assert!(out.headers()["set-cookie"].to_str().unwrap().contains("Max-Age=0"));
    let again = app
        .client
        .get(app.url("/auth/verify-lemonade"))
        .header("cookie", &signed_in.refresh_cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 401);
}

/// On this replica at once, and on another (which reads the others' logouts every `REVOCATION_RECHECK_MS`, here
/// on every call) too.
#[tokio::test]
async fn logout_ends_the_bearer_token_it_carries_and_no_other_session() {
    let app = spawn_app().await;
    let replica = app.start_process(&[("REVOCATION_RECHECK_MS", "0")]).await.expect("a second replica");
    let signed_in = app.register_customer(MOBILE).await;
    let other_device = app.token_for(MOBILE, 1).await;
    let current_user = "/app/auth/currentUser";
    let on_replica = || app.client.get(replica.url(current_user)).bearer_auth(&signed_in.token).send();
    assert_eq!(app.get_as(&signed_in.token, current_user).await.0, 200);
    assert_eq!(on_replica().await.unwrap().status(), 200);
    let logout = || {
        app.client
            .post(app.url("/app/auth/logout"))
            .bearer_auth(&signed_in.token)
            .header("cookie", &signed_in.refresh_cookie)
            .send()
    };
    assert_eq!(logout().await.unwrap().status(), 200);

    let (status, reply) = app.get_as(&signed_in.token, current_user).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (401, Some("401")), "the signed-out token is refused: {reply}");
    assert_eq!(on_replica().await.unwrap().status(), 401, "and on the other replica");
    let logged = app.client.get(app.url("/api/auth/isloggedin")).bearer_auth(&signed_in.token).send().await.unwrap();
    assert_eq!(body(logged).await.1["msg"]["isLoggedIn"], false);
    assert_eq!(logout().await.unwrap().status(), 200, "where a token is optional, a signed-out one is anonymous");
    let (status, reply) = app.get_as(&other_device, current_user).await;
    assert_eq!(status, 200, "another session of the same customer goes on: {reply}");
}

/// Each renewal mints a bearer token; signing those out one by one without the refresh cookie, as a script would, must
/// not add a deny-list row each (a sign-in is ended once, and only then is the token it carries recorded). The
/// device's own sign-out, cookie and token, still refuses its token; a second one with the ended cookie records nothing.
#[tokio::test]
async fn signing_out_bearer_tokens_alone_does_not_grow_the_deny_list() {
    let app = spawn_app().await;
    let signed_in = app.register_customer(MOBILE).await;
    let logout = |token: &str, cookie: Option<&str>| {
        let mut request = app.client.post(app.url("/app/auth/logout")).bearer_auth(token);
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        request.send()
    };
    let denied = || app.query_i64("SELECT COUNT(*) FROM revoked_access_token");
    let mut cookie = signed_in.refresh_cookie.clone();
    let mut token = signed_in.token.clone();
    for _ in 0..5 {
        let renewed = app.client.get(app.url("/auth/verify-lemonade")).header("cookie", &cookie).send().await.unwrap();
        cookie = refresh_cookie_of(&renewed).expect("a new cookie");
        let (status, reply) = body(renewed).await;
        assert_eq!(status, 200, "{reply}");
        token = reply["lemonadeToken"].as_str().expect("a token").to_owned();
        assert_eq!(logout(&token, None).await.unwrap().status(), 200);
    }
    assert_eq!(denied().await, 0, "no sign-in ended, no token recorded");

    assert_eq!(logout(&token, Some(&cookie)).await.unwrap().status(), 200);
    assert_eq!(app.get_as(&token, "/app/auth/currentUser").await.0, 401, "the device's sign-out ends its token");
    assert_eq!(denied().await, 1);
    assert_eq!(logout(&signed_in.token, Some(&cookie)).await.unwrap().status(), 200);
    assert_eq!(denied().await, 1, "the ended sign-in records no more tokens");
}

/// The client address the last code request for `mobile` was counted against (per-IP limits).
async fn counted_address(app: &TestApp, mobile: &str) -> String {
    let number = limoo_bff::auth::parse_mobile(mobile, 1).expect("valid mobile");
    let sql = "SELECT client_ip FROM otp_code WHERE subject = $1 ORDER BY created_at DESC LIMIT 1";
    let row: Result<(String,), _> = match app.db() {
        Db::Sqlite(pool) => sqlx::query_as(sql).bind(number.canonical()).fetch_one(pool).await,
        Db::Postgres(pool) => sqlx::query_as(sql).bind(number.canonical()).fetch_one(pool).await,
    };
    row.expect("a code was requested").0
}

async fn request_code_forwarded_for(app: &TestApp, mobile: &str, forwarded_for: &str) {
    let sent =
        app.client.post(app.url("/auth/otp")).header("X-Forwarded-For", forwarded_for).json(&identity(mobile)).send();
    assert_eq!(sent.await.unwrap().status(), 200);
}

#[tokio::test]
async fn per_ip_limits_believe_x_forwarded_for_only_from_a_trusted_proxy() {
    let app = spawn_app().await;
    request_code_forwarded_for(&app, MOBILE, "198.51.100.7").await;
    assert_eq!(counted_address(&app, MOBILE).await, "127.0.0.1", "an untrusted peer's header is ignored");

    let options = AppOptions { trusted_proxies: vec!["127.0.0.1/32".to_owned()], ..AppOptions::default() };
    let behind_proxy = TestApp::spawn(options).await.expect("test app");
    request_code_forwarded_for(&behind_proxy, MOBILE, "203.0.113.1, 198.51.100.7").await;
    assert_eq!(counted_address(&behind_proxy, MOBILE).await, "198.51.100.7", "the right-most untrusted hop");
    // One IPv6 subscriber holds a whole /64: rotating its last 64 bits must not reset the hourly count.
    request_code_forwarded_for(&behind_proxy, "09351234567", "2001:db8:1:2:aaaa:bbbb:cccc:dddd").await;
    assert_eq!(counted_address(&behind_proxy, "09351234567").await, "2001:db8:1:2::");
}

#[tokio::test]
async fn refresh_cookie_is_http_only_and_strict() {
    let app = spawn_app().await;
    app.post_json("/auth/otp", &identity(MOBILE)).await;
    let code = app.last_sms_code(MOBILE).unwrap();
    let response = app.post_json("/auth/register", &json!({ "mobileNumber": MOBILE, "otp": code })).await;
    let cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
    for attribute in ["HttpOnly", "SameSite=Strict", "Secure", "Path=/"] {
        assert!(cookie.contains(attribute), "{cookie} lacks {attribute}");
    }
}

#[tokio::test]
async fn forged_expired_and_alg_none_tokens_are_rejected() {
    let app = spawn_app().await;
    let signed_in = app.register_customer(MOBILE).await;
    let mut parts: Vec<&str> = signed_in.token.split('.').collect();
    let none_header = base64_url_encode(br#"{"alg":"none","typ":"JWT"}"#);
    let alg_none = format!("{none_header}.{}.", parts[1]);
    let forged_claims = base64_url_encode(format!(r#"{{"sub":"1","exp":{},"iat":0}}"#, i64::MAX / 2).as_bytes());
    parts[1] = &forged_claims;
    let forged = parts.join(".");
    let expired_claims = base64_url_encode(br#"{"sub":"1","exp":1000,"iat":0}"#);
    for (name, token) in [
        ("alg none", alg_none),
        ("forged signature", forged),
        ("garbage", "abc".into()),
        ("expired", format!("x.{expired_claims}.y")),
    ] {
        let response = app.client.get(app.url("/app/auth/currentUser")).bearer_auth(&token).send().await.unwrap();
        let (status, reply) = body(response).await;
        assert_eq!((status, reply["err"]["code"].as_str()), (401, Some("401")), "{name}: {reply}");
    }
    let missing = app.client.get(app.url("/lemonade/api/can-buy-diet")).send().await.unwrap();
    let (status, reply) = body(missing).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (401, Some("401")), "no token: {reply}");
}

/// Signed with the service's own key, so only the subject is wrong: before, it read as customer 0.
#[tokio::test]
async fn a_token_whose_subject_is_not_a_number_is_a_401() {
    let app = spawn_app().await;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    let claims = Claims { sub: "admin".into(), exp: now + 600, iat: now, jti: "subject-probe".into() };
    let token = app.tokens().sign(&claims).unwrap();
    for path in ["/app/auth/currentUser", "/lemonade/api/can-buy-diet"] {
        let response = app.client.get(app.url(path)).bearer_auth(&token).send().await.unwrap();
        let (status, reply) = body(response).await;
        assert_eq!((status, reply["err"]["code"].as_str()), (401, Some("401")), "{path}: {reply}");
    }
}

#[tokio::test]
async fn legacy_aliases_answer_in_their_own_envelope() {
    let app = spawn_app().await;
    let sent = app
        .client
        .post(app.url("/app/auth/sendotp"))
        .form(&[("mobileNumber", MOBILE), ("country", "1")])
        .send()
        .await
        .unwrap();
    let (status, reply) = body(sent).await;
    assert_eq!((status, reply["status"].as_str()), (200, Some("success")));
    let code = app.last_sms_code(MOBILE).unwrap();
    let login = app
        .client
        .post(app.url("/app/auth/loginorregister"))
        .form(&[("mobileNumber", MOBILE), ("country", "1"), ("otp", &code)])
        .send()
        .await
        .unwrap();
    let (status, reply) = body(login).await;
    assert_eq!((status, reply["status"].as_str()), (200, Some("success")));
    let token = reply["msg"]["lemonadeToken"].as_str().unwrap().to_owned();
    let logged = app.client.get(app.url("/api/auth/isloggedin")).bearer_auth(&token).send().await.unwrap();
    assert_eq!(body(logged).await.1["msg"]["isLoggedIn"], true);
    let refused =
        app.client.post(app.url("/api/auth/login/otp")).form(&[("mobileNumber", MOBILE)]).send().await.unwrap();
    let (status, reply) = body(refused).await;
    assert_eq!((status, reply["status"].as_str()), (429, Some("error")));
}

#[tokio::test]
async fn login_with_file_number_sends_a_code_only_for_the_matching_number() {
    let app = spawn_app().await;
    let signed_in = app.register_customer(MOBILE).await;
    let file = signed_in.user["profileNumber"].as_str().unwrap().to_owned();
    let other = json!({ "mobileNumber": "09121111111", "countryId": 1, "profileNumber": file });
    assert_eq!(app.post_json("/auth/profile-number", &other).await.status(), 400);
    // The registration code went out moments ago; the file-number code obeys the same resend limit.
    let own = json!({ "mobileNumber": MOBILE, "countryId": 1, "profileNumber": file });
    assert_eq!(app.post_json("/auth/profile-number", &own).await.status(), 429);
}

#[tokio::test]
async fn countries_hold_iran_and_turkey_at_their_ids() {
    let app = spawn_app().await;
    let (status, countries) = body(app.client.get(app.url("/lemonade/api/countries")).send().await.unwrap()).await;
    assert_eq!(status, 200);
    let list = countries.as_array().unwrap();
    assert!(list.len() > 200, "about 240 countries, got {}", list.len());
    let by_id = |id: i64| list.iter().find(|c| c["id"] == id).cloned().unwrap();
    assert_eq!(by_id(1)["code"], "98");
    assert_eq!(by_id(1)["iso2"], "IR");
    assert_eq!(by_id(220)["iso2"], "TR");
}

#[tokio::test]
async fn sessions_are_created_patched_and_events_recorded() {
    let app = spawn_app().await;
    let (status, created) =
        body(app.post_json("/lemonade/api/sessions", &json!({ "utmSource": "google", "meta": { "a": 1 } })).await)
            .await;
    assert_eq!(status, 200);
    let id = created["id"].as_str().unwrap().to_owned();
    let edit_token = created["editToken"].as_str().unwrap().to_owned();
    let patched = app
        .client
        .patch(app.url(&format!("/lemonade/api/sessions/{id}")))
        .header("X-Edit-Token", &edit_token)
        .json(&json!({ "utmCampaign": "yalda", "userId": "7" }))
        .send()
        .await
        .unwrap();
    assert_eq!(patched.status(), 200);
    let row = limoo_bff::store::sessions::find(app.db(), &id).await.unwrap().unwrap();
    assert!(row.utm.contains("yalda") && row.user_id.as_deref() == Some("7"), "{row:?}");
    let missing = app.client.patch(app.url("/lemonade/api/sessions/nope")).json(&json!({})).send().await.unwrap();
    assert_eq!(missing.status(), 404);
    let event = json!({ "action": "get_otp", "category": "click", "sessionId": id, "meta": { "currency": "IRR" } });
    assert_eq!(app.post_json("/lemonade/api/analytics", &event).await.status(), 200);
    assert_eq!(limoo_bff::store::analytics::actions_for_session(app.db(), &id).await.unwrap(), vec!["get_otp"]);
    let empty = json!({ "action": "", "category": "click" });
    assert_eq!(app.post_json("/lemonade/api/analytics", &empty).await.status(), 400);
}

fn base64_url_decode(text: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(text).expect("base64url")
}

fn base64_url_encode(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

#[tokio::test]
async fn a_name_over_1_kib_is_refused_before_the_code_is_spent() {
    let app = spawn_app().await;
    let identity = json!({ "mobileNumber": "09121234567", "countryId": 1 });
    assert_eq!(app.post_json("/auth/otp", &identity).await.status(), 200);
    let code = app.last_sms_code("09121234567").expect("a code");
    let long = json!({ "mobileNumber": "09121234567", "countryId": 1, "firstName": "ن".repeat(600), "otp": code });
    let response = app.post_json("/auth/register", &long).await;
    assert_eq!(response.status(), 400);
    let reply: Value = response.json().await.expect("JSON");
    assert_eq!(reply["err"]["details"]["messages"], json!(["firstName is larger than 1 KiB"]), "{reply}");

    let short = json!({ "mobileNumber": "09121234567", "countryId": 1, "firstName": "علی", "otp": code });
    assert_eq!(app.post_json("/auth/register", &short).await.status(), 200, "the code is still good");
}

/// The registration code goes to an address the caller chooses, so it proves nothing about a number that has a
/// customer, or a number of a country served by SMS: asking for one is refused and nothing is e-mailed.
#[tokio::test]
async fn an_e_mailed_registration_code_is_refused_for_a_registered_or_an_sms_number() {
    let app = spawn_app().await;
    app.load_demo_customers().await;
    let attacker = "me@attacker.example";
    let registered = json!({ "mobileNumber": "5321234567", "countryId": 220, "email": attacker });
    let (status, reply) = body(app.post_json("/auth/register/email", &registered).await).await;
    assert_eq!(
        (status, reply["err"]["message"].as_str()),
        (400, Some("این شماره قبلا ثبت شده است؛ از گزینه ورود استفاده کنید"))
    );
    let iranian = json!({ "mobileNumber": "09351234567", "countryId": 1, "email": attacker });
    let (status, reply) = body(app.post_json("/auth/register/email", &iranian).await).await;
    assert_eq!((status, reply["err"]["message"].as_str()), (400, Some("کد ورود این شماره با پیامک فرستاده می‌شود")));
    assert_eq!(app.last_email_code(attacker), None, "nothing was e-mailed");
}

/// A registration code asked for while the number was free signs in nobody once the number has a customer: neither
/// by registering nor by logging in with it.
#[tokio::test]
async fn a_registration_code_does_not_sign_in_the_customer_who_registered_meanwhile() {
    for path in ["/auth/register", "/auth/login"] {
        let app = spawn_app().await;
        let attacker = "me@attacker.example";
        let free = json!({ "mobileNumber": "5321234567", "countryId": 220, "email": attacker });
        let (status, _) = body(app.post_json("/auth/register/email", &free).await).await;
        assert_eq!(status, 200);
        let code = app.wait_for_email_code(attacker).await.expect("the code was e-mailed");
        app.load_demo_customers().await;
        let sign_in =
            json!({ "mobileNumber": "5321234567", "countryId": 220, "firstName": "x", "lastName": "y", "otp": code });
        let (status, reply) = body(app.post_json(path, &sign_in).await).await;
        assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("400")), "{path}: {reply}");
        assert!(reply.get("lemonadeToken").is_none() && reply.get("token").is_none(), "{path}: {reply}");
        let (_, check) =
            body(app.post_json("/auth/check-mobile", &json!({ "mobileNumber": "5321234567", "countryId": 220 })).await)
                .await;
        assert_eq!(check, json!({ "isRegistered": true, "authenticationType": "email" }));
    }
}

/// A form the older calls cannot read (a field missing, or not a form at all) is answered in the `{status, msg}`
/// body their schema declares, like every other failure of theirs.
#[tokio::test]
async fn the_older_calls_answer_an_unreadable_form_in_their_own_envelope() {
    let app = spawn_app().await;
    for path in ["/app/auth/sendotp", "/api/auth/login/otp", "/app/auth/loginorregister"] {
        let no_number = app.client.post(app.url(path)).form(&[("country", "1")]).send().await.unwrap();
        let not_a_form = app.client.post(app.url(path)).json(&json!({ "mobileNumber": MOBILE })).send().await.unwrap();
        for sent in [no_number, not_a_form] {
            let (status, reply) = body(sent).await;
            assert_eq!((status, reply["status"].as_str()), (400, Some("error")), "{path}: {reply}");
            assert_eq!(reply["msg"], "لطفا اطلاعات خود را صحیح وارد نمایید", "{path}: {reply}");
            assert!(reply.get("err").is_none(), "{path}: {reply}");
        }
    }
}

/// An address that RFC 5322 allows but no mailer can put in an envelope (a quoted local part) is refused as
/// mistyped, before a code is made, instead of failing at the send.
#[tokio::test]
async fn an_address_the_mailer_cannot_send_to_is_refused_with_400() {
    let app = spawn_app().await;
    let quoted = r#""a\"b"@example.com"#;
    let sent = json!({ "mobileNumber": "5321234567", "countryId": 220, "email": quoted });
    let (status, reply) = body(app.post_json("/auth/register/email", &sent).await).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("400")), "{reply}");
    assert_eq!(reply["err"]["message"], "ایمیل به درستی وارد نشده است", "{reply}");
}

async fn patch_session(app: &TestApp, id: &str, edit_token: Option<&str>, bearer: Option<&str>) -> (u16, Value) {
    let mut request =
        app.client.patch(app.url(&format!("/lemonade/api/sessions/{id}"))).json(&json!({ "utmCampaign": "relinked" }));
    if let Some(edit_token) = edit_token {
        request = request.header("X-Edit-Token", edit_token);
    }
    if let Some(bearer) = bearer {
        request = request.bearer_auth(bearer);
    }
    body(request.send().await.unwrap()).await
}

/// A visit session changes only by whoever created it (the edit token its create call answered) or the customer it
/// is linked to; anyone else gets the 404 of an unknown session, in the envelope, and the session stays as it was.
#[tokio::test]
async fn a_visit_session_changes_only_by_its_creator_or_its_customer() {
    let app = spawn_app().await;
    let (status, created) =
        body(app.post_json("/lemonade/api/sessions", &json!({ "utmSource": "google" })).await).await;
    assert_eq!(status, 200, "{created}");
    let (id, edit_token) = (created["id"].as_str().unwrap(), created["editToken"].as_str().unwrap());
    let stranger = app.existing_customer("09351234567").await;

    for (who, edit_token, bearer) in [
        ("no token", None, None),
        ("a wrong edit token", Some("0".repeat(64)), None),
        ("another customer's bearer token", None, Some(stranger.as_str())),
    ] {
        let (status, reply) = patch_session(&app, id, edit_token.as_deref(), bearer).await;
        assert_eq!((status, reply["err"]["code"].as_str()), (404, Some("404")), "{who}: {reply}");
        assert_eq!(reply["err"]["message"], "آدرس درخواست شده پیدا نشد.", "{who}: {reply}");
    }
    let row = limoo_bff::store::sessions::find(app.db(), id).await.unwrap().unwrap();
    assert!(!row.utm.contains("relinked"), "refused calls changed nothing: {row:?}");

    // The creator signs in: the edit token with the bearer token links the session to that customer.
    let owner = app.existing_customer("09121234567").await;
    let (status, reply) = patch_session(&app, id, Some(edit_token), Some(&owner)).await;
    assert_eq!((status, reply["id"].as_str()), (200, Some(id)), "{reply}");
    let (status, reply) = patch_session(&app, id, None, Some(&owner)).await;
    assert_eq!(status, 200, "the linked customer, without the edit token: {reply}");
    let (status, reply) = patch_session(&app, id, None, Some(&stranger)).await;
    assert_eq!(status, 404, "still not another customer: {reply}");
    let owner_id = app.tokens().verify(&owner).unwrap().customer_id();
    assert_eq!(limoo_bff::store::sessions::find(app.db(), id).await.unwrap().unwrap().customer_id, owner_id);
}

/// A session created with a bearer token belongs to that customer from the start.
#[tokio::test]
async fn a_session_created_signed_in_is_changed_by_that_customer_alone() {
    let app = spawn_app().await;
    let owner = app.existing_customer("09121234567").await;
    let stranger = app.existing_customer("09351234567").await;
    let created = app
        .client
        .post(app.url("/lemonade/api/sessions"))
        .bearer_auth(&owner)
        .json(&json!({ "utmSource": "google" }))
        .send()
        .await
        .unwrap();
    let (_, created) = body(created).await;
    let id = created["id"].as_str().unwrap();
    assert_eq!(patch_session(&app, id, None, Some(&stranger)).await.0, 404);
    assert_eq!(patch_session(&app, id, None, Some(&owner)).await.0, 200);
}
