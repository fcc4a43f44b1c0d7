//! The orders history and the reserve list (spec 2 §2, §4, §7): paid orders, diets bought while another
//! runs (RESERVED) and starting them, over the API as the customer and in the browser (`@ui`).
use crate::params::{Mobile, Products, Toman};
use crate::{app::DietByTeam, payment::pay_online};
use cucumber::{given, then, when};
use limoo_bff::{domain::payment::Gateway, store::now_ms};
use serde_json::Value;

use super::{LimooWorld, OrFail};

const DAY_MS: i64 = 86_400_000;
const INTEGRATION: &str = "limoo-integrations";

impl LimooWorld {
    /// The customer's diet packages whose diet is in `status`.
    async fn packages(&self, mobile: &str, status: &str) -> Vec<Value> {
        let token = self.token_of(mobile).await;
        let (code, body) = self.app().api(&token).list_diet_packages(status).await;
        assert_eq!(code, 200, "diet packages failed: {body}");
        body.as_array().cloned().unwrap_or_default()
    }

    /// The reserved diet of the customer's order holding `products`.
    async fn reserved_diet_of(&self, mobile: &str, products: &Products) -> i64 {
        let order = self.order_of(mobile, products).await;
        let packages = self.packages(mobile, "RESERVED").await;
        packages
            .iter()
            .find(|p| p["id"].as_i64() == Some(order))
            .and_then(|p| p["diets"][0]["id"].as_i64())
            .unwrap_or_else(|| panic!("order {order} has no reserved diet: {packages:?}"))
    }
}

/// Buys the products as a paid order (the payment itself is the payments features' concern): the order is
/// marked paid the way every payment path ends.
#[given(expr = "مشتری {mobile} دوره {products} را خریده است")]
async fn bought(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    world.start_app(true).await;
    let token = world.app().existing_customer(&mobile).await;
    world.app().paid_order(&token, &products).await;
}

/// Buys the products the way a customer does at checkout: the promotion code, then the points, then the online
/// gateway's hosted page.
#[given(
    expr = "مشتری {mobile} با {int} امتیاز سفارش {products} را با کد تخفیف {string} و امتیاز از درگاه {string} پرداخت کرده است"
)]
async fn paid_with_code_and_points(
    world: &mut LimooWorld,
    mobile: Mobile,
    points: i64,
    products: Products,
    code: String,
    gateway: String,
) {
    let app = world.start_app(true).await;
    let token = app.customer_with_points(&mobile, points).await;
    let order = app.create_order(&token, &products).await;
    let (status, applied) = app.api(&token).apply_promotion_code(&code, order).await;
    assert_eq!(status, 200, "code {code}: {applied}");
    let (status, set) = app.api(&token).set_user_points(order).await;
    assert_eq!(status, 200, "points: {set}");
    pay_online(app, &token, order, &mobile, &gateway).await;
}

#[given(expr = "مشتری {mobile} سفارش پرداخت‌نشده {products} دارد")]
async fn unpaid_order(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    world.start_app(true).await;
    let token = world.app().existing_customer(&mobile).await;
    world.app().create_order(&token, &products).await;
}

/// Buys the products and pays on the online gateway's hosted page, with nothing taken off.
#[given(expr = "مشتری {mobile} سفارش {products} را از درگاه {string} پرداخت کرده است")]
async fn paid_online(world: &mut LimooWorld, mobile: Mobile, products: Products, gateway: String) {
    let app = world.start_app(true).await;
    let token = app.existing_customer(&mobile).await;
    let order = app.create_order(&token, &products).await;
    pay_online(app, &token, order, &mobile, &gateway).await;
}

/// The dietitians issued the order's 30-day diet 40 days ago: it is over, so no diet runs.
#[given(expr = "رژیم سفارش {products} مشتری {mobile} تمام شده است")]
async fn diet_over(world: &mut LimooWorld, products: Products, mobile: Mobile) {
    let order_id = world.order_of(&mobile, &products).await;
    let starts_at = Some(now_ms() - 40 * DAY_MS);
    let diet =
        DietByTeam { order_id, number: "D-2001", days: 30, package_count: None, slot: 1, ready: true, starts_at };
    world.app().team_issues_diet(&diet).await;
}

