//! Paying an order through the real BFF and the gateway simulators: start, the hosted page, the
//! callback, the sweeper, and what the order, its points and its payment look like afterwards.
use std::time::Duration;

use crate::params::{Mobile, Product, Products};
use crate::{
    AppOptions,
    browser::poll_for,
    payment::{self, entry, follow, payment_request, payment_states, result_url, texts_of_order, times_paid},
};
use cucumber::{given, then, when};
use limoo_simulators::{Gateway, PageAction, Scenario, browser};
use rust_persian_tools::{commas, digits};
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
    /// The answers of the starts that succeeded, oldest first (a second tab, another gateway …).
    starts: Vec<serde_json::Value>,
    /// The customer's order paid before this one, whose proof of payment a script replays.
    earlier: Option<i64>,
    /// The callback the customer's browser has yet to bring back after paying.
    pending: Option<browser::Navigation>,
    /// Another customer's token and order, whose callback borrowed this payment's proof.
    borrower: Option<(String, i64)>,
}

impl LimooWorld {
    fn paying(&self) -> &Paying {
        self.paying.as_ref().expect("no order to pay: create one with a Given step")
    }

    /// The paying customer signs in again, as their app renews a token that a moved clock expired.
    pub(super) async fn renew_payer_token(&mut self) {
        let Some(mobile) = self.paying.as_ref().map(|paying| paying.mobile.clone()) else { return };
        let token = self.app().token_for(&mobile, limoo_bff::domain::mobile_number::IRAN).await;
        if let Some(paying) = self.paying.as_mut() {
            paying.token = token;
        }
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
    world.start_app_with(options).await;
}

/// `PAYMENT_METHODS`: the gateways a deployment offers besides `online` and the transfers, e.g. "DIGIPAY", or "" for
/// none.
#[given(expr = "فروشگاه از درگاه‌های اعتباری و بین‌المللی فقط {string} را ارائه می‌کند")]
async fn shop_offering(world: &mut LimooWorld, gateways: String) {
    let payment_methods = gateways
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .map(|name| limoo_bff::domain::payment::Gateway::parse(name).ok_or(name).or_fail_any("a gateway name"))
        .collect();
    let options = AppOptions { payment_methods, ..AppOptions::default() };
    world.start_app_with(options).await;
}

/// `SUPPORT_PHONE` and `SUPPORT_EMAIL`: the ways to reach support a deployment without a chat widget offers.
#[given(expr = "فروشگاه تلفن پشتیبانی {string} و ایمیل {string} را دارد")]
async fn shop_with_support_contacts(world: &mut LimooWorld, phone: String, email: String) {
    let options = AppOptions { support_contacts: Some((phone, email)), ..AppOptions::default() };
    world.start_app_with(options).await;
}

#[given(expr = "شبیه‌سازهای فروشگاه زمان را {int} برابر تندتر می‌گذرانند")]
async fn shop_with_fast_simulators(world: &mut LimooWorld, speed: u32) {
    let options = AppOptions { sim_time_scale: 1.0 / f64::from(speed), ..AppOptions::default() };
    world.start_app_with(options).await;
}

#[given(expr = "مشتری {mobile} با {int} امتیاز سفارش محصول {product} را ساخته و امتیاز را روی آن گذاشته است")]
async fn order_with_points(world: &mut LimooWorld, mobile: Mobile, points: i64, product: Product) {
    let app = world.start_app(true).await;
    let token = app.customer_with_points(&mobile, points).await;
    let order = app.create_order(&token, &[*product]).await;
    let (status, set) = app.api(&token).set_user_points(order).await;
    assert_eq!((status, &set["userPoint"]["status"]), (200, &json!("ADDED_TO_ORDER")), "{set}");
    world.paying = Some(Paying { token, mobile: mobile.to_string(), order, ..Paying::default() });
}

#[given(expr = "مشتری {mobile} سفارش محصول {product} را بدون امتیاز ساخته است")]
async fn order_without_points(world: &mut LimooWorld, mobile: Mobile, product: Product) {
    let app = world.start_app(true).await;
    let token = app.existing_customer(&mobile).await;
    let order = app.create_order(&token, &[*product]).await;
    world.paying = Some(Paying { token, mobile: mobile.to_string(), order, ..Paying::default() });
}

#[when("مشتری مبلغ گامرود سفارشش را می‌پرسد")]
async fn asks_gumroad_price(world: &mut LimooWorld) {
    let paying = world.paying();
    let reply = world.app().api(&paying.token).gumroad_price(paying.order).await;
    world.keep(reply);
}

/// The amount as Gumroad's own product API gives it, the same the simulator's page for the product asks.
#[then(expr = "گامرود برای سفارش {string} دلار می‌گیرد")]
async fn gumroad_charges(world: &mut LimooWorld, formatted: String) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "body: {}", reply.body);
    assert_eq!(reply.body["formattedPrice"], formatted.as_str(), "{}", reply.body);
    assert_eq!(reply.body["currency"], "USD");
    let cents = limoo_simulators::test_values::GUMROAD_PRICE_CENTS;
    assert_eq!(reply.body["priceCents"], cents, "{}", reply.body);
}

