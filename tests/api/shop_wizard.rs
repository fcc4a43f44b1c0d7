//! Wizard configs over HTTP: public, the demo wizards with their catalogue products, 404 otherwise.
use limoo_tests::{TestApp, spawn_app};
use serde_json::Value;

async fn config(app: &TestApp, path: &str) -> (u16, Value) {
    let response = app.client.get(app.url(path)).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

fn option_ids(page: &Value) -> Vec<i64> {
    page["options"].as_array().unwrap().iter().map(|o| o["productId"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn the_two_page_wizard_comes_with_its_products_and_needs_no_token() {
    let app = spawn_app().await;
    let (status, wizard) = config(&app, "/lemonade/api/limoo-integrations/config/SELECT_PACKAGE_F_PRODUCTS").await;
    assert_eq!(status, 200, "{wizard}");
    assert_eq!(wizard["id"], "SELECT_PACKAGE_F_PRODUCTS");
    assert_eq!(wizard["productsTag"], "DIET");
    assert_eq!(wizard["config"]["currency"], "تومان");
    let pages = wizard["pages"].as_array().unwrap();
    assert_eq!(pages.len(), 2);
    assert_eq!(option_ids(&pages[0]), vec![101, 102, 103, 111, 112]);
    assert_eq!(pages[0]["topContent"]["mediaType"], "image");
    assert_eq!(pages[0]["topContent"]["mediaUrl"], "/media/wizard-top.jpg");
    assert_eq!(pages[0]["middleContent"]["title"], "انتخاب دوره");
    let first = &pages[0]["options"][0]["ui"];
    for flag in ["showLeftBadge", "showOriginalPrice", "showFinalPrice", "showCurrency", "showPlusSign"] {
        assert!(first[flag].is_boolean(), "{flag} in {first}");
    }
    assert_eq!(first["description"]["bulletsStyle"], "check");
    // Page 2 offers the mentor that matches each page-1 choice, so every choice has one.
    for option in pages[1]["options"].as_array().unwrap() {
        let needs = option["showIf"]["1"].as_i64().expect("a showIf on page 1");
        assert!(option_ids(&pages[0]).contains(&needs));
        assert_eq!(option["ui"]["showPlusSign"], true);
    }
    let mut keys: Vec<i64> =
        wizard["products"].as_object().unwrap().keys().map(|k| k.parse().unwrap()).collect::<Vec<_>>();
    keys.sort();
    assert_eq!(keys, vec![101, 102, 103, 111, 112, 151, 152, 153]);
    assert_eq!(wizard["products"]["101"]["finalPrice"], 390_000);
    assert_eq!(wizard["products"]["101"]["meta"]["dietType"], "PROF");
    assert_eq!(wizard["products"]["151"]["productType"], "MENTOR");
}

#[tokio::test]
async fn every_demo_wizard_is_served_and_the_foreign_ones_list_foreign_products() {
    let app = spawn_app().await;
    for (id, tag, media, products) in [
        ("SELECT_F_AFTER_PROF", "AFTER_PROF", Some("audio"), vec![201, 202, 203]),
        ("SELECT_F_RECOVER_AFTER_PROF", "AFTER_PROF", None, vec![211, 212]),
        ("SELECT_PACKAGE_F_FOREIGN", "FOREIGN", Some("video"), vec![301, 302, 303]),
        ("SELECT_PACKAGE_F_FOREIGN_AFTER_PROF", "FOREIGN", None, vec![311, 312]),
    ] {
        let (status, wizard) = config(&app, &format!("/lemonade/api/limoo-integrations/config/{id}")).await;
        assert_eq!(status, 200, "{id}: {wizard}");
        assert_eq!(wizard["productsTag"], tag, "{id}");
        assert_eq!(wizard["pages"][0]["topContent"]["mediaType"].as_str(), media, "{id}");
        assert_eq!(option_ids(&wizard["pages"][0]), products, "{id}");
        for product in &products {
            let listed = &wizard["products"][product.to_string()];
            assert_eq!(listed["id"], *product, "{id}");
            assert!(listed["meta"]["tags"].as_array().unwrap().contains(&Value::from(tag)), "{id}: {listed}");
        }
    }
    let (_, foreign) = config(&app, "/lemonade/api/limoo-integrations/config/SELECT_PACKAGE_F_FOREIGN").await;
    let top = &foreign["pages"][0]["topContent"];
    assert_eq!(top["previewImage"], "/media/foreign-intro-preview.jpg");
    assert!(top["subtitle"].as_str().unwrap().contains("خارج از کشور"), "{top}");
}

#[tokio::test]
async fn a_disabled_product_is_left_out_of_the_products_map() {
    let app = spawn_app().await;
    app.execute_sql("UPDATE product SET is_enabled = 0 WHERE product_id = 103").await;
    let (_, wizard) = config(&app, "/lemonade/api/limoo-integrations/config/SELECT_PACKAGE_F_PRODUCTS").await;
    assert!(wizard["products"].get("103").is_none(), "the page hides an option without its product");
    assert!(option_ids(&wizard["pages"][0]).contains(&103));
}

#[tokio::test]
async fn unknown_configs_and_other_products_are_404() {
    let app = spawn_app().await;
    for path in [
        "/lemonade/api/limoo-integrations/config/NO_SUCH_WIZARD",
        "/lemonade/api/other-integrations/config/SELECT_PACKAGE_F_PRODUCTS",
        "/lemonade/api/LIMOO-integrations/config/SELECT_PACKAGE_F_PRODUCTS",
    ] {
        let (status, reply) = config(&app, path).await;
        assert_eq!((status, reply["err"]["code"].as_str()), (404, Some("404")), "{path}: {reply}");
        assert_eq!(reply["err"]["message"], "صفحه انتخاب دوره پیدا نشد", "{path}");
    }
}
