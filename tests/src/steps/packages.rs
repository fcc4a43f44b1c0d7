//! The older diet-package flow over the API: packages info, its extend fallback, selecting a package and the
//! named errors (spec 3 §7, §8).
use crate::params::{Mobile, Product, Products, Toman};
use cucumber::{given, then, when};
use serde_json::{Value, json};

use super::{LimooWorld, OrFailAny, Reply};
use limoo_bff::store::Db;

/// Sets a catalogue product's final price (toman).
#[given(expr = "قیمت نهایی محصول {product} در فروشگاه {toman} است")]
async fn final_price(world: &mut LimooWorld, product: Product, price: Toman) {
    world.start_app(true).await;
    const SQL: &str = "UPDATE product SET final_price = $1 WHERE product_id = $2";
    let done = match world.app().db() {
        Db::Sqlite(pool) => sqlx::query(SQL).bind(*price).bind(*product).execute(pool).await.map(|r| r.rows_affected()),
        Db::Postgres(pool) => {
            sqlx::query(SQL).bind(*price).bind(*product).execute(pool).await.map(|r| r.rows_affected())
        }
    }
    .or_fail_any("product price set");
    assert_eq!(done, 1, "no product {product}");
    limoo_bff::store::products::catalogue_changed(world.app().db()).await.or_fail_any("catalogue version moved");
}

fn extend_diet_found(reply: &Value) -> bool {
    reply["err"]["details"]["messages"].to_string().contains("EXTEND_DIET_FOUND")
}

/// As the package page asks: the plain call, then the extend variant when the plain one names EXTEND_DIET_FOUND.
#[when(expr = "مشتری {mobile} اطلاعات بسته‌ها را می‌خواهد")]
async fn ask_infos(world: &mut LimooWorld, mobile: Mobile) {
    world.start_app(true).await;
    let token = world.app().existing_customer(&mobile).await;
    let api = world.app().api(&token);
    let (mut status, mut body) = api.package_infos().await;
    if status != 200 && extend_diet_found(&body) {
        (status, body) = api.extend_package_infos().await;
    }
    world.reply = Some(Reply { status, body });
}

#[when(expr = "مشتری {mobile} فقط اطلاعات بسته تازه را می‌خواهد")]
async fn ask_plain_infos(world: &mut LimooWorld, mobile: Mobile) {
    world.start_app(true).await;
    let token = world.app().existing_customer(&mobile).await;
    let (status, body) = world.app().api(&token).package_infos().await;
    world.reply = Some(Reply { status, body });
}

#[when("مهمانی بی‌ورود اطلاعات بسته‌ها را می‌خواهد")]
async fn ask_infos_anonymously(world: &mut LimooWorld) {
    world.start_app(true).await;
    let answer = world.app().visitor().package_infos().await;
    world.keep(answer);
}

/// As the package page selects: the plain call, then the extend variant (without `packageType`) when the plain
/// one names EXTEND_DIET_FOUND [DS-32].
#[when(expr = "مشتری {mobile} بسته {int} ماهه را با حامی {word} و امتیاز {word} انتخاب می‌کند")]
async fn select(world: &mut LimooWorld, mobile: Mobile, count: i64, hami: String, points: String) {
    world.start_app(true).await;
    let token = world.app().existing_customer(&mobile).await;
    let on = |word: &str| word == "روشن";
    let body = json!({ "dietCount": count, "hasHami": on(&hami), "hasPoints": on(&points), "packageType": "NORMAL" });
    let api = world.app().api(&token);
    let (mut status, mut reply) = api.select_package(&body).await;
    if status != 200 && extend_diet_found(&reply) {
        let extend = json!({ "dietCount": count, "hasHami": on(&hami), "hasPoints": on(&points) });
        (status, reply) = api.extend_select_package(&extend).await;
    }
    world.reply = Some(Reply { status, body: reply });
}