/// A forcing two engineers sharing one simulator can each arm: only calls naming `matching` take it, every time.
#[given(expr = "شبیه‌ساز {string} سناریوی {string} را تا پاک شدن فقط برای درخواست‌های دارای {string} اجرا می‌کند")]
async fn force_scoped(world: &mut LimooWorld, sim: String, scenario: String, matching: String) {
    let scenario: Scenario = scenario.parse().or_fail_any("a scenario name");
    let scope = limoo_simulators::forcing::Scope { matching: Some(matching), times: None, ttl: None };
    world.app().sims().force_scoped(gateway(&sim), scenario, scope).or_fail_any("the simulator takes the scenario");
}

/// The gateway's next fitting call takes the scenario. On a deployment, whose simulators other suites share, only
/// the calls naming the paying customer's number do (a forcing scoped to it, as a tester there arms one).
#[given(expr = "شبیه‌ساز {string} سناریوی {string} را اجرا می‌کند")]
async fn force_scenario(world: &mut LimooWorld, sim: String, name: String) {
    let scenario: Scenario = name.parse().or_fail_any("a scenario name");
    let app = world.app();
    if app.is_local() {
        app.sims().force(gateway(&sim), scenario).or_fail_any("the simulator takes the scenario");
        return;
    }
    let mobile = world.paying.as_ref().map(|paying| paying.mobile.clone()).expect(
        "on a deployment a forcing names the paying customer: arrange the order first, or tag the scenario @in-process",
    );
    app.force_for(&sim, &name, &mobile).await;
}

/// `createPayment` for the order as the checkout sends it, with an `Idempotency-Key` when given.
async fn start(world: &mut LimooWorld, method: String, idempotency_key: Option<&str>) {
    let app = world.app();
    let paying = world.paying();
    let mut body = payment_request(app, &paying.token, paying.order, &method);
    body["mobile"] = json!(paying.mobile);
    body["productPermalink"] = json!("limoo-diet");
    let api = app.api(&paying.token);
    let (status, body) = match idempotency_key {
        Some(key) => api.create_payment_with_key(&body, key).await,
        None => api.create_payment(&body).await,
    };
    if let Some(paying) = world.paying.as_mut() {
        paying.method = method;
        if status == 200 {
            paying.starts.push(body.clone());
        }
    }
    world.reply = Some(Reply { status, body });
}

#[when(expr = "مشتری با روش {string} پرداخت را آغاز می‌کند")]
async fn start_payment(world: &mut LimooWorld, method: String) {
    start(world, method, None).await;
}

