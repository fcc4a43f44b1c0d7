//! Shop API steps: orders, invoices, promotion codes, points and finalize, called over HTTP as the customer.
//! Orders are named by their products ("101, 151"): the customer's newest order holding exactly those.
use std::time::Duration;

use crate::browser::{Storage, poll_for};
use crate::params::{Mobile, Product, Products};
use cucumber::{gherkin::Step, given, then, when};
use serde_json::{Value, json};

use super::{LimooWorld, OrFail, Reply};

const IRAN: i64 = 1;
/// How long points stay held on an order (`POINTS_HOLD_MINUTES`, whose default the test apps keep).
const POINTS_HOLD_SECONDS: i64 = 30 * 60;
const TURKEY: i64 = 220;

/// The demo's foreign customer is in Turkey; every other number in the features is Iranian.
fn country_of(mobile: &str) -> i64 {
    if mobile.starts_with("+90") { TURKEY } else { IRAN }
}

/// The invoice inside a reply: `invoice` (codes, points), `orderInvoice` (points cancel) or the body itself.
fn invoice_in(body: &Value) -> &Value {
    body.get("invoice").or_else(|| body.get("orderInvoice")).unwrap_or(body)
}

/// Checks `field | value` rows against a JSON object; `نیست` means the field is absent.
fn assert_fields(what: &str, object: &Value, step: &Step) {
    let table = step.table.as_ref().expect("a two-column table of fields and values");
    for row in &table.rows {
        let (field, expected) = (row[0].trim(), row[1].trim());
        let found = &object[field];
        match (expected, found) {
            ("نیست", Value::Null) => {}
            ("نیست", _) => panic!("{what}: {field} should be absent but is {found}"),
            (_, Value::Number(n)) => assert_eq!(n.to_string(), expected, "{what}: {field} in {object}"),
            (_, Value::String(s)) => assert_eq!(s, expected, "{what}: {field} in {object}"),
            _ => panic!("{what}: {field} is {found}, expected {expected}"),
        }
    }
}

impl LimooWorld {
    /// A fresh bearer token for a customer already stored in this shop.
    pub(super) async fn token_of(&self, mobile: &str) -> String {
        self.app().token_for(mobile, country_of(mobile)).await
    }

    /// The customer's newest order holding exactly `products`, in basket order.
    pub(super) async fn order_of(&self, mobile: &str, products: &Products) -> i64 {
        let token = self.token_of(mobile).await;
        let (status, orders) = self.app().api(&token).list_orders().await;
        assert_eq!(status, 200, "orders list failed: {orders}");
        let held = |order: &Value| -> Vec<i64> {
            order["basketItems"].as_array().into_iter().flatten().filter_map(|i| i["productId"].as_i64()).collect()
        };
        orders
            .as_array()
            .into_iter()
            .flatten()
            .find(|order| held(order) == products.0)
            .and_then(|order| order["id"].as_i64())
            .unwrap_or_else(|| panic!("{mobile} has no order of {products}: {orders}"))
    }

    /// The order's invoice as the customer reads it now.
    pub(super) async fn invoice_of(&self, mobile: &str, products: &Products) -> Value {
        let order = self.order_of(mobile, products).await;
        let token = self.token_of(mobile).await;
        let (status, invoice) = self.app().invoice(&token, order).await;
        assert_eq!(status, 200, "invoice of order {order} failed: {invoice}");
        invoice
    }

    /// Does `action` to the customer's order of `products` through the API and keeps the answer as the last reply.
    async fn on_order(&mut self, mobile: &str, products: &Products, action: OnOrder<'_>) -> &Reply {
        let order = self.order_of(mobile, products).await;
        let token = self.token_of(mobile).await;
        let api = self.app().api(&token);
        let answer = match action {
            OnOrder::ApplyCode(code) => api.apply_promotion_code(code, order).await,
            OnOrder::SetPoints => api.set_user_points(order).await,
            OnOrder::UnsetPoints => api.unset_user_points(order).await,
            OnOrder::ReservePoints => api.reserve_user_points(order).await,
            OnOrder::CancelPoints => api.cancel_user_points(order).await,
            OnOrder::Finalize => api.finalize_order(order).await,
            OnOrder::ReadInvoice => api.order_invoice(order).await,
        };
        self.keep(answer)
    }