fn offer(world: &LimooWorld, count: i64) -> Value {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "packages info failed: {}", reply.body);
    reply.body["allOffers"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["productCount"] == count)
        .cloned()
        .unwrap_or_else(|| panic!("no {count}-month offer in {}", reply.body))
}

#[then(expr = "پیشنهاد {int} ماهه از نوع {string} است و پیشنهاد بسته‌ای {word}")]
async fn offer_kind(world: &mut LimooWorld, count: i64, kind: String, bundle: String) {
    let offer = offer(world, count);
    assert_eq!(offer["productType"], kind.as_str(), "{offer}");
    assert_eq!(offer["isBundleOffer"], bundle == "است", "{offer}");
}

#[then(expr = "قیمت رژیم {int} ماهه با حامی {int} و بی حامی {int} تومان است")]
async fn offer_prices(world: &mut LimooWorld, count: i64, with_hami: i64, without_hami: i64) {
    let offer = offer(world, count);
    assert_eq!(offer["dietFinalPriceWithHami"], with_hami, "{offer}");
    assert_eq!(offer["dietFinalPriceWithoutHami"], without_hami, "{offer}");
}

#[then(expr = "اطلاعات بسته‌ها برای تمدید رژیم فعال مشتری {mobile} است")]
async fn infos_for_extension(world: &mut LimooWorld, mobile: Mobile) {
    let token = world.app().existing_customer(&mobile).await;
    let (_, active) = world.app().api(&token).active_diet().await;
    let diet_number = &active["msg"]["activeDiet"]["dietNumber"];
    assert!(diet_number.is_string(), "no running diet: {active}");
    let reply = world.reply();
    assert_eq!(reply.status, 200, "packages info failed: {}", reply.body);
    assert_eq!(&reply.body["dietID"], diet_number, "{}", reply.body);
}

/// Selects with only the length, leaving hami and points to their defaults.
#[when(expr = "مشتری {mobile} بسته {int} ماهه را بی گزینه دیگری انتخاب می‌کند")]
async fn select_defaults(world: &mut LimooWorld, mobile: Mobile, count: i64) {
    world.start_app(true).await;
    let token = world.app().existing_customer(&mobile).await;
    let (status, body) = world.app().api(&token).select_package(&json!({ "dietCount": count })).await;
    world.reply = Some(Reply { status, body });
}

#[then(expr = "مشتری {mobile} {int} سفارش پرداخت‌نشده دارد")]
async fn unpaid_orders(world: &mut LimooWorld, mobile: Mobile, count: usize) {
    let token = world.app().existing_customer(&mobile).await;
    let (status, orders) = world.app().api(&token).list_orders().await;
    assert_eq!(status, 200, "{orders}");
    let unpaid = orders
        .as_array()
        .into_iter()
        .flatten()
        .filter(|o| {
            o["orderStatuses"].to_string().contains("CREATED")
                && !o["orderStatuses"].to_string().contains("PAYMENT_SUCCESS")
        })
        .count();
    assert_eq!(unpaid, count, "{orders}");
}

#[then(expr = "اطلاعات بسته‌ها پرداخت {word} می‌خواهد")]
async fn infos_need_payment(world: &mut LimooWorld, need: String) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "packages info failed: {}", reply.body);
    assert_eq!(reply.body["needPayment"], need == "را", "{}", reply.body);
}

#[then(expr = "سفارش بسته محصولات {products} را دارد")]
async fn selected_products(world: &mut LimooWorld, products: Products) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "select-package failed: {}", reply.body);
    let held: Vec<i64> = reply.body["invoice"]["basketItems"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| i["productId"].as_i64())
        .collect();
    assert_eq!(held, products.0, "{}", reply.body);
}

#[then(expr = "سفارش بسته {word} امتیاز است")]
async fn selected_points(world: &mut LimooWorld, state: String) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "select-package failed: {}", reply.body);
    let deduction = reply.body["invoice"]["userPointDeduction"].as_i64().unwrap_or_default();
    assert_eq!(deduction > 0, state == "با", "{}", reply.body);
}
