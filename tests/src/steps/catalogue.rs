//! Catalogue API steps: products seeded from a table, listed with filters, order and errors checked.
use crate::params::Products;
use cucumber::{gherkin::Step, given, then, when};
use limoo_bff::{
    domain::{
        Toman,
        catalogue::{Product, ProductMeta, ProductType},
    },
    store::{demo::CURRENCY, products},
};
use serde_json::{Value, json};

use super::{LimooWorld, Reply};

/// Columns: id, type, title, count, code (NORMAL|PREMIUM), showOrder, tags (comma list), enabled (no),
/// campaigns (comma list), metaType, price, finalPrice. Empty cells mean "not set".
fn product_from_row(header: &[String], row: &[String], service: &str) -> Product {
    let cell = |name: &str| header.iter().position(|h| h == name).map(|i| row[i].trim()).filter(|v| !v.is_empty());
    let list = |name: &str| cell(name).map(|v| v.split(',').map(|s| s.trim().to_owned()).collect::<Vec<_>>());
    let number =
        |name: &str| cell(name).map(|v| v.parse::<i64>().unwrap_or_else(|_| panic!("{name} must be a number: {v}")));
    let id = number("id").expect("every product row needs an id");
    let product_type = ProductType::parse(cell("type").unwrap_or("DIET")).expect("unknown product type");
    Product {
        id,
        service: service.to_owned(),
        product_type,
        title: cell("title").map_or_else(|| format!("محصول {id}"), str::to_owned),
        subtitle: None,
        subtitle2: None,
        description: None,
        price: Toman::new(number("price").unwrap_or(100_000)).expect("price"),
        final_price: Toman::new(number("finalPrice").or(number("price")).unwrap_or(100_000)).expect("final price"),
        currency: CURRENCY.to_owned(),
        is_enabled: cell("enabled") != Some("no"),
        meta: ProductMeta {
            count: number("count"),
            product_code: cell("code").map(str::to_owned),
            show_order: number("showOrder"),
            tags: Some(list("tags").unwrap_or_else(|| vec!["DIET".into()])),
            utm_campaigns: list("campaigns"),
            kind: cell("metaType").map(str::to_owned),
            ..Default::default()
        },
    }
}

#[given("فروشگاه کاتالوگ نمایشی را دارد")]
async fn demo_catalogue(world: &mut LimooWorld) {
    world.start_app(true).await;
}

#[given("فروشگاه هیچ محصولی ندارد")]
async fn empty_catalogue(world: &mut LimooWorld) {
    world.start_app(false).await;
}

#[given("فروشگاه این محصولات را دارد:")]
async fn seeded_catalogue(world: &mut LimooWorld, step: &Step) {
    let app = world.start_app(false).await;
    let table = step.table.as_ref().expect("a product table");
    let (header, rows) = table.rows.split_first().expect("a header row");
    for row in rows {
        let product = product_from_row(header, row, &app.service_name);
        products::insert(app.db(), &product).await.expect("product stored");
    }
}

#[given("پایگاه داده فروشگاه در دسترس نیست")]
async fn database_down(world: &mut LimooWorld) {
    world.app().db().close().await;
}

async fn list(world: &mut LimooWorld, query: &[(&str, &str)]) {
    let response = world.app().list_products(query).await;
    let status = response.status().as_u16();
    let body = response.json().await.expect("the products call answers JSON");
    world.reply = Some(Reply { status, body });
}

#[when("بازدیدکننده فهرست محصولات را می‌گیرد")]
async fn list_all(world: &mut LimooWorld) {
    list(world, &[]).await;
}

#[when(expr = "بازدیدکننده فهرست محصولات را با فیلتر {string} می‌گیرد")]
async fn list_filtered(world: &mut LimooWorld, filter: String) {
    list(world, &[("where", &filter)]).await;
}

#[when(expr = "بازدیدکننده فهرست محصولات را با کمپین {string} می‌گیرد")]
async fn list_for_campaign(world: &mut LimooWorld, campaign: String) {
    list(world, &[("utmCampaign", &campaign)]).await;
}

#[when("بازدیدکننده فهرست محصولات را با پرچم filterNormalDiet می‌گیرد")]
async fn list_premium_only(world: &mut LimooWorld) {
    list(world, &[("filterNormalDiet", "true")]).await;
}

#[when(expr = "بازدیدکننده آدرس {string} را از API می‌خواهد")]
async fn get_path(world: &mut LimooWorld, path: String) {
    let response = world.app().client.get(world.app().url(&path)).send().await.expect("request sent");
    let status = response.status().as_u16();
    let body = response.json().await.expect("every API answer is JSON");
    world.reply = Some(Reply { status, body });
}

#[then(expr = "شناسه محصولات به این ترتیب است: {products}")]
async fn ids_in_order(world: &mut LimooWorld, expected: Products) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "products call failed: {}", reply.body);
    let ids: Vec<Value> = reply.body.as_array().expect("a list").iter().map(|p| p["id"].clone()).collect();
    assert_eq!(Value::Array(ids), json!(expected));
}

#[then(expr = "پاسخ خطای {int} با کد {string} و پیام {string} است")]
async fn error_reply(world: &mut LimooWorld, status: u16, code: String, message: String) {
    let reply = world.reply();
    assert_eq!(reply.status, status, "body: {}", reply.body);
    assert_eq!(reply.body["err"]["code"], code.as_str());
    assert_eq!(reply.body["err"]["message"], message.as_str());
    assert!(reply.body["err"]["details"]["messages"].is_array(), "details.messages missing: {}", reply.body);
}

#[then(expr = "جزئیات خطا {string} را نام می‌برد")]
async fn error_details_mention(world: &mut LimooWorld, needle: String) {
    let details = world.reply().body["err"]["details"]["messages"].to_string();
    assert!(details.contains(&needle), "{details} does not mention {needle}");
}