/// Another tab of the checkout, or a double tap, sends its own key.
#[when(expr = "مشتری با روش {string} و کلید تکرار {string} پرداخت را آغاز می‌کند")]
async fn start_payment_with_key(world: &mut LimooWorld, method: String, key: String) {
    start(world, method, Some(&key)).await;
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

/// The customer's next order, paid through `method`; the order paid before is kept for a replay.
#[when(expr = "مشتری سفارش تازه‌ای از محصولات {products} می‌سازد و با روش {string} پرداخت را آغاز می‌کند")]
async fn start_next_order(world: &mut LimooWorld, products: Products, method: String) {
    let token = world.paying().token.clone();
    let order = world.app().create_order(&token, &products).await;
    if let Some(paying) = world.paying.as_mut() {
        let mobile = std::mem::take(&mut paying.mobile);
        *paying = Paying { token, mobile, order, earlier: Some(paying.order), ..Paying::default() };
    }
    start(world, method, None).await;
}

/// A hostile script's own callback for the live payment, carrying the earlier order's proof of payment.
#[when(expr = "اسکریپتی بازگشت درگاه {string} را با رسید پرداخت سفارش قبلی برای سفارش تازه می‌فرستد")]
async fn replay_proof(world: &mut LimooWorld, sim: String) {
    let earlier = world.paying().earlier.expect("an order paid before");
    let proof = payment::verified_ref(world.app(), earlier).await;
    let reply = world.reply();
    let link = reply.body["paymentLink"].as_str().expect("the start's paymentLink");
    payment::forge_paid_callback(world.app(), gateway(&sim), link, &proof).await;
}

/// The customer pays on the hosted page; their browser is slow to come back to the shop.
#[when("مشتری در صفحه درگاه می‌پردازد ولی مرورگرش هنوز به فروشگاه برنگشته است")]
async fn pay_without_returning(world: &mut LimooWorld) {
    let callback = browser::press(entry(&world.reply().body), PageAction::Pay).await.or_fail("the hosted page");
    if let Some(paying) = world.paying.as_mut() {
        paying.pending = Some(callback.expect("the page sends the browser back"));
    }
}

#[when("مرورگر مشتری به فروشگاه برمی‌گردد")]
async fn browser_returns(world: &mut LimooWorld) {
    let callback = world.paying().pending.clone().expect("a payment whose browser has not come back");
    let location = follow(&callback).await;
    if let Some(paying) = world.paying.as_mut() {
        paying.location = Some(location);
    }
}

/// Another customer starts a payment of their own order through the same gateway and posts their payment's
/// callback with this customer's proof of payment (before or after this customer's browser came back).
#[when(
    expr = "مشتری دیگر {mobile} سفارش محصول {product} را با روش {string} آغاز می‌کند و رسید پرداخت مشتری را در بازگشت درگاه {string} خودش می‌فرستد"
)]
async fn borrow_proof(world: &mut LimooWorld, mobile: Mobile, product: Product, method: String, sim: String) {
    let app = world.app();
    let token = app.existing_customer(&mobile).await;
    let order = app.create_order(&token, &[*product]).await;
    let mut body = payment_request(app, &token, order, &method);
    body["mobile"] = json!(mobile.to_string());
    let (status, reply) = app.post_as(&token, "/lemonade/api/payments", &body).await;
    assert_eq!(status, 200, "the other customer's payment started: {reply}");
    let paid = world.paying().pending.clone().expect("a paid callback to borrow from");
    let went = payment::borrow_proof(gateway(&sim), &reply, &paid).await;
    assert_eq!(went, result_url(app, false, order), "the borrower's browser lands on the fail page");
    if let Some(paying) = world.paying.as_mut() {
        paying.borrower = Some((token, order));
    }
}

#[then("سفارش مشتری دیگر هیچ‌بار پرداخت نشده است")]
async fn borrower_not_paid(world: &mut LimooWorld) {
    let (token, order) = world.paying().borrower.clone().expect("another customer's order");
    assert_eq!(times_paid(world.app(), &token, order).await, 0, "the borrowed proof paid the other order");
}

/// From the simulator's ledger: the customer's money is kept once, at the order's price, for the customer's own
/// order; none is kept for the other customer's.
#[then(expr = "درگاه {string} پول مشتری را یک بار و برای سفارش خودش نگه داشته است")]
async fn kept_for_own_order(world: &mut LimooWorld, sim: String) {
    let app = world.app();
    let money = payment::money_by_payment(app, gateway(&sim));
    let kept = |ids: Vec<String>| ids.iter().filter_map(|id| money.get(id)).map(|m| m.0).sum::<i64>();
    let paying = world.paying();
    let sql = "SELECT CAST(gateway_amount AS TEXT) FROM payment WHERE customer_order_id = $1 AND state = 'VERIFIED'";
    let price: i64 =
        texts_of_order(app, sql, paying.order).await.pop().expect("a verified payment").parse().or_fail_any("a number");
    assert_eq!(kept(payment::payment_ids(app, paying.order).await), price, "the customer's money, kept once");
    if let Some((_, order)) = &paying.borrower {
        assert_eq!(kept(payment::payment_ids(app, *order).await), 0, "nothing kept for the other customer");
    }
}

