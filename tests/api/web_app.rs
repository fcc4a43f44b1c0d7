//! The web app's delivery to slow phones: precompressed hashed assets cached for a year, an index that
//! is revalidated, `HEAD`, and a 404 for a missing file instead of the app's HTML.
use std::path::PathBuf;

use limoo_tests::{AppOptions, TestApp};
use reqwest::{Method, StatusCode, header};

const INDEX: &str = "<!doctype html><html dir=\"rtl\"></html>";
const SCRIPT: &str = "console.log('limoo')";

/// A built app in miniature: one hashed script with its brotli and gzip siblings (their bytes only
/// need to be told apart), a picture, and the index.
fn web_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("limoo-web-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::create_dir_all(dir.join("media")).unwrap();
    std::fs::write(dir.join("index.html"), INDEX).unwrap();
    std::fs::write(dir.join("assets/index-AbC123.js"), SCRIPT).unwrap();
    std::fs::write(dir.join("assets/index-AbC123.js.br"), "brotli bytes").unwrap();
    std::fs::write(dir.join("assets/index-AbC123.js.gz"), "gzip bytes").unwrap();
    std::fs::write(dir.join("media/wizard-top.jpg"), "jpeg").unwrap();
    dir
}

async fn spawn() -> TestApp {
    TestApp::spawn(AppOptions { web_dir: Some(web_dir()), ..AppOptions::default() }).await.unwrap()
}

async fn get(app: &TestApp, method: Method, path: &str, accept_encoding: &str) -> reqwest::Response {
    app.client.request(method, app.url(path)).header(header::ACCEPT_ENCODING, accept_encoding).send().await.unwrap()
}

fn header_of(response: &reqwest::Response, name: header::HeaderName) -> &str {
    response.headers().get(&name).map_or("", |value| value.to_str().unwrap())
}

#[tokio::test]
async fn hashed_assets_are_sent_precompressed_and_cached_for_a_year() {
    let app = spawn().await;
    for (offered, encoding, body) in [
        ("gzip, deflate, br, zstd", "br", "brotli bytes"),
        ("gzip", "gzip", "gzip bytes"),
        ("br;q=0, gzip;q=0.8", "gzip", "gzip bytes"),
        ("identity", "", SCRIPT),
    ] {
        let response = get(&app, Method::GET, "/assets/index-AbC123.js", offered).await;
        assert_eq!(response.status(), StatusCode::OK, "{offered}");
        assert_eq!(header_of(&response, header::CONTENT_ENCODING), encoding, "{offered}");
        assert!(header_of(&response, header::CONTENT_TYPE).contains("javascript"), "{offered}");
        assert_eq!(header_of(&response, header::CACHE_CONTROL), "public, max-age=31536000, immutable");
        assert_eq!(header_of(&response, header::VARY), "accept-encoding");
        assert_eq!(response.text().await.unwrap(), body, "{offered}");
    }
}

#[tokio::test]
async fn the_index_is_revalidated_on_every_visit() {
    let app = spawn().await;
    for path in ["/", "/index.html"] {
        let response = get(&app, Method::GET, path, "br").await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(header_of(&response, header::CACHE_CONTROL), "no-cache", "{path}");
        let etag = header_of(&response, header::ETAG).to_owned();
        assert_eq!(response.text().await.unwrap(), INDEX, "{path}");
        let again = app.client.get(app.url(path)).header(header::IF_NONE_MATCH, etag).send().await.unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
    }
}