    /// Signs the browser in as a stored customer.
    pub(super) async fn sign_in_browser(&mut self, mobile: &str) {
        let token = self.token_of(mobile).await;
        self.sign_in_browser_with(&token).await;
    }

    /// The order the checkout shows: session `lemonadeOrderId`, once the app stored it.
    pub(super) async fn order_in_session(&mut self) -> i64 {
        let browser = self.browser().await;
        let stored =
            poll_for(Duration::from_secs(15), || async { browser.stored(Storage::Session, "lemonadeOrderId").await })
                .await
                .or_fail("no lemonadeOrderId in session storage");
        stored.parse().unwrap_or_else(|_| panic!("lemonadeOrderId is {stored:?}"))
    }

    async fn total_points(&self, mobile: &str) -> Value {
        let token = self.token_of(mobile).await;
        let (status, points) = self.app().api(&token).total_points().await;
        assert_eq!(status, 200, "total points failed: {points}");
        points
    }
}

/// What a customer does to one of their orders.
enum OnOrder<'a> {
    ApplyCode(&'a str),
    SetPoints,
    UnsetPoints,
    ReservePoints,
    /// The older app's cancel call.
    CancelPoints,
    Finalize,
    ReadInvoice,
}

/// Fails the arranging step unless the last call succeeded.
fn succeeded(reply: &Reply, what: &str) {
    assert_eq!(reply.status, 200, "{what} failed: {}", reply.body);
}

/// The demo customers `DEMO_DATA` loads. On a deployment (which loaded its own, shared by every suite) the step
/// carries the demo list with the scenario's own numbers (`own_customers::DEMO_CUSTOMERS_STEP`), and they sign up.
#[given("مشتریان نمایشی فروشگاه ثبت شده‌اند")]
async fn demo_customers(world: &mut LimooWorld, step: &Step) {
    let app = world.start_app(true).await;
    match step.docstring.as_deref().filter(|_| !app.is_local()) {
        Some(customers) => app.sign_up_demo_customers(customers).await,
        None => app.load_demo_customers().await,
    }
}

#[given(expr = "مشتری {mobile} با {int} امتیاز ثبت‌نام کرده است")]
async fn customer_with_points(world: &mut LimooWorld, mobile: Mobile, points: i64) {
    world.start_app(true).await.customer_with_points(&mobile, points).await;
}

#[when(expr = "مشتری {mobile} سفارشی از محصولات {products} می‌سازد")]
async fn create_order(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    let body = json!({ "productIds": products });
    let token = world.token_of(&mobile).await;
    let answer = world.app().api(&token).create_order(&body).await;
    world.keep(answer);
}

#[given(expr = "مشتری {mobile} سفارشی از محصولات {products} ساخته است")]
async fn order_created(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    let token = world.token_of(&mobile).await;
    world.app().create_order(&token, &products).await;
}

#[when(expr = "مشتری {mobile} کد تخفیف {string} را روی سفارش {products} ثبت می‌کند")]
async fn apply_code(world: &mut LimooWorld, mobile: Mobile, code: String, products: Products) {
    world.on_order(&mobile, &products, OnOrder::ApplyCode(&code)).await;
}

#[given(expr = "مشتری {mobile} کد تخفیف {string} را روی سفارش {products} ثبت کرده است")]
async fn code_applied(world: &mut LimooWorld, mobile: Mobile, code: String, products: Products) {
    succeeded(world.on_order(&mobile, &products, OnOrder::ApplyCode(&code)).await, "applying the code");
}

