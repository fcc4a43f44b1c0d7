//! Orders whose payment is under way, named by their products like the shop's API steps: an online payment
//! started and left on the gateway's page, a card transfer reported, and what the order's code looks like.
use cucumber::{given, then, when};
use limoo_bff::{
    domain::transfer::{TransferGateway, moment_at, year_choices},
    store::now_ms,
};
use limoo_simulators::{PageAction, browser};
use serde_json::json;

use super::{LimooWorld, OrFail};
use crate::{
    params::{Mobile, Products},
    payment::{entry, follow, payment_request, texts_of_order},
};

/// The hosted page of the order's open online payment, as its start answered it.
async fn open_page(world: &LimooWorld, order: i64) -> serde_json::Value {
    let sql = "SELECT payment_link FROM payment WHERE customer_order_id = $1 AND state = 'REDIRECTED'";
    let links = texts_of_order(world.app(), sql, order).await;
    assert_eq!(links.len(), 1, "order {order} has one open payment: {links:?}");
    json!({ "paymentLink": links[0] })
}

#[given(expr = "مشتری {mobile} پرداخت آنلاین سفارش {products} را آغاز کرده است")]
async fn online_payment_started(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    let order = world.order_of(&mobile, &products).await;
    let token = world.token_of(&mobile).await;
    let mut body = payment_request(world.app(), &token, order, "VANDAR");
    body["mobile"] = json!(mobile.to_string());
    let (status, reply) = world.app().api(&token).create_payment(&body).await;
    assert_eq!(status, 200, "the payment started: {reply}");
}

#[when(expr = "مشتری {mobile} در صفحه درگاه پرداخت سفارش {products} دکمه {string} را می‌زند")]
async fn press_on_open_page(world: &mut LimooWorld, mobile: Mobile, products: Products, button: String) {
    let action =
        PageAction::ALL.into_iter().find(|a| a.name() == button).unwrap_or_else(|| panic!("no page button {button}"));
    let order = world.order_of(&mobile, &products).await;
    let page = open_page(world, order).await;
    let callback = browser::press(entry(&page), action).await.or_fail("the hosted page");
    follow(&callback.expect("the page sends the browser back")).await;
}

/// Paid on the gateway's page, but the browser never brings the callback back (closed, lost connection).
#[given(expr = "مشتری {mobile} در صفحه درگاه سفارش {products} پرداخت کرده و مرورگرش برنگشته است")]
async fn paid_without_callback(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    let order = world.order_of(&mobile, &products).await;
    let page = open_page(world, order).await;
    browser::press(entry(&page), PageAction::Pay).await.or_fail("the hosted page").expect("a callback, dropped");
}

#[when(expr = "مشتری {mobile} برای سفارش {products} کارت به کارت ثبت می‌کند")]
async fn report_transfer(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    let order = world.order_of(&mobile, &products).await;
    let token = world.token_of(&mobile).await;
    let gateway = TransferGateway::CardToCard;
    let now = now_ms();
    let year = *year_choices(gateway, now).last().expect("a year");
    let (_, month, day, hour, minute) = moment_at(gateway, now);
    let mut body = payment_request(world.app(), &token, order, "C2C");
    body["meta"] = json!({ "card-digits": "1234", "pay-day": day, "pay-month": month, "pay-year": year,
                           "pay-hour": hour, "pay-minute": minute, "usePoints": "0", "gateway": "C2C" });
    let answer = world.app().api(&token).create_payment(&body).await;
    world.keep(answer);
}

#[then(expr = "کد تخفیف سفارش {products} مشتری {mobile} {string} است")]
async fn code_status(world: &mut LimooWorld, products: Products, mobile: Mobile, status: String) {
    let order = world.order_of(&mobile, &products).await;
    let sql = "SELECT status FROM used_discount WHERE customer_order_id = $1";
    assert_eq!(texts_of_order(world.app(), sql, order).await, [status]);
}

#[then(expr = "سفارش {products} مشتری {mobile} {string} است")]
async fn order_status(world: &mut LimooWorld, products: Products, mobile: Mobile, status: String) {
    let invoice = world.invoice_of(&mobile, &products).await;
    assert_eq!(invoice["status"], status.as_str(), "{invoice}");
}
