use limoo_tests::spawn_app;

#[tokio::test]
async fn health_check_answers_ok() {
    let app = spawn_app().await;
    let response = app.client.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");
}

#[tokio::test]
async fn products_are_json_with_toman_prices() {
    let app = spawn_app().await;
    let response = app.list_products(&[]).await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
    let products: Vec<serde_json::Value> = response.json().await.unwrap();
    assert!(!products.is_empty());
    for p in &products {
        assert_eq!(p["currency"], "تومان");
        assert!(p["finalPrice"].as_i64().unwrap() <= p["price"].as_i64().unwrap(), "{p}");
        assert_eq!(p["service"], "LIMOO_SHOP");
    }
}

#[tokio::test]
async fn a_wrong_method_gets_the_error_envelope() {
    let app = spawn_app().await;
    let response = app.client.delete(app.url("/lemonade/api/products")).send().await.unwrap();
    assert_eq!(response.status(), 405);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["err"]["code"], "405");
    assert_eq!(body["err"]["message"], limoo_bff::messages::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn unknown_web_paths_fall_back_to_the_app_shell() {
    let app = spawn_app().await;
    if !limoo_tests::workspace_root().join("web/dist/index.html").exists() {
        panic!("web/dist is missing: build the web app first (npm --prefix web run build)");
    }
    let response = app.client.get(app.url("/some/deep/link")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.text().await.unwrap().contains("dir=\"rtl\""));
}

#[tokio::test]
async fn readiness_follows_the_database() {
    let app = spawn_app().await;
    let response = app.client.get(app.url("/readyz")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<serde_json::Value>().await.unwrap()["status"], "ok");
    app.db().close().await;
    let response = app.client.get(app.url("/readyz")).send().await.unwrap();
    assert_eq!(response.status(), 503);
    assert_eq!(response.json::<serde_json::Value>().await.unwrap()["status"], "unavailable");
}

#[tokio::test]
async fn every_response_carries_a_request_id() {
    let app = spawn_app().await;
    let sent = app.client.get(app.url("/healthz")).header("x-request-id", "lb-42.a").send().await.unwrap();
    assert_eq!(sent.headers()["x-request-id"], "lb-42.a");
    let made = app.client.get(app.url("/lemonade/api/nothing-here")).send().await.unwrap();
    assert_eq!(made.status(), 404);
    let made_id = made.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert_eq!(made_id.len(), 32, "{made_id}");
    let forged = app.client.get(app.url("/healthz")).header("x-request-id", "x".repeat(200)).send().await.unwrap();
    assert_ne!(forged.headers()["x-request-id"], "x".repeat(200).as_str());
}

#[tokio::test]
async fn metrics_count_operations_and_codes_in_the_openmetrics_format() {
    let app = spawn_app().await;
    app.list_products(&[]).await;
    app.register_customer("09127770001").await;
    let response = app.client.get(app.url("/metrics")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("application/openmetrics-text"));
    let text = response.text().await.unwrap();
    for expected in [
        r#"limoo_http_requests_total{operation="listProducts",status="200"} 1"#,
        r#"limoo_codes_sent_total{channel="sms"} 1"#,
        r#"limoo_http_request_duration_seconds_bucket{le="+Inf",operation="listProducts",status="200"} 1"#,
        r#"limoo_db_pool_connections{state="max"}"#,
    ] {
        assert!(text.contains(expected), "{expected} in\n{text}");
    }
}

#[tokio::test]
async fn a_bff_process_that_cannot_start_says_why_at_once_instead_of_waiting_out_the_deadline() {
    let app = spawn_app().await;
    let started = std::time::Instant::now();
    let error = app.start_process(&[("PORT", "not-a-port")]).await.expect_err("no BFF on a port that is not one");
    let error = format!("{error:#}");
    assert!(error.contains("exited") && error.contains("not-a-port"), "the reason, from its log: {error}");
    assert!(started.elapsed() < std::time::Duration::from_secs(10), "long before the 30 s deadline");
}

#[tokio::test]
async fn metrics_want_the_token_when_one_is_set() {
    let app = spawn_app().await;
    let bff = app.start_process(&[("METRICS_TOKEN", "scrape-secret")]).await.unwrap();
    let url = format!("{}/metrics", bff.address);
    assert_eq!(app.client.get(&url).send().await.unwrap().status(), 401);
    let wrong = app.client.get(&url).bearer_auth("guess").send().await.unwrap();
    assert_eq!(wrong.status(), 401);
    let scraped = app.client.get(&url).bearer_auth("scrape-secret").send().await.unwrap();
    assert_eq!(scraped.status(), 200);
}

/// Replicas share the database server's connections: each holds at most what the operator gives it.
#[tokio::test]
async fn a_replica_holds_at_most_the_database_connections_it_is_given() {
    let app = spawn_app().await;
    let bff = app.start_process(&[("DATABASE_MAX_CONNECTIONS", "3")]).await.unwrap();
    let text = app.client.get(format!("{}/metrics", bff.address)).send().await.unwrap().text().await.unwrap();
    assert!(text.contains(r#"limoo_db_pool_connections{state="max"} 3"#), "{text}");
    let refused = app.start_process(&[("DATABASE_MAX_CONNECTIONS", "0")]).await.expect_err("no pool of none");
    assert!(format!("{refused:#}").contains("DATABASE_MAX_CONNECTIONS"), "{refused:#}");
}

#[tokio::test]
async fn the_app_config_names_no_support_addresses_until_they_are_configured() {
    let options = limoo_tests::AppOptions { payment_methods: Vec::new(), ..Default::default() };
    let app = limoo_tests::TestApp::spawn(options).await.expect("app");
    let response = app.client.get(app.url("/lemonade/api/app-config")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body, serde_json::json!({ "paymentGateways": [] }));
}

#[tokio::test]
async fn the_app_config_names_the_gateways_the_deployment_offers_in_its_order() {
    use limoo_bff::domain::payment::Gateway;
    let options =
        limoo_tests::AppOptions { payment_methods: vec![Gateway::Tara, Gateway::SnappPay], ..Default::default() };
    let app = limoo_tests::TestApp::spawn(options).await.expect("app");
    let body: serde_json::Value =
        app.client.get(app.url("/lemonade/api/app-config")).send().await.unwrap().json().await.unwrap();
    assert_eq!(body["paymentGateways"], serde_json::json!(["TARA", "SNAPP_PAY"]));
}

#[tokio::test]
async fn the_app_config_gives_the_configured_support_site_and_chat_widget() {
    let options = limoo_tests::AppOptions {
        support_site_url: Some("https://support.limoo.example/help".to_owned()),
        chat_widget: Some(("https://www.goftino.com/widget/".to_owned(), "AbC123".to_owned())),
        support_contacts: Some(("021-91001234".to_owned(), "help@limoo.ir".to_owned())),
        ..Default::default()
    };
    let app = limoo_tests::TestApp::spawn(options).await.expect("app");
    let response = app.client.get(app.url("/lemonade/api/app-config")).send().await.unwrap();
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(
        body,
        serde_json::json!({
            "supportSiteUrl": "https://support.limoo.example/help",
            "chatWidget": { "scriptUrl": "https://www.goftino.com/widget/", "id": "AbC123" },
            "paymentGateways": ["SNAPP_PAY", "DIGIPAY", "TARA", "SAMAN", "GUMROAD"],
            "supportPhone": "021-91001234",
            "supportEmail": "help@limoo.ir",
        })
    );
}

/// A production start left at the development defaults opens no port and touches no database: every unsafe
/// setting is named at once, and the same settings start in development.
#[tokio::test]
async fn a_production_start_with_development_defaults_is_refused_before_it_listens() {
    use limoo_bff::{
        config::{Settings, production::Environment},
        startup::Application,
    };
    let dir = std::env::temp_dir().join(format!("limoo-production-{}", uuid::Uuid::new_v4()));
    let database = format!("sqlite://{}?mode=rwc", dir.join("never.db").display());
    std::fs::create_dir_all(&dir).unwrap();
    let mut settings = Settings::for_database(&database);
    settings.environment = Environment::Production;
    let refused = Application::build(settings.clone()).await.err().expect("refused").to_string();
    for setting in ["AUTH_SECRET", "PUBLIC_BASE_URL", "KAVENEGAR_API_KEY", "VANDAR_BASE_URL", "FINANCE_API_TOKEN"] {
        assert!(refused.contains(setting), "{setting} not named: {refused}");
    }
    assert!(!dir.join("never.db").exists(), "the refused start created its database");
    settings.environment = Environment::Development;
    assert!(Application::build(settings).await.is_ok(), "development starts with the same settings");
    std::fs::remove_dir_all(&dir).ok();
}