/// The codes applied so far were applied `minutes` ago (their orders left unpaid since): the shop's clock moves
/// forward that far.
#[when(expr = "کدهای تخفیف ثبت‌شده {int} دقیقه پیش ثبت شده‌اند")]
async fn codes_applied_earlier(world: &mut LimooWorld, minutes: i64) {
    world.advance_clock(minutes * 60).await;
}

#[when(expr = "مشتری {mobile} کد تخفیف سفارش {products} را با وضعیت CANCELED لغو می‌کند")]
async fn cancel_code(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    let invoice = world.invoice_of(&mobile, &products).await;
    let id = invoice["usedDiscount"]["id"].as_i64().unwrap_or_else(|| panic!("the order has no code: {invoice}"));
    let token = world.token_of(&mobile).await;
    let answer = world.app().api(&token).cancel_promotion_code(id, &json!({ "status": "CANCELED" })).await;
    world.keep(answer);
}

#[when(expr = "مشتری {mobile} امتیازش را روی سفارش {products} می‌گذارد")]
async fn set_points(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    world.on_order(&mobile, &products, OnOrder::SetPoints).await;
}

#[given(expr = "مشتری {mobile} امتیازش را روی سفارش {products} گذاشته است")]
async fn points_set(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    succeeded(world.on_order(&mobile, &products, OnOrder::SetPoints).await, "setting points");
}

#[when(expr = "مشتری {mobile} امتیازش را از سفارش {products} برمی‌دارد")]
async fn unset_points(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    world.on_order(&mobile, &products, OnOrder::UnsetPoints).await;
}

#[when(expr = "مشتری {mobile} امتیازش را برای سفارش {products} رزرو می‌کند")]
async fn reserve_points(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    world.on_order(&mobile, &products, OnOrder::ReservePoints).await;
}

#[given(expr = "مشتری {mobile} امتیازش را برای سفارش {products} رزرو کرده است")]
async fn points_reserved(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    succeeded(world.on_order(&mobile, &products, OnOrder::ReservePoints).await, "reserving points");
}

#[when(expr = "مشتری {mobile} امتیاز سفارش {products} را با فراخوان cancel لغو می‌کند")]
async fn cancel_points(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    world.on_order(&mobile, &products, OnOrder::CancelPoints).await;
}

#[when(expr = "مشتری {mobile} سفارش {products} را نهایی می‌کند")]
async fn finalize(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    world.on_order(&mobile, &products, OnOrder::Finalize).await;
}

#[given(expr = "مشتری {mobile} سفارش {products} را نهایی کرده است")]
async fn finalized(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    succeeded(world.on_order(&mobile, &products, OnOrder::Finalize).await, "finalizing");
}

#[when(expr = "مشتری {mobile} صورتحساب سفارش {products} را می‌گیرد")]
async fn read_invoice(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    world.on_order(&mobile, &products, OnOrder::ReadInvoice).await;
}

/// Every live hold runs out: the shop's clock moves past a hold's 30 minutes.
#[given("مهلت امتیازهای نگه‌داشته‌شده گذشته است")]
#[when("مهلت امتیازهای نگه‌داشته‌شده گذشته است")]
async fn holds_lapsed(world: &mut LimooWorld) {
    world.advance_clock(POINTS_HOLD_SECONDS + 1).await;
}

#[then("پاسخ موفق است")]
async fn reply_ok(world: &mut LimooWorld) {
    succeeded(world.reply(), "the call");
}

#[then(expr = "کلیدهای meta تخفیف پاسخ شامل {string} است")]
async fn discount_meta_names(world: &mut LimooWorld, product: String) {
    let meta = &world.reply().body["discount"]["meta"];
    assert!(meta.get(&product).is_some(), "discount.meta does not name {product}: {meta}");
}

#[then(expr = "قلم محصول {product} در صورتحساب این مقادیر را دارد:")]
async fn line_fields(world: &mut LimooWorld, product: Product, step: &Step) {
    let invoice = invoice_in(&world.reply().body);
    let line = invoice["basketItems"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|item| item["productId"] == *product)
        .unwrap_or_else(|| panic!("no line of product {product}: {invoice}"));
    assert_fields(&format!("line {product}"), line, step);
}

