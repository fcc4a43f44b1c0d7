//! The web app adds `botCheckToken` to every JSON and form POST body [AU-47]: the BFF takes the extra field in
//! each body kind without refusing the request (unknown fields are ignored, never a 400).
use limoo_tests::{multipart::post_multipart, spawn_app};
use serde_json::json;

const MOBILE: &str = "09121234567";

#[tokio::test]
async fn a_json_body_with_the_bot_check_token_is_served() {
    let app = spawn_app().await;
    let body = json!({ "mobileNumber": MOBILE, "countryId": 1, "botCheckToken": "tok-123" });
    let response = app.post_json("/auth/check-mobile", &body).await;
    assert_eq!(response.status().as_u16(), 200);
}

#[tokio::test]
async fn a_urlencoded_body_with_the_bot_check_token_is_served() {
    let app = spawn_app().await;
    let form = [("mobileNumber", MOBILE), ("country", "1"), ("botCheckToken", "")];
    let response = app.client.post(app.url("/app/auth/sendotp")).form(&form).send().await.expect("sent");
    assert_eq!(response.status().as_u16(), 200);
}

#[tokio::test]
async fn a_multipart_body_with_the_bot_check_token_is_served() {
    let app = spawn_app().await;
    let fields = [
        ("gender", "FEMALE"),
        ("day", "1"),
        ("month", "1"),
        ("year", "1370"),
        ("weight", "70"),
        ("height", "165"),
        ("botCheckToken", "tok-123"),
    ];
    let (status, reply) = post_multipart(&app, "/landing/perfectbody/registrationt2", &fields).await;
    assert_eq!(status, 200, "{reply}");
}
