//! Paying an order through the real BFF and the gateway simulators: start, the hosted page, the
//! callback, the sweeper, and what the order, its points and its payment look like afterwards.
use std::time::Duration;

use cucumber::{given, then, when};
use limoo_simulators::{Gateway, PageAction, Scenario, browser};
use limoo_tests::{
    AppOptions, TestApp,
    browser::poll_for,
    payment::{self, entry, follow, payment_request, payment_states, result_url, times_paid},
};
use serde_json::json;

use super::{LimooWorld, OrFail, OrFailAny, Reply};

/// The order a scenario pays and where its payment got to.
#[derive(Debug, Default)]
pub struct Paying {
    token: String,
    mobile: String,
    order: i64,
    method: String,
    /// Where the BFF sent the browser after the gateway's callback; `None` while nobody came back.
    location: Option<String>,
}

impl LimooWorld {
    fn paying(&self) -> &Paying {
        self.paying.as_ref().expect("no order to pay: create one with a Given step")
    }
}

fn gateway(name: &str) -> Gateway {
    name.parse().or_fail_any("a simulator name")
}

/// The status of the points the customer put on the order.
async fn points_status(world: &LimooWorld) -> String {
    payment::points_hold_status(world.app(), world.paying().order).await.unwrap_or_default()
}

#[given(expr = "فروشگاه با مهلت {int} ثانیه برای هر تماس با درگاه راه افتاده است")]
async fn shop_with_gateway_timeout(world: &mut LimooWorld, seconds: u64) {
    // A slow verify answers after 40 s × time scale = 2 s here: past this BFF's limit, yet quick.
    let options =
        AppOptions { sim_time_scale: 0.05, payment_gateway_timeout_seconds: Some(seconds), ..AppOptions::default() };
    world.app = Some(TestApp::spawn(options).await.or_fail("test app failed to start"));
}

#[given(expr = "شبیه‌سازهای فروشگاه زمان را {int} برابر تندتر می‌گذرانند")]
async fn shop_with_fast_simulators(world: &mut LimooWorld, speed: u32) {
    let options = AppOptions { sim_time_scale: 1.0 / f64::from(speed), ..AppOptions::default() };
    world.app = Some(TestApp::spawn(options).await.or_fail("test app failed to start"));
}

#[given(expr = "مشتری {string} با {int} امتیاز سفارش محصول {int} را ساخته و امتیاز را روی آن گذاشته است")]
async fn order_with_points(world: &mut LimooWorld, mobile: String, points: i64, product: i64) {
    let app = world.start_app(true).await;
    let token = app.customer_with_points(&mobile, points).await;
    let order = app.create_order(&token, &[product]).await;
    let (status, set) = app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": order })).await;
    assert_eq!((status, &set["userPoint"]["status"]), (200, &json!("ADDED_TO_ORDER")), "{set}");
    world.paying = Some(Paying { token, mobile, order, ..Paying::default() });
}

#[given(expr = "شبیه‌ساز {string} سناریوی {string} را اجرا می‌کند")]
async fn force_scenario(world: &mut LimooWorld, sim: String, scenario: String) {
    let scenario: Scenario = scenario.parse().or_fail_any("a scenario name");
    world.app().sims.force(gateway(&sim), scenario).or_fail_any("the simulator takes the scenario");
}

#[when(expr = "مشتری با روش {string} پرداخت را آغاز می‌کند")]
async fn start_payment(world: &mut LimooWorld, method: String) {
    let app = world.app();
    let paying = world.paying();
    let mut body = payment_request(app, &paying.token, paying.order, &method);
    body["mobile"] = json!(paying.mobile);
    body["productPermalink"] = json!("limoo-diet");
    let (status, body) = app.post_as(&paying.token, "/lemonade/api/payments", &body).await;
    world.reply = Some(Reply { status, body });
    if let Some(paying) = world.paying.as_mut() {
        paying.method = method;
    }
}

#[when(expr = "مشتری در صفحه درگاه دکمه {string} را می‌زند")]
async fn press(world: &mut LimooWorld, button: String) {
    let action =
        PageAction::ALL.into_iter().find(|a| a.name() == button).unwrap_or_else(|| panic!("no page button {button}"));
    let reply = world.reply();
    assert_eq!(reply.status, 200, "the payment started: {}", reply.body);
    let callback = browser::press(entry(&reply.body), action).await.or_fail("the hosted page");
    let location = match callback {
        // Gumroad sends the buyer where the shop's answer to its sale ping said.
        Some(callback) if world.paying().method.ends_with("_GUMROAD") => Some(callback.url),
        Some(callback) => Some(follow(&callback).await),
        None => None,
    };
    if let Some(paying) = world.paying.as_mut() {
        paying.location = location;
    }
}

#[when(expr = "جاروب پرداخت‌ها با مهلت انقضای {int} دقیقه اجرا می‌شود")]
async fn sweep(world: &mut LimooWorld, expire_minutes: i64) {
    let sweeper = world.app().payment_sweeper(expire_minutes);
    limoo_bff::shop::payments::sweep(&sweeper).await.or_fail("the sweep");
}

#[when(expr = "شبیه‌ساز {string} بازگشت را خودش دوباره می‌فرستد")]
async fn callback_repeated(world: &mut LimooWorld, sim: String) {
    let gateway = gateway(&sim);
    let sims = &world.app().sims;
    // The simulator repeats its callback 2 s × time scale after the browser's and journals it once answered.
    poll_for(Duration::from_secs(10), || async {
        let journal = sims.journal();
        Ok(journal.into_iter().any(|e| e.gateway == gateway && e.outgoing && e.path.contains("callback")).then_some(()))
    })
    .await
    .or_fail("the simulator never repeated its callback");
}