#[then("صورتحساب این مقادیر را دارد:")]
async fn invoice_fields(world: &mut LimooWorld, step: &Step) {
    let reply = world.reply();
    succeeded(reply, "the call");
    assert_fields("invoice", invoice_in(&reply.body), step);
}

#[then("صورتحساب کد تخفیفی ندارد")]
async fn no_code(world: &mut LimooWorld) {
    let invoice = invoice_in(&world.reply().body);
    assert!(invoice.get("usedDiscount").is_none(), "the invoice still has a code: {invoice}");
}

#[then(expr = "صورتحساب سفارش {products} مشتری {mobile} این مقادیر را دارد:")]
async fn order_invoice_fields(world: &mut LimooWorld, products: Products, mobile: Mobile, step: &Step) {
    let invoice = world.invoice_of(&mobile, &products).await;
    assert_fields(&format!("invoice of {products}"), &invoice, step);
}

#[then(expr = "صورتحساب پاسخ با صورتحساب سفارش {products} مشتری {mobile} یکی است")]
async fn same_invoice(world: &mut LimooWorld, products: Products, mobile: Mobile) {
    let stored = world.invoice_of(&mobile, &products).await;
    assert_eq!(invoice_in(&world.reply().body), &stored, "the answer's invoice differs from the order's");
}

#[then(expr = "وضعیت امتیاز پاسخ {string} است")]
async fn point_status(world: &mut LimooWorld, expected: String) {
    let body = &world.reply().body;
    let status = body["userPoint"]["status"].as_str().or_else(|| body["userPoints"][0]["status"].as_str());
    assert_eq!(status, Some(expected.as_str()), "reply: {body}");
}

#[then(expr = "مشتری {mobile} امتیاز آزاد {int} و امتیاز نگه‌داشته {int} دارد")]
async fn points_balance(world: &mut LimooWorld, mobile: Mobile, free: i64, held: i64) {
    let points = world.total_points(&mobile).await;
    let counts = (points["unUsedPoints"]["count"].as_i64(), points["reservedPoints"]["count"].as_i64());
    assert_eq!(counts, (Some(free), Some(held)), "total points: {points}");
    if held == 0 {
        assert_eq!(points["userPoints"], json!([]), "no live hold is left: {points}");
    }
}

#[then(expr = "پاسخ شناسه سفارش {products} مشتری {mobile} را دارد")]
async fn reply_has_order_id(world: &mut LimooWorld, products: Products, mobile: Mobile) {
    let order = world.order_of(&mobile, &products).await;
    succeeded(world.reply(), "the call");
    assert_eq!(world.reply().body["id"], order, "reply: {}", world.reply().body);
}

#[given(expr = "مشتری خارجی {mobile} وارد شده است")]
async fn foreign_customer_signed_in(world: &mut LimooWorld, mobile: Mobile) {
    world.start_app(true).await.load_demo_customers().await;
    world.sign_in_browser(&mobile).await;
}

#[given(expr = "مشتری {mobile} در مرورگر وارد شده است")]
async fn stored_customer_signed_in(world: &mut LimooWorld, mobile: Mobile) {
    world.sign_in_browser(&mobile).await;
}

#[then(expr = "سفارش در حافظه جلسه محصولات {products} را دارد")]
async fn session_order_holds(world: &mut LimooWorld, products: Products) {
    let order = world.order_in_session().await;
    let token = world.stored_token().await;
    let (status, invoice) = world.app().invoice(&token, order).await;
    assert_eq!(status, 200, "invoice of order {order}: {invoice}");
    let held: Vec<i64> =
        invoice["basketItems"].as_array().into_iter().flatten().filter_map(|i| i["productId"].as_i64()).collect();
    assert_eq!(held, products.0, "order {order}");
}