#[when(expr = "مشتری {mobile} تاریخچه سفارش‌هایش را می‌گیرد")]
async fn read_history(world: &mut LimooWorld, mobile: Mobile) {
    let token = world.token_of(&mobile).await;
    let answer = world.app().api(&token).list_paid_orders().await;
    world.keep(answer);
}

#[then(expr = "تاریخچه سفارش‌ها فقط سفارش {products} مشتری {mobile} را دارد")]
async fn history_holds_only(world: &mut LimooWorld, products: Products, mobile: Mobile) {
    let order = world.order_of(&mobile, &products).await;
    let reply = world.reply();
    assert_eq!(reply.status, 200, "orders history failed: {}", reply.body);
    let listed: Vec<i64> = reply.body.as_array().into_iter().flatten().filter_map(|o| o["id"].as_i64()).collect();
    assert_eq!(listed, vec![order], "orders history: {}", reply.body);
    let statuses = &reply.body[0]["orderStatuses"];
    assert!(
        statuses.as_array().into_iter().flatten().any(|s| s["status"] == "PAYMENT_SUCCESS"),
        "the listed order never was PAYMENT_SUCCESS: {statuses}"
    );
}

#[then(expr = "فهرست رزرو مشتری {mobile} بسته سفارش {products} را با عنوان {string} و رژیم {word} دارد")]
async fn reserve_listed(world: &mut LimooWorld, mobile: Mobile, products: Products, title: String, status: String) {
    let order = world.order_of(&mobile, &products).await;
    let packages = world.packages(&mobile, &status).await;
    let ids: Vec<i64> = packages.iter().filter_map(|p| p["id"].as_i64()).collect();
    assert_eq!(ids, vec![order], "packages with a {status} diet: {packages:?}");
    assert_eq!(packages[0]["meta"]["title"], title.as_str());
    assert_eq!(packages[0]["diets"][0]["status"], status.as_str());
}

#[then(expr = "فهرست رزرو مشتری {mobile} خالی است")]
async fn reserve_list_empty(world: &mut LimooWorld, mobile: Mobile) {
    let packages = world.packages(&mobile, "RESERVED").await;
    assert!(packages.is_empty(), "reserved packages: {packages:?}");
}

#[when(expr = "مشتری {mobile} رژیم رزرو سفارش {products} را فعال می‌کند")]
async fn activate(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    let diet = world.reserved_diet_of(&mobile, &products).await;
    let token = world.token_of(&mobile).await;
    let answer = world.app().api(&token).enable_reserve_diet(INTEGRATION, diet).await;
    world.keep(answer);
}

#[then("پاسخ فعال‌سازی sentStatus ندارد")]
async fn no_sent_status(world: &mut LimooWorld) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "activation failed: {}", reply.body);
    assert!(reply.body.get("sentStatus").is_none(), "activation answered {}", reply.body);
}

#[then("پاسخ فعال‌سازی sentStatus دارد")]
async fn sent_status(world: &mut LimooWorld) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "activation failed: {}", reply.body);
    assert_eq!(reply.body["sentStatus"], true, "activation answered {}", reply.body);
}

#[then(expr = "بسته فعال مشتری {mobile} سفارش {products} است")]
async fn active_package_is(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    let order = world.order_of(&mobile, &products).await;
    let token = world.token_of(&mobile).await;
    let (status, body) = world.app().api(&token).active_diet().await;
    assert_eq!(status, 200, "active diet failed: {body}");
    assert_eq!(body["msg"]["activeDiet"]["orderId"].as_i64(), Some(order), "active diet: {body}");
}

/// What the orders-history line says the customer paid, in toman: the amount the gateway took.
#[then(expr = "تاریخچه سفارش‌ها مبلغ پرداخت‌شده {toman} را نشان می‌دهد")]
async fn history_amount_paid(world: &mut LimooWorld, amount: Toman) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "orders history failed: {}", reply.body);
    let lines = reply.body.as_array().cloned().unwrap_or_default();
    let paid: Vec<Option<i64>> = lines.iter().map(|order| order["totalPrice"].as_i64()).collect();
    assert_eq!(paid, vec![Some(*amount)], "{}", reply.body);
}