/// The hash router reads only the fragment: a page asked by path goes to the same address with `#`, also when its
/// first segment is an API area's, while API calls and an operation's own 404 stay answers.
#[tokio::test]
async fn a_page_asked_by_path_goes_to_its_hash_address() {
    let app = spawn().await;
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let navigate = |path: &'static str| {
        browser.get(app.url(path)).header(header::ACCEPT, "text/html,application/xhtml+xml,*/*;q=0.8").send()
    };
    for (path, hash_address) in [
        ("/pay-card", "/#/pay-card"),
        ("/select-package-c?utm_campaign=spring", "/#/select-package-c?utm_campaign=spring"),
        ("/diets", "/#/diets"),
        ("/diet/x", "/#/diet/x"),
        ("//evil.test/x", "/#//evil.test/x"),
    ] {
        let response = navigate(path).await.unwrap();
        assert_eq!(response.status(), StatusCode::FOUND, "{path}");
        assert_eq!(header_of(&response, header::LOCATION), hash_address, "{path}");
    }
    // The app's own calls, and an operation that answers 404 itself, are not pages.
    let call = app.client.get(app.url("/diets")).header(header::ACCEPT, "application/json").send().await.unwrap();
    assert_eq!(call.status(), StatusCode::NOT_FOUND);
    assert!(header_of(&call, header::CONTENT_TYPE).starts_with("application/json"));
    let token = app.existing_customer("09121234567").await;
    let missing = browser
        .get(app.url("/lemonade/api/orders/424242/invoice"))
        .bearer_auth(&token)
        .header(header::ACCEPT, "text/html")
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert!(header_of(&missing, header::CONTENT_TYPE).starts_with("application/json"));
}

#[tokio::test]
async fn head_is_answered_like_get_without_a_body() {
    let app = spawn().await;
    for path in ["/", "/assets/index-AbC123.js"] {
        let response = get(&app, Method::HEAD, path, "identity").await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert!(!header_of(&response, header::CACHE_CONTROL).is_empty(), "{path}");
        assert_eq!(response.text().await.unwrap(), "", "{path}");
    }
}

#[tokio::test]
async fn a_missing_file_is_a_404_not_the_app() {
    let app = spawn().await;
    for path in ["/assets/index-Old999.js", "/media/partner-logo.png", "/favicon.ico", "/quiz/missing.svg"] {
        let response = get(&app, Method::GET, path, "br").await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert!(!response.text().await.unwrap().contains("<html"), "{path}");
    }
    let picture = get(&app, Method::GET, "/media/wizard-top.jpg", "br").await;
    assert_eq!(picture.status(), StatusCode::OK);
    assert_eq!(header_of(&picture, header::CACHE_CONTROL), "public, max-age=3600");
}

#[tokio::test]
async fn other_methods_are_refused() {
    let app = spawn().await;
    let response = get(&app, Method::POST, "/assets/index-AbC123.js", "br").await;
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
}

/// Another site cannot frame the sign-in or payment screens, and no reply is sniffed into another type.
#[tokio::test]
async fn pages_and_api_replies_forbid_framing_and_sniffing() {
    let app = spawn().await;
    for path in ["/", "/assets/index-AbC123.js", "/lemonade/api/products", "/no-such-file.js"] {
        let response = get(&app, Method::GET, path, "gzip").await;
        assert_eq!(header_of(&response, header::X_FRAME_OPTIONS), "DENY", "{path}");
        assert!(header_of(&response, header::CONTENT_SECURITY_POLICY).contains("frame-ancestors 'none'"), "{path}");
        assert_eq!(header_of(&response, header::X_CONTENT_TYPE_OPTIONS), "nosniff", "{path}");
        assert_eq!(header_of(&response, header::REFERRER_POLICY), "strict-origin-when-cross-origin", "{path}");
        assert_eq!(header_of(&response, header::STRICT_TRANSPORT_SECURITY), "", "served over plain HTTP: {path}");
    }
}

/// A hashed asset is served from memory after its first request, with the same validator every time: a browser
/// that asks again with it is told nothing changed.
#[tokio::test]
async fn a_hashed_asset_keeps_its_etag_and_answers_304_to_it() {
    let app = spawn().await;
    let first = get(&app, Method::GET, "/assets/index-AbC123.js", "br").await;
    let etag = header_of(&first, header::ETAG).to_owned();
    assert!(!etag.is_empty());
    let again = get(&app, Method::GET, "/assets/index-AbC123.js", "gzip").await;
    assert_eq!(header_of(&again, header::ETAG), etag, "one validator whatever the encoding");
    assert_eq!(again.text().await.unwrap(), "gzip bytes");
    let revalidated =
        app.client.get(app.url("/assets/index-AbC123.js")).header(header::IF_NONE_MATCH, &etag).send().await.unwrap();
    assert_eq!(revalidated.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(revalidated.text().await.unwrap(), "");
}
