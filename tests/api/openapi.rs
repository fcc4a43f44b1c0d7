use limoo_tests::{spawn_app, workspace_root};

#[test]
fn committed_openapi_matches_the_code() {
    let path = workspace_root().join("openapi/openapi.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    let current = limoo_bff::api::spec_json();
    assert!(
        committed.trim_end() == current.trim_end(),
        "openapi/openapi.json is out of date; regenerate it with:\n  cargo run -q -p limoo-bff -- openapi > openapi/openapi.json\nthen `npm run gen:api` in web/"
    );
}

#[tokio::test]
async fn served_spec_is_the_committed_one() {
    let app = spawn_app().await;
    let served: serde_json::Value =
        app.client.get(app.url("/openapi.json")).send().await.unwrap().json().await.unwrap();
    let code: serde_json::Value = serde_json::from_str(&limoo_bff::api::spec_json()).unwrap();
    assert_eq!(served, code);
    assert!(served["paths"]["/lemonade/api/products"]["get"].is_object());
}

#[tokio::test]
async fn interactive_docs_are_served() {
    let app = spawn_app().await;
    let page = app.client.get(app.url("/docs")).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("swagger"), "the docs page is Swagger UI");
}