/// One Gumroad sale is the order's; every other sale under its payment went back through Gumroad, and the orders
/// history lists each as REVERSED.
#[then(expr = "گامرود {int} فروش را پس داده و تاریخچه سفارش همان را بازپرداخت {string} نشان می‌دهد")]
async fn other_sales_refunded(world: &mut LimooWorld, refunded: usize, status: String) {
    let app = world.app();
    let money: Vec<_> = app.sims().ledger(Some(Gateway::Gumroad), None).into_iter().map(|e| e.money).collect();
    let returned = money.iter().filter(|m| **m == limoo_simulators::Money::Returned).count();
    let kept = money.iter().filter(|m| **m == limoo_simulators::Money::Kept).count();
    assert_eq!((kept, returned), (1, refunded), "the sales: {money:?}");
    let paying = world.paying();
    let (code, orders) = app.api(&paying.token).list_paid_orders().await;
    assert_eq!(code, 200, "{orders}");
    let order = orders.as_array().into_iter().flatten().find(|o| o["id"] == paying.order).expect("the order");
    let statuses: Vec<&str> =
        order["refunds"].as_array().into_iter().flatten().filter_map(|r| r["status"].as_str()).collect();
    assert_eq!(statuses, vec![status.as_str(); refunded], "{order}");
}

/// The earlier order is still paid once and its money still at the gateway: nothing reversed or refunded.
#[then(expr = "پول پرداخت سفارش قبلی در شبیه‌ساز {string} مانده است")]
async fn earlier_money_kept(world: &mut LimooWorld, sim: String) {
    let paying = world.paying();
    let earlier = paying.earlier.expect("an order paid before");
    assert_eq!(times_paid(world.app(), &paying.token, earlier).await, 1, "the earlier order is paid once");
    let payments = world.app().sims().payments(Some(gateway(&sim)));
    assert!(matches!(payments[0].stage.as_str(), "verified" | "paid"), "the first payment: {}", payments[0].stage);
    let journal = world.app().sims().journal();
    let given_back = journal.iter().filter(|e| e.path.ends_with("/ReverseTransaction") || e.path.ends_with("/refund"));
    assert_eq!(given_back.count(), 0, "nothing was reversed or refunded");
}

/// The hosted page of an earlier start (1 = the first), still open in another tab.
#[when(expr = "مشتری در صفحه درگاه آغاز {int} دکمه {string} را می‌زند")]
async fn press_on_start(world: &mut LimooWorld, nth: usize, button: String) {
    let action =
        PageAction::ALL.into_iter().find(|a| a.name() == button).unwrap_or_else(|| panic!("no page button {button}"));
    let started = world.paying().starts.get(nth.wrapping_sub(1)).cloned();
    let started = started.unwrap_or_else(|| panic!("no start number {nth}"));
    let callback = browser::press(entry(&started), action).await.or_fail("the hosted page");
    let location = match callback {
        Some(callback) => Some(follow(&callback).await),
        None => None,
    };
    if let Some(paying) = world.paying.as_mut() {
        paying.location = location;
    }
}

/// The gateway took the money and the BFF asked verify, but the answer was lost (a time-out, a crash) while
/// the order got paid: the order stays PAYMENT_SUCCESS and its payment is back to CALLBACK_RECEIVED after one
/// verify attempt, as the sweeper finds such a payment.
#[given("پاسخ تایید پرداخت سفارش گم شده است و سفارش پرداخت‌شده مانده است")]
async fn verify_answer_lost(world: &mut LimooWorld) {
    let sql = "UPDATE payment SET state = 'CALLBACK_RECEIVED', attempts = 1, lease_until = 0 \
               WHERE customer_order_id = $1 AND state = 'VERIFIED' RETURNING state";
    let changed = texts_of_order(world.app(), sql, world.paying().order).await;
    assert_eq!(changed, ["CALLBACK_RECEIVED"], "the order's one verified payment");
}

#[when(expr = "جاروب پرداخت‌ها با مهلت انقضای {int} دقیقه اجرا می‌شود")]
async fn sweep(world: &mut LimooWorld, expire_minutes: i64) {
    let sweeper = world.app().payment_sweeper(expire_minutes);
    limoo_bff::shop::payments::sweep((&sweeper).into()).await.or_fail("the sweep");
}