#[then(expr = "پیوند پرداخت به شبیه‌ساز {string} می‌رود و امتیاز سفارش {string} است")]
async fn link_goes_to(world: &mut LimooWorld, sim: String, points: String) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "{}", reply.body);
    let link = reply.body["paymentLink"].as_str().unwrap_or_default();
    // Every simulator serves its pages under its own name.
    let base = format!("{}/{}/", world.app().sims.base_url(), gateway(&sim).name());
    assert!(link.starts_with(&base), "{link} is not at {base}");
    assert_eq!(points_status(world).await, points);
}

#[then(expr = "مرورگر با وضعیت {string} به صفحه نتیجه سفارش برمی‌گردد")]
async fn back_to_result(world: &mut LimooWorld, status: String) {
    let paying = world.paying();
    let expected = result_url(world.app(), status == "OK", paying.order);
    assert_eq!(paying.location.as_deref(), Some(expected.as_str()));
}

/// The order became PAYMENT_SUCCESS `times` times and its invoice shows `status`.
async fn assert_paid(world: &LimooWorld, times: usize, status: &str) {
    let paying = world.paying();
    assert_eq!(times_paid(world.app(), &paying.token, paying.order).await, times);
    let (_, invoice) = world.app().invoice(&paying.token, paying.order).await;
    assert_eq!(invoice["status"], status, "{invoice}");
}

#[then("سفارش دقیقا یک بار پرداخت شده است")]
async fn paid_once(world: &mut LimooWorld) {
    assert_paid(world, 1, "PAYMENT_SUCCESS").await;
}

#[then("سفارش هیچ‌بار پرداخت نشده است")]
async fn never_paid(world: &mut LimooWorld) {
    assert_paid(world, 0, "CREATED").await;
}

#[then(expr = "وضعیت امتیاز سفارش {string} است")]
async fn points_are(world: &mut LimooWorld, status: String) {
    assert_eq!(points_status(world).await, status);
}

#[then(expr = "آخرین پرداخت سفارش {string} است")]
async fn last_payment_is(world: &mut LimooWorld, state: String) {
    let states = payment_states(world.app(), world.paying().order).await;
    assert_eq!(states.last(), Some(&state), "payments of the order: {states:?}");
}

#[then("هیچ پرداختی از سفارش باز نمانده است")]
async fn nothing_open(world: &mut LimooWorld) {
    let states = payment_states(world.app(), world.paying().order).await;
    assert!(states.iter().all(|s| s == "FAILED"), "only refused payments may stay: {states:?}");
}

#[then(expr = "شبیه‌ساز {string} دقیقا یک پرداخت دارد")]
async fn one_payment_at(world: &mut LimooWorld, sim: String) {
    assert_eq!(world.app().sims.payments(Some(gateway(&sim))).len(), 1);
}

/// The simulator's own record of the one payment: created, paid, verified, reversed …
#[then(expr = "پرداخت شبیه‌ساز {string} در مرحله {string} است")]
async fn payment_stage_at(world: &mut LimooWorld, sim: String, stage: String) {
    let payments = world.app().sims.payments(Some(gateway(&sim)));
    let stages: Vec<&str> = payments.iter().map(|p| p.stage.as_str()).collect();
    assert_eq!(stages, [stage.as_str()], "the simulator's payments");
}

/// The calls to the gateway's delivery endpoint (Digipay's `purchases/deliver`) that it accepted.
#[then(expr = "شبیه‌ساز {string} خرید را دقیقا یک بار پذیرفته و تحویل گرفته است")]
async fn delivered_once(world: &mut LimooWorld, sim: String) {
    let journal = world.app().sims.journal();
    let deliveries: Vec<u16> = journal
        .iter()
        .filter(|e| e.gateway == gateway(&sim) && !e.outgoing && e.path.ends_with("/purchases/deliver"))
        .map(|e| e.status)
        .collect();
    assert_eq!(deliveries, [200], "the simulator's delivery calls and their answers");
}

#[then(expr = "شبیه‌ساز {string} هیچ پرداختی ندارد")]
async fn no_payment_at(world: &mut LimooWorld, sim: String) {
    assert!(world.app().sims.payments(Some(gateway(&sim))).is_empty());
}

#[then(expr = "پاسخ خطای {int} با کد {string} و بدون پیام است")]
async fn error_without_message(world: &mut LimooWorld, status: u16, code: String) {
    let reply = world.reply();
    assert_eq!((reply.status, &reply.body["err"]["code"]), (status, &json!(code)), "{}", reply.body);
    assert_eq!(reply.body["err"]["details"]["messages"], json!([]), "the checkout error section: {}", reply.body);
}

#[then(expr = "پاسخ خطای {int} با کد {string} و پیام درگاه است")]
async fn error_with_message(world: &mut LimooWorld, status: u16, code: String) {
    let reply = world.reply();
    assert_eq!((reply.status, &reply.body["err"]["code"]), (status, &json!(code)), "{}", reply.body);
    let messages = reply.body["err"]["details"]["messages"].as_array().cloned().unwrap_or_default();
    assert!(messages.first().and_then(|m| m.as_str()).is_some_and(|m| !m.is_empty()), "{}", reply.body);
}
