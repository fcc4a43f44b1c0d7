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
async fn the_app_config_names_no_support_addresses_until_they_are_configured() {
    let app = spawn_app().await;
    let response = app.client.get(app.url("/lemonade/api/app-config")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body, serde_json::json!({}));
}

#[tokio::test]
async fn the_app_config_gives_the_configured_support_site_and_chat_widget() {
    let options = limoo_tests::AppOptions {
        support_site_url: Some("https://support.limoo.example/help".to_owned()),
        chat_widget: Some(("https://www.goftino.com/widget/".to_owned(), "AbC123".to_owned())),
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
        })
    );
}