#[when(expr = "یک روز می‌گذرد و درگاه {string} به جاروب پرداخت‌ها پاسخ نمی‌دهد")]
async fn a_day_unanswered(world: &mut LimooWorld, sim: String) {
    payment::a_day_with_gateway_down(world.app(), gateway(&sim)).await;
    world.renew_payer_token().await;
}

/// A network fault on the gateway's next call: it takes effect there, and its answer stops after one byte.
#[given(expr = "شبیه‌ساز {string} پاسخ درخواست بعدی را پس از انجام آن نیمه‌کاره قطع می‌کند")]
async fn next_answer_cut(world: &mut LimooWorld, sim: String) {
    let (cut, once) = (limoo_simulators::faults::FaultKind::Cut, limoo_simulators::forcing::Scope::once());
    world.app().sims().arm_fault(gateway(&sim), cut, once, 100).or_fail_any("the simulator takes the fault");
}

/// QA's replay: the simulator's control API delivers the payment's last callback again, as a late or repeated
/// callback would arrive, and every delivery is answered by the shop.
#[when(expr = "کارشناس آزمون بازگشت آخرین پرداخت شبیه‌ساز {string} را {int} بار دیگر می‌فرستد")]
async fn callback_replayed(world: &mut LimooWorld, sim: String, times: u32) {
    let sims = world.app().sims();
    let token = sims.payments(Some(gateway(&sim))).pop().map(|p| p.token).expect("the simulator holds a payment");
    let url = format!("{}/_sim/payments/{token}/callback", sims.base_url());
    let replayed = reqwest::Client::new().post(url).json(&json!({ "times": times })).send().await.expect("answered");
    assert_eq!(replayed.status(), 200, "the replay was refused");
    let body: serde_json::Value = replayed.json().await.expect("JSON");
    let statuses = body["merchantStatuses"].as_array().cloned().unwrap_or_default();
    assert_eq!(statuses.len(), times as usize, "{body}");
    // The shop answers a repeated callback as it answered the first: the browser is sent to the result page.
    assert!(statuses.iter().all(|s| s.as_u64().is_some_and(|s| (200..400).contains(&s))), "{body}");
}

#[when(expr = "شبیه‌ساز {string} بازگشت را خودش دوباره می‌فرستد")]
async fn callback_repeated(world: &mut LimooWorld, sim: String) {
    let gateway = gateway(&sim);
    let sims = world.app().sims();
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
    let base = format!("{}/{}/", world.app().sims().base_url(), gateway(&sim).name());
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
    assert_eq!(world.app().sims().payments(Some(gateway(&sim))).len(), 1);
}

/// The simulator's own record of the one payment: created, paid, verified, reversed …
#[then(expr = "پرداخت شبیه‌ساز {string} در مرحله {string} است")]
async fn payment_stage_at(world: &mut LimooWorld, sim: String, stage: String) {
    let payments = world.app().sims().payments(Some(gateway(&sim)));
    let stages: Vec<&str> = payments.iter().map(|p| p.stage.as_str()).collect();
    assert_eq!(stages, [stage.as_str()], "the simulator's payments");
}

/// The calls to the gateway's delivery endpoint (Digipay's `purchases/deliver`) that it accepted.
#[then(expr = "شبیه‌ساز {string} خرید را دقیقا یک بار پذیرفته و تحویل گرفته است")]
async fn delivered_once(world: &mut LimooWorld, sim: String) {
    let journal = world.app().sims().journal();
    let deliveries: Vec<u16> = journal
        .iter()
        .filter(|e| e.gateway == gateway(&sim) && !e.outgoing && e.path.ends_with("/purchases/deliver"))
        .map(|e| e.status)
        .collect();
    assert_eq!(deliveries, [200], "the simulator's delivery calls and their answers");
}

#[then("همه آغازهای پرداخت همان پیوند پرداخت را گرفته‌اند")]
async fn same_link_for_every_start(world: &mut LimooWorld) {
    let starts = &world.paying().starts;
    assert!(starts.len() >= 2, "at least two starts succeeded: {starts:?}");
    let links: Vec<&str> = starts.iter().map(|s| s["paymentLink"].as_str().unwrap_or_default()).collect();
    assert!(!links[0].is_empty() && links.iter().all(|link| *link == links[0]), "the links: {links:?}");
}