/// The toman the gateway's simulator holds in verified payments, read in the gateway's own unit.
#[then(expr = "درگاه {string} مبلغ {toman} گرفته است")]
async fn gateway_took(world: &mut LimooWorld, gateway: String, amount: Toman) {
    let unit = Gateway::parse(&gateway).unwrap_or_else(|| panic!("no gateway {gateway}")).unit();
    let sim = gateway.parse().unwrap_or_else(|_| panic!("no simulator {gateway}"));
    let verified = world.app().sims().payments(Some(sim)).into_iter().filter(|p| p.stage == "verified");
    let took: Vec<Option<i64>> = verified.map(|p| unit.to_toman(p.amount).map(|t| t.get())).collect();
    assert_eq!(took, vec![Some(*amount)]);
}

/// The amount-paid line of the only history row, compared by its digits (Persian or Latin, any grouping).
#[then(expr = "ردیف تاریخچه سفارش‌ها مبلغ پرداخت‌شده {toman} را نشان می‌دهد")]
async fn history_row_amount(world: &mut LimooWorld, amount: Toman) {
    let shown = world.browser().await.texts("[data-testid=order-paid]").await.or_fail("amount paid shown");
    let digits: Vec<String> = shown
        .iter()
        .map(|text| {
            text.chars().filter_map(|c| c.to_digit(10).or_else(|| persian_digit(c))).map(|d| d.to_string()).collect()
        })
        .collect();
    assert_eq!(digits, vec![amount.0.to_string()], "shown: {shown:?}");
}

fn persian_digit(c: char) -> Option<u32> {
    ('۰'..='۹').contains(&c).then(|| c as u32 - '۰' as u32)
}

#[then(expr = "ردیف‌های تاریخچه سفارش‌ها {string} است")]
async fn history_rows(world: &mut LimooWorld, expected: String) {
    let titles = world.browser().await.texts("[data-testid=order-title]").await.or_fail("order rows shown");
    let wanted: Vec<&str> = expected.split('،').map(str::trim).collect();
    assert_eq!(titles, wanted);
}

#[when("مشتری دکمه فعال‌سازی رژیم رزرو را می‌زند")]
async fn press_activate(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=activate-reserve]").await.or_fail("activate button");
}

#[then(expr = "پیام رزرو {string} است")]
async fn reserve_message(world: &mut LimooWorld, text: String) {
    world.browser().await.wait_for_text_in("[data-testid=reserve-message]", &text).await.or_fail("reserve message");
}

/// The message goes 10 s after it appeared [PM-74]: still there after 8 s, gone within the browser's patience.
/// The page's clock is held from now on, and the reserve message's arrival and departure are stamped with it.
#[when("ساعت صفحه در دست آزمون است و آمدن و رفتن پیام رزرو ثبت می‌شود")]
async fn watch_reserve_message(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.hold_page_clock().await.or_fail("the page's clock held");
    let script = "const seen = window.__limooReserveMessage = {};\
        new MutationObserver(() => {\
          const shown = document.querySelector('[data-testid=reserve-message]') !== null;\
          if (shown) seen.shown ??= Date.now(); else if (seen.shown !== undefined) seen.gone ??= Date.now();\
        }).observe(document.body, { childList: true, subtree: true });";
    browser.execute(script).await.or_fail("message watched");
}

/// The message stays exactly ten seconds of the page's clock, which the wait for its departure moves.
#[then("پیام رزرو پس از ده ثانیه پنهان می‌شود")]
async fn reserve_message_clears(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.wait_for_absence("[data-testid=reserve-message]").await.or_fail("message cleared");
    let seen = browser.execute("return window.__limooReserveMessage;").await.or_fail("message times read");
    let (shown, gone) = (seen["shown"].as_f64(), seen["gone"].as_f64());
    let Some(lasted) = shown.zip(gone).map(|(shown, gone)| gone - shown) else { panic!("message seen {seen}") };
    assert!((10_000.0..10_100.0).contains(&lasted), "the message stayed {lasted} ms of the page's clock");
}

/// From now on the page's calls to `path` fail with a server error.
#[when(expr = "سرور به {string} با خطا پاسخ می‌دهد")]
async fn server_fails(world: &mut LimooWorld, path: String) {
    let answer = "Promise.resolve(new Response('{\"err\":{\"code\":\"500\",\"message\":\"x\",\"details\":{\"messages\":[]}}}', \
                  { status: 500, headers: { 'Content-Type': 'application/json' } }))";
    world.browser().await.intercept_fetch(&path, answer).await.or_fail("fetch answered");
}