/// The states of all the order's payments, in any order (ids are random), e.g. "FAILED، VERIFIED".
#[then(expr = "پرداخت‌های سفارش {string} هستند")]
async fn payments_are(world: &mut LimooWorld, expected: String) {
    let mut states = payment_states(world.app(), world.paying().order).await;
    states.sort();
    let mut wanted: Vec<&str> = expected.split('،').map(str::trim).collect();
    wanted.sort_unstable();
    assert_eq!(states, wanted, "payments of the order");
}

#[then(expr = "سفارش دقیقا {int} پرداخت دارد")]
async fn payments_of_order(world: &mut LimooWorld, count: usize) {
    let states = payment_states(world.app(), world.paying().order).await;
    assert_eq!(states.len(), count, "payments of the order: {states:?}");
}

/// Across every gateway simulator, the payments whose money the gateway kept (verified or settled).
#[then("شبیه‌سازها روی هم دقیقا یک پرداخت را نگه داشته‌اند")]
async fn one_kept_payment(world: &mut LimooWorld) {
    let payments = world.app().sims().payments(None);
    let stages: Vec<(Gateway, &str)> = payments.iter().map(|p| (p.gateway, p.stage.as_str())).collect();
    let kept = stages.iter().filter(|(_, stage)| matches!(*stage, "verified" | "settled")).count();
    assert_eq!(kept, 1, "the simulators' payments: {stages:?}");
}

#[then(expr = "شبیه‌ساز {string} هیچ پرداختی ندارد")]
async fn no_payment_at(world: &mut LimooWorld, sim: String) {
    assert!(world.app().sims().payments(Some(gateway(&sim))).is_empty());
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

/// The order's one payment: its id and amount (toman).
async fn the_payment(world: &LimooWorld) -> (i64, i64) {
    let order = world.paying().order;
    let number = |texts: Vec<String>| -> i64 {
        assert_eq!(texts.len(), 1, "the order has one payment: {texts:?}");
        texts[0].parse().or_fail_any("a number")
    };
    let sql = "SELECT CAST(payment_id AS TEXT) FROM payment WHERE customer_order_id = $1";
    let id = number(texts_of_order(world.app(), sql, order).await);
    let sql = "SELECT CAST(amount AS TEXT) FROM payment WHERE customer_order_id = $1";
    (id, number(texts_of_order(world.app(), sql, order).await))
}

/// An amount as the BFF's SMS writes it: Persian digits, thousands separated by the Arabic separator (U+066C).
fn sms_amount(amount: i64) -> String {
    digits::en_to_fa(commas::add_commas(amount.to_string())).replace(',', "٬")
}

#[then(expr = "پیامک مشتری می‌گوید مبلغ پرداخت {string}")]
async fn refund_sms_says(world: &mut LimooWorld, says: String) {
    let (_, amount) = the_payment(world).await;
    let wanted = format!("مبلغ {} تومان", sms_amount(amount));
    let sims = world.app().sims();
    let mobile = &world.paying().mobile;
    let sent = poll_for(Duration::from_secs(5), || async {
        Ok(sims.sms_outbox(mobile).into_iter().map(|sms| sms.message).find(|m| m.contains(&wanted)))
    })
    .await
    .or_fail("no refund SMS naming the amount");
    assert!(sent.contains(&says), "the refund SMS {sent:?} does not say {says:?}");
}

#[then(expr = "تاریخچه سفارش‌های مشتری بازپرداخت {string} پرداخت سفارش را نشان می‌دهد")]
async fn history_shows_refund(world: &mut LimooWorld, status: String) {
    let (id, amount) = the_payment(world).await;
    let paying = world.paying();
    let (code, orders) = world.app().api(&paying.token).list_paid_orders().await;
    assert_eq!(code, 200, "{orders}");
    let order = orders.as_array().into_iter().flatten().find(|o| o["id"] == paying.order);
    let order = order.unwrap_or_else(|| panic!("order {} is not in the history: {orders}", paying.order));
    let refunds: Vec<(i64, i64, &str)> = order["refunds"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            (
                r["paymentId"].as_i64().unwrap_or(0),
                r["amount"].as_i64().unwrap_or(0),
                r["status"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(refunds, [(id, amount, status.as_str())], "{order}");
}

/// The order's payment as finance's refund list in `status` shows it.
async fn finance_refund(world: &LimooWorld, status: &str) -> Option<serde_json::Value> {
    let (id, _) = the_payment(world).await;
    let (code, list) = world.app().finance_api().list_refunds(status).await;
    assert_eq!(code, 200, "the finance refund list: {list}");
    list["refunds"].as_array().into_iter().flatten().find(|r| r["paymentId"] == id).cloned()
}

#[then(expr = "پرداخت سفارش در فهرست بازپرداخت‌های {string} واحد مالی است")]
async fn in_finance_list(world: &mut LimooWorld, status: String) {
    let (_, amount) = the_payment(world).await;
    let refund = finance_refund(world, &status).await.unwrap_or_else(|| panic!("not in the {status} list"));
    assert_eq!((&refund["orderId"], &refund["amount"]), (&json!(world.paying().order), &json!(amount)), "{refund}");
}

#[then(expr = "پرداخت سفارش در فهرست بازپرداخت‌های {string} واحد مالی نیست")]
async fn not_in_finance_list(world: &mut LimooWorld, status: String) {
    assert_eq!(finance_refund(world, &status).await, None);
}

#[when(expr = "واحد مالی با نام {string} بازپرداخت پرداخت سفارش را ثبت می‌کند")]
async fn finance_settles(world: &mut LimooWorld, reviewer: String) {
    let (id, _) = the_payment(world).await;
    let (status, body) = world.app().finance_api().settle_refund(id, &json!({ "reviewer": reviewer })).await;
    assert_eq!(status, 200, "settling the refund: {body}");
    world.reply = Some(Reply { status, body });
}

#[then(expr = "بازپرداخت پرداخت سفارش به نام {string} ثبت شده است")]
async fn refunded_by(world: &mut LimooWorld, reviewer: String) {
    let refund = finance_refund(world, "REFUNDED").await.expect("in the REFUNDED list");
    assert_eq!(refund["refundedBy"], json!(reviewer), "{refund}");
    assert!(refund["refundedAt"].as_i64().is_some(), "{refund}");
}

/// The order's payment as finance's queue of payments that expired unanswered shows it.
async fn unanswered_listed(world: &LimooWorld) -> Option<serde_json::Value> {
    let (id, _) = the_payment(world).await;
    let (code, list) = world.app().finance_api().list_unanswered_payments().await;
    assert_eq!(code, 200, "the finance queue of unanswered payments: {list}");
    list["payments"].as_array().into_iter().flatten().find(|p| p["paymentId"] == id).cloned()
}

#[then("پرداخت سفارش در صف پرداخت‌های بی‌پاسخ واحد مالی است")]
async fn in_unanswered_queue(world: &mut LimooWorld) {
    let (_, amount) = the_payment(world).await;
    let listed = unanswered_listed(world).await.expect("in the queue of unanswered payments");
    assert_eq!((&listed["orderId"], &listed["amount"]), (&json!(world.paying().order), &json!(amount)), "{listed}");
}

#[then("پرداخت سفارش در صف پرداخت‌های بی‌پاسخ واحد مالی نیست")]
async fn not_in_unanswered_queue(world: &mut LimooWorld) {
    assert_eq!(unanswered_listed(world).await, None);
}

#[when(expr = "واحد مالی با نام {string} ثبت می‌کند که درگاه پول پرداخت سفارش را {string}")]
async fn finance_checks(world: &mut LimooWorld, reviewer: String, verdict: String) {
    let taken = match verdict.as_str() {
        "برداشته است" => true,
        "برنداشته است" => false,
        other => panic!("the gateway either took it or not: {other}"),
    };
    let (id, _) = the_payment(world).await;
    let body = json!({ "reviewer": reviewer, "taken": taken });
    let (status, body) = world.app().finance_api().check_unanswered_payment(id, &body).await;
    world.reply = Some(Reply { status, body });
}

/// `{مبلغ}` in the line stands for the payment's amount as the page writes it (Persian digits and separator).
#[then(expr = "زیر سفارش در صفحه تاریخچه خط بازپرداخت {string} دیده می‌شود")]
async fn refund_line_shown(world: &mut LimooWorld, line: String) {
    let (_, amount) = the_payment(world).await;
    let line = line.replace("{مبلغ}", &sms_amount(amount).replace(',', "٬"));
    let lines = world.browser().await.texts("[data-testid=order-refund]").await.or_fail("refund lines shown");
    assert_eq!(lines, [line]);
}
