//! `@ui` steps for the payment screens in Chromium against the real BFF and simulators: the payment-method
//! popup (Snapp Pay's eligibility, the listed methods, the pay button's state, what the page sends and what
//! the gateway then receives), the manual-transfer forms and the payment result pages.
use std::time::Duration;

use crate::params::{Mobile, Products};
use crate::{
    browser::{Storage, poll_for},
    payment::texts_of_order,
};
use cucumber::{gherkin::Step, given, then, when};
use limoo_bff::domain::transfer::{TransferGateway, moment_at};
use limoo_simulators::{Gateway, JournalEntry};
use rust_persian_tools::{commas, digits};
use serde_json::{Value, json};

use super::{LimooWorld, OrFail, OrFailAny};

const SHEET: &str = "[data-testid=payment-sheet]";
const PAY: &str = "[data-testid=payment-sheet] [data-testid=payment-button]";
const METHOD: &str = "[data-testid=payment-sheet] [data-testid=payment-method]";
const TRANSFER_SUBMIT: &str = ".transfer-form__submit";
/// Session storage key of the requests the page sent (kept across the trip to a gateway's page).
const RECORDED: &str = "__limooSentRequests";
/// In a table of sent values: the order's payable total as the invoice states it.
const PAYABLE: &str = "مبلغ-قابل-پرداخت";
/// In a table of sent values: the field's part of the minute the order was created (Tehran time, form calendar).
const ORDER_MOMENT: &str = "زمان-ثبت-سفارش";
/// The transfer-form fields that hold the date and time, in the order of a moment's parts.
const MOMENT_FIELDS: [&str; 5] = ["pay-year", "pay-month", "pay-day", "pay-hour", "pay-minute"];

fn method(name: &str) -> String {
    format!("{METHOD}[data-method=\"{name}\"]")
}

/// The select of a transfer-form field (`pay-day`, `pay-month`, `pay-year`, `pay-hour`, `pay-minute`): the card
/// form's date is the app's shared Jalali selects, every other one the form's own; each carries the field's name.
fn transfer_select(field: &str) -> String {
    format!("select[data-testid=\"{field}\"]")
}

impl LimooWorld {
    /// The JSON body of the newest recorded request whose address contains `path` and method is `method`.
    pub(super) async fn sent_body(&mut self, method: &str, path: &str) -> Value {
        let found = poll_for(Duration::from_secs(10), || async {
            let requests = self.sent_requests_now().await?;
            Ok(requests
                .into_iter()
                .rev()
                .find(|r| r["method"] == method && r["url"].as_str().is_some_and(|u| u.contains(path))))
        })
        .await
        .or_fail(&format!("the page never sent {method} {path}"));
        serde_json::from_str(found["body"].as_str().unwrap_or_default()).or_fail_any("a JSON request body")
    }

    /// The requests the page recorded since `record_sent_requests`: `{ method, url, body }`, oldest first.
    async fn sent_requests_now(&self) -> anyhow::Result<Vec<Value>> {
        let browser = self.browser.as_ref().expect("a browser is open");
        let stored = browser.stored(Storage::Session, RECORDED).await?;
        Ok(stored.and_then(|text| serde_json::from_str::<Vec<Value>>(&text).ok()).unwrap_or_default())
    }

    /// Back on the shop's own pages (after a gateway's page), where the session storage lives.
    async fn back_in_shop(&mut self) {
        let address = self.app().address.clone();
        let current = self.browser().await.client.current_url().await.or_fail_any("current address");
        if !current.as_str().starts_with(&address) {
            self.browser().await.client.back().await.or_fail_any("back to the shop");
            let browser = self.browser().await;
            poll_for(Duration::from_secs(15), || async {
                Ok(browser.client.current_url().await?.as_str().starts_with(&address).then_some(()))
            })
            .await
            .or_fail("never came back to the shop");
        }
    }

    /// The gateway's calls journalled by the simulators (not those the simulator made itself).
    fn gateway_calls(&self, sim: &str) -> Vec<JournalEntry> {
        let gateway: Gateway = sim.parse().or_fail_any("a simulator name");
        self.app().sims().journal().into_iter().filter(|e| e.gateway == gateway && !e.outgoing).collect()
    }

    /// The values of a select's choices, the empty 'choose' one left out.
    async fn choices(&mut self, css: &str) -> Vec<i64> {
        let script =
            format!("return [...document.querySelectorAll('{css} option')].map(o => o.value).filter(v => v !== '');");
        let browser = self.browser().await;
        browser.texts(css).await.or_fail("the select is shown");
        let values = browser.execute(&script).await.or_fail("choices read");
        values.as_array().into_iter().flatten().filter_map(|v| v.as_str()?.parse().ok()).collect()
    }

    /// The order the transfer form on screen pays (session storage) and its invoice.
    async fn transfer_order_invoice(&mut self) -> Value {
        let browser = self.browser().await;
        let order = browser.stored(Storage::Session, "lemonadeOrderId").await.or_fail("session storage read");
        let order: i64 = order.and_then(|id| id.parse().ok()).expect("an order id in session storage");
        let token = self.stored_token().await;
        let (status, invoice) = self.app().invoice(&token, order).await;
        assert_eq!(status, 200, "{invoice}");
        invoice
    }

    /// The gateway of the transfer form on screen.
    async fn transfer_gateway(&mut self) -> TransferGateway {
        let script = "return document.querySelector('[data-testid=transfer-form-PAYPAL_ROSHANDEL]') !== null;";
        let paypal = self.browser().await.execute(script).await.or_fail("the form read");
        if paypal == json!(true) { TransferGateway::PayPal } else { TransferGateway::CardToCard }
    }

    /// Chooses `at_ms` in the transfer form's date and time selects (Tehran time, the form's calendar), only `fields`.
    async fn choose_moment(&mut self, at_ms: i64, fields: &[&str]) {
        let gateway = self.transfer_gateway().await;
        let (year, month, day, hour, minute) = moment_at(gateway, at_ms);
        // The card form's shared Jalali selects offer the calendar month; the PayPal picker is 0-based [PR-38].
        let month = match gateway {
            TransferGateway::CardToCard => month,
            TransferGateway::PayPal => month - 1,
        };
        for (field, value) in MOMENT_FIELDS.into_iter().zip([year, month, day, hour, minute]) {
            if fields.contains(&field) {
                let css = format!("{} option[value=\"{value}\"]", transfer_select(field));
                self.browser().await.click(&css).await.or_fail(&format!("{field} {value}"));
            }
        }
    }

    /// Empties the field as a person would (deleting what it holds), then types `text`.
    async fn replace_text(&mut self, css: &str, text: &str) {
        self.browser().await.click(css).await.or_fail("the field");
        self.clear_field(css).await;
        self.type_text(css, text).await;
    }

    /// Nothing more happens on the page for a moment: absences are checked after the page had time to act.
    async fn settle(&mut self) {
        tokio::time::sleep(Duration::from_millis(1500)).await;
    }
}

/// From now on the page keeps every request it sends (method, address, body) in session storage.
#[when("درخواست‌های صفحه با بدنه در حافظه جلسه ثبت می‌شوند")]
async fn record_sent_requests(world: &mut LimooWorld) {
    let script = format!(
        "sessionStorage.setItem('{RECORDED}', '[]'); const real = window.fetch; window.fetch = (input, init) => {{\
           const request = input instanceof Request ? input.clone() : new Request(input, init);\
           const sent = request.text().then(body => {{\
             const all = JSON.parse(sessionStorage.getItem('{RECORDED}') || '[]');\
             all.push({{ method: request.method, url: request.url, body }});\
             sessionStorage.setItem('{RECORDED}', JSON.stringify(all)); }});\
           return sent.then(() => real(input, init)); }};"
    );
    world.browser().await.execute(&script).await.or_fail("requests recorded");
}

#[when(expr = "مشتری روش {string} را در پنجره پرداخت انتخاب می‌کند")]
async fn choose_method(world: &mut LimooWorld, name: String) {
    world.browser().await.click(&method(&name)).await.or_fail("payment method clickable");
}

#[when("مشتری دکمه پرداخت پنجره را می‌زند")]
async fn press_sheet_pay(world: &mut LimooWorld) {
    world.wait_for_flag(PAY, "disabled", false).await;
    world.browser().await.click(PAY).await.or_fail("pay button clickable");
}

#[then(expr = "روش‌های پنجره پرداخت به این ترتیب‌اند: {string}")]
async fn listed_methods(world: &mut LimooWorld, expected: String) {
    let expected: Vec<&str> = expected.split(',').map(str::trim).collect();
    let browser = world.browser().await;
    let script = format!("return [...document.querySelectorAll('{METHOD}')].map(m => m.getAttribute('data-method'));");
    let read = || browser.execute(&script);
    let found = poll_for(Duration::from_secs(15), || async {
        let listed: Value = read().await?;
        Ok((listed == json!(expected)).then_some(()))
    })
    .await;
    let now: anyhow::Result<Value> = read().await;
    assert!(found.is_ok(), "the popup lists {:?}, not {expected:?}", now.ok());
}

#[then(expr = "روش {string} در پنجره پرداخت قابل انتخاب است")]
async fn method_selectable(world: &mut LimooWorld, name: String) {
    world.wait_for_attribute(&method(&name), "data-selectable", "true").await;
    let radio = format!("{} input", method(&name));
    world.wait_for_flag(&radio, "disabled", false).await;
}

#[then(expr = "روش {string} در پنجره پرداخت شایسته نیست و انتخاب نمی‌شود")]
async fn method_not_eligible(world: &mut LimooWorld, name: String) {
    world.wait_for_attribute(&method(&name), "data-selectable", "false").await;
    let note = format!("{} [data-testid=not-eligible-note]", method(&name));
    world.browser().await.texts(&note).await.or_fail("the not-eligible note");
    world.wait_for_flag(&format!("{} input", method(&name)), "disabled", true).await;
}

/// PR-34: the page asks the BFF in rial for what Snapp Pay would be paid (points taken off), and the BFF passes the
/// same amount on to SnappPay. The order holds points, so the final price before them would not pass.
#[then(expr = "شایستگی اسنپ‌پی برای ده برابر مبلغ قابل پرداخت سفارش {products} مشتری {mobile} پرسیده شده است")]
async fn snapp_eligibility_asked(world: &mut LimooWorld, products: Products, mobile: Mobile) {
    let invoice = world.invoice_of(&mobile, &products).await;
    let toman = invoice["totalPrice"].as_i64().expect("totalPrice");
    assert!(
        toman < invoice["totalFinalPrice"].as_i64().expect("totalFinalPrice"),
        "points are on the order: {invoice}"
    );
    let body = world.sent_body("POST", "/lemonade/api/payments/snapp-pay/eligibility").await;
    let sent = json!([body["amount"], body["service"], body["gateway"]]);
    assert_eq!(
        sent,
        json!([toman * 10, world.app().service_name, "SNAPP_PAY"]),
        "the page's eligibility request {body}"
    );
    let asked = world.gateway_calls("snapppay");
    let amounts: Vec<String> = asked
        .iter()
        .filter(|e| e.path.contains("eligible"))
        .filter_map(|e| {
            url::form_urlencoded::parse(e.query.as_bytes()).find(|(k, _)| k == "amount").map(|(_, v)| v.into_owned())
        })
        .collect();
    assert_eq!(amounts, vec![(toman * 10).to_string()], "SnappPay's eligibility calls");
}

#[then("دکمه پرداخت پنجره در حال انتظار است و روش‌ها قفل‌اند")]
async fn sheet_pending(world: &mut LimooWorld) {
    world.wait_for_attribute(PAY, "aria-busy", "true").await;
    world.wait_for_flag(PAY, "disabled", true).await;
    let script = format!("return [...document.querySelectorAll('{METHOD} input')].map(i => i.disabled);");
    let locked = world.browser().await.execute(&script).await.or_fail("radios read");
    let locked = locked.as_array().cloned().unwrap_or_default();
    assert!(!locked.is_empty() && locked.iter().all(|d| d == &json!(true)), "every method is locked: {locked:?}");
}

#[then("دکمه پرداخت پنجره آماده است")]
async fn sheet_idle(world: &mut LimooWorld) {
    world.wait_for_attribute(PAY, "aria-busy", "false").await;
    world.wait_for_flag(PAY, "disabled", false).await;
}

#[then("صفحه هیچ درخواست پرداختی نفرستاده است")]
async fn no_payment_request(world: &mut LimooWorld) {
    world.settle().await;
    let sent = world.sent_requests_now().await.or_fail("recorded requests");
    let payments: Vec<&Value> = sent
        .iter()
        // A payment start, not Snapp Pay's eligibility question (`/lemonade/api/payments/snapp-pay/eligibility`).
        .filter(|r| r["method"] == "POST" && r["url"].as_str().is_some_and(|u| u.ends_with("/lemonade/api/payments")))
        .collect();
    assert!(payments.is_empty(), "the page sent {payments:?}");
    world.browser().await.texts(SHEET).await.or_fail("the popup is still there");
}

#[then(expr = "مرورگر به صفحه شبیه‌ساز {string} رفته است")]
async fn at_simulator_page(world: &mut LimooWorld, sim: String) {
    let gateway: Gateway = sim.parse().or_fail_any("a simulator name");
    let base = format!("{}/{}/", world.app().sims().base_url(), gateway.name());
    let browser = world.browser().await;
    let reached = poll_for(Duration::from_secs(15), || async {
        Ok(browser.client.current_url().await?.as_str().starts_with(&base).then_some(()))
    })
    .await;
    let now = browser.client.current_url().await.or_fail_any("current address");
    assert!(reached.is_ok(), "the browser is at {now}, not on {base}");
}

/// One order number: the gateway's page (and the simulators' dashboard) names the order the app shows, labelled,
/// next to the shop's payment number the gateway keys the payment by.
#[then(expr = "صفحه درگاه {string} شماره سفارش {products} مشتری {mobile} را کنار شماره پرداخت نام می‌برد")]
async fn gateway_page_names_order(world: &mut LimooWorld, sim: String, products: Products, mobile: Mobile) {
    let order = world.order_of(&mobile, &products).await;
    // In the gateway's own words: a description naming it, or (Digipay) the basket, which is the order.
    let named = order.to_string();
    let browser = world.browser().await;
    browser.wait_for_text_in("dl", "شرح پذیرنده").await.or_fail("the description row");
    browser.wait_for_text_in("dl", &named).await.or_fail("the order number on the gateway page");
    let gateway: Gateway = sim.parse().or_fail_any("a simulator name");
    let payments = world.app().sims().payments(Some(gateway));
    assert!(
        payments.iter().any(|p| p.description.contains(&named) && !p.order_ref.is_empty()),
        "the dashboard's payments do not name {named}: {payments:?}"
    );
}

#[when("مشتری در صفحه شبیه‌ساز دکمه پرداخت را می‌زند")]
async fn pay_on_simulator_page(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=sim-pay]").await.or_fail("the simulator's pay button");
}

/// PM-49 and PR-35: what the page put in its payment request.
#[then(expr = "درخواست پرداخت صفحه موبایل {string} و نشانی نتیجه {string} را دارد")]
async fn payment_request_sent(world: &mut LimooWorld, mobile: String, result_route: String) {
    world.back_in_shop().await;
    let body = world.sent_body("POST", "/lemonade/api/payments").await;
    assert_eq!(body["mobile"], json!(mobile), "{body}");
    let expected = format!("{}/{result_route}", world.app().address);
    assert_eq!(body["paymentConfig"]["paymentResultUrl"], json!(expected), "{body}");
}

/// PR-36 / PR-37: the number as the gateway itself received it from the BFF.
#[then(expr = "شبیه‌ساز {string} موبایل را به شکل {mobile} گرفته است")]
async fn gateway_got_mobile(world: &mut LimooWorld, sim: String, form: Mobile) {
    let bodies: Vec<String> =
        world.gateway_calls(&sim).into_iter().map(|e| format!("{}?{}", e.body, e.query)).collect();
    // A form or query encodes '+' as %2B.
    let encoded = form.replace('+', "%2B");
    assert!(bodies.iter().any(|b| b.contains(&*form) || b.contains(&encoded)), "{sim} never got {form}: {bodies:?}");
    let national = form.trim_start_matches("+98").trim_start_matches('0');
    let other = if form.starts_with('+') { format!("0{national}") } else { format!("98{national}") };
    assert!(bodies.iter().all(|b| !b.contains(&other)), "{sim} also got the number as {other}: {bodies:?}");
}

#[then(expr = "meta سفارش {products} مشتری {mobile} مقدار SNAPP_TEST_VAL حافظه جلسه را دارد")]
async fn order_has_snapp_test_value(world: &mut LimooWorld, products: Products, mobile: Mobile) {
    let order = world.order_of(&mobile, &products).await;
    let browser = world.browser().await;
    let half = poll_for(Duration::from_secs(10), || async { browser.stored(Storage::Session, "snappTestVal").await })
        .await
        .or_fail("no snappTestVal in session storage");
    let expected = match half.as_str() {
        "true" => json!(true),
        "false" => json!(false),
        other => panic!("snappTestVal is {other:?}"),
    };
    let sql = "SELECT meta FROM customer_order WHERE customer_order_id = $1";
    let found = poll_for(Duration::from_secs(10), || async {
        let meta = texts_of_order(world.app(), sql, order).await.into_iter().next().unwrap_or_default();
        let meta: Value = serde_json::from_str(&meta).unwrap_or_default();
        Ok((meta["SNAPP_TEST_VAL"] == expected).then_some(()))
    })
    .await;
    let meta = texts_of_order(world.app(), sql, order).await;
    assert!(found.is_ok(), "order {order} meta {meta:?} lacks SNAPP_TEST_VAL {expected}");
}

// ---- manual transfers ----

#[when(expr = "مشتری در فیلد رقم‌های کارت {string} می‌نویسد")]
async fn type_card_digits(world: &mut LimooWorld, digits: String) {
    world.replace_text("[data-testid=transfer-form-C2C] input[inputmode=numeric]", &digits).await;
}

#[when(expr = "مشتری در فیلد ایمیل حساب {string} می‌نویسد")]
async fn type_account(world: &mut LimooWorld, account: String) {
    world.replace_text("[data-testid=transfer-form-PAYPAL_ROSHANDEL] input[type=email]", &account).await;
}

#[then(expr = "فیلد رقم‌های کارت مقدار {string} دارد")]
async fn card_digits_value(world: &mut LimooWorld, expected: String) {
    let css = "[data-testid=transfer-form-C2C] input[inputmode=numeric]";
    let value = world.browser().await.property(css, "value").await.or_fail("field read");
    assert_eq!(value.as_deref(), Some(expected.as_str()));
}

/// The order's creation minute: the earliest a transfer for it may be dated.
#[when(expr = "مشتری در فرم انتقال {string} را مانند زمان ثبت سفارش انتخاب می‌کند")]
async fn choose_order_moment_field(world: &mut LimooWorld, field: String) {
    let created = world.transfer_order_invoice().await["createdAt"].as_i64().expect("createdAt");
    world.choose_moment(created, &[field.as_str()]).await;
}

#[when("مشتری زمان ثبت سفارش را در فرم انتقال انتخاب می‌کند")]
async fn choose_order_moment(world: &mut LimooWorld) {
    let created = world.transfer_order_invoice().await["createdAt"].as_i64().expect("createdAt");
    world.choose_moment(created, &MOMENT_FIELDS).await;
}

#[when(expr = "مشتری در فرم انتقال زمانی {int} ساعت پیش از ثبت سفارش را انتخاب می‌کند")]
async fn choose_before_order(world: &mut LimooWorld, hours: i64) {
    let created = world.transfer_order_invoice().await["createdAt"].as_i64().expect("createdAt");
    world.choose_moment(created - hours * 3_600_000, &MOMENT_FIELDS).await;
}

#[when(expr = "مشتری در فرم انتقال زمانی {int} ساعت پس از اکنون را انتخاب می‌کند")]
async fn choose_after_now(world: &mut LimooWorld, hours: i64) {
    world.choose_moment(limoo_bff::store::now_ms() + hours * 3_600_000, &MOMENT_FIELDS).await;
}

/// Where and how much to pay: the card (4-digit blocks, left to right), its holder and bank, and the order's payable total and number
/// as the invoice states them, in Persian digits.
#[then(expr = "فرم انتقال کارت {string} به نام {string} بانک {string} را با مبلغ قابل پرداخت و شماره سفارش نشان می‌دهد")]
async fn transfer_destination_shown(world: &mut LimooWorld, card: String, holder: String, bank: String) {
    let invoice = world.transfer_order_invoice().await;
    let amount = invoice["totalPrice"].as_i64().expect("totalPrice");
    let amount = format!("{} تومان", digits::en_to_fa(commas::add_commas(amount.to_string())).replace(',', "٬"));
    let order = digits::en_to_fa(invoice["id"].as_i64().expect("id").to_string());
    let browser = world.browser().await;
    for (css, text) in [
        ("[data-testid=transfer-card-number]", card.as_str()),
        ("[data-testid=transfer-card-holder]", holder.as_str()),
        ("[data-testid=transfer-card-bank]", bank.as_str()),
        ("[data-testid=transfer-amount]", amount.as_str()),
        ("[data-testid=transfer-order]", order.as_str()),
    ] {
        browser.wait_for_text_in(css, text).await.or_fail(&format!("{css} shows {text}"));
    }
    let dir = browser.attribute("[data-testid=transfer-card-number]", "dir").await.or_fail("the card number");
    assert_eq!(dir.as_deref(), Some("ltr"), "the card number reads left to right");
}

/// PayPal moves dollars: the amount is the payable total at the harness's rate, in cents rounded up, e.g. `$3.90`
/// (read with Latin digits and `.`, whatever the screen's language writes).
#[then(expr = "فرم انتقال حساب PayPal {string} را با مبلغ قابل پرداخت به دلار نشان می‌دهد")]
async fn transfer_paypal_shown(world: &mut LimooWorld, account: String) {
    let invoice = world.transfer_order_invoice().await;
    let toman = invoice["totalPrice"].as_i64().expect("totalPrice");
    let rate = i64::from(crate::app::TRANSFER_PAYPAL_TOMAN_PER_USD);
    let cents = (toman * 100 + rate - 1) / rate;
    let expected = format!("${}.{:02}", cents / 100, cents % 100);
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=transfer-paypal-account]", &account).await.or_fail("the PayPal account");
    let shown = poll_for(Duration::from_secs(5), || async {
        let texts = browser.texts("[data-testid=transfer-amount]").await?;
        let text: String = digits::fa_to_en(texts.concat())
            .chars()
            .filter(|c| !matches!(c, '\u{200e}' | '\u{200f}' | '\u{a0}' | ' '))
            .map(|c| if matches!(c, '٫' | ',') { '.' } else { c })
            .collect();
        Ok((text == expected).then_some(text))
    })
    .await;
    assert!(
        shown.is_ok(),
        "the PayPal form does not ask for {expected}: {:?}",
        browser.texts("[data-testid=transfer-amount]").await
    );
}

#[then(expr = "گزینه‌های {string} فرم انتقال از {int} تا {int} است")]
async fn choices_range(world: &mut LimooWorld, field: String, low: i64, high: i64) {
    let choices = world.choices(&transfer_select(&field)).await;
    assert_eq!(choices, (low..=high).collect::<Vec<_>>(), "{field}");
}

/// The BFF's calendar is the reference: it refuses any year it does not offer itself.
#[then(expr = "گزینه‌های سال فرم انتقال {string} سال جاری و سال قبل است")]
async fn year_choices(world: &mut LimooWorld, gateway: String) {
    let gateway = TransferGateway::parse(&gateway).expect("C2C or PAYPAL_ROSHANDEL");
    let mut choices = world.choices(&transfer_select("pay-year")).await;
    choices.sort_unstable();
    let expected = limoo_bff::domain::transfer::year_choices(gateway, limoo_bff::store::now_ms());
    // Around Nowruz the BFF accepts either Jalali year; the form shows one year and the one before it.
    assert_eq!(choices.len(), 2, "{choices:?}");
    assert_eq!(choices[1] - choices[0], 1, "{choices:?}");
    assert!(choices.iter().all(|y| expected.contains(y)), "the form offers {choices:?}, the BFF {expected:?}");
}

#[then("دکمه ثبت فرم انتقال غیرفعال است")]
async fn transfer_submit_disabled(world: &mut LimooWorld) {
    world.wait_for_flag(TRANSFER_SUBMIT, "disabled", true).await;
}

#[then("دکمه ثبت فرم انتقال فعال است")]
async fn transfer_submit_enabled(world: &mut LimooWorld) {
    world.wait_for_flag(TRANSFER_SUBMIT, "disabled", false).await;
}

#[when("مشتری فرم انتقال را ثبت می‌کند")]
async fn submit_transfer(world: &mut LimooWorld) {
    world.wait_for_flag(TRANSFER_SUBMIT, "disabled", false).await;
    world.browser().await.click(TRANSFER_SUBMIT).await.or_fail("submit clickable");
}

#[then("دکمه ثبت فرم انتقال در حال ارسال است")]
async fn transfer_submit_loading(world: &mut LimooWorld) {
    world.wait_for_attribute(TRANSFER_SUBMIT, "aria-busy", "true").await;
    world.browser().await.wait_for_text_in(TRANSFER_SUBMIT, "در حال ارسال").await.or_fail("loading label");
    world.wait_for_flag(TRANSFER_SUBMIT, "disabled", true).await;
}

/// PM-58: the submission's meta exactly as the page sent it.
#[then("meta درخواست انتقال صفحه این مقادیر را دارد:")]
async fn transfer_request_meta(world: &mut LimooWorld, step: &Step) {
    let body = world.sent_body("POST", "/lemonade/api/payments").await;
    let meta = body["meta"].as_object().cloned().unwrap_or_default();
    let token = world.stored_token().await;
    let order = body["orderId"].as_i64().expect("orderId");
    let (_, invoice) = world.app().invoice(&token, order).await;
    let table = step.table.as_ref().expect("a two-column table of fields and values");
    let expected: serde_json::Map<String, Value> = table
        .rows
        .iter()
        .map(|row| {
            let text = row[1].trim();
            // Numbers in the table are JSON numbers unless quoted; two names stand for values known only now.
            let value = match text {
                PAYABLE => invoice["totalPrice"].clone(),
                ORDER_MOMENT => order_moment_part(&body, &invoice, row[0].trim()),
                _ => serde_json::from_str(text).unwrap_or_else(|_| json!(text)),
            };
            (row[0].trim().to_owned(), value)
        })
        .collect();
    assert_eq!(Value::Object(meta), Value::Object(expected), "the page's transfer meta; body {body}");
    assert_eq!(body["paymentConfig"]["gateway"], body["meta"]["gateway"], "{body}");
}

/// The `field` part (`pay-year` … `pay-minute`, calendar month) of the minute the order was created, in the calendar
/// of the request's gateway.
fn order_moment_part(body: &Value, invoice: &Value, field: &str) -> Value {
    let gateway =
        TransferGateway::parse(body["paymentConfig"]["gateway"].as_str().unwrap_or_default()).expect("a transfer");
    let (year, month, day, hour, minute) = moment_at(gateway, invoice["createdAt"].as_i64().expect("createdAt"));
    let part = MOMENT_FIELDS.into_iter().zip([year, month, day, hour, minute]).find(|(name, _)| *name == field);
    json!(part.expect("a date or time field").1)
}

#[then(expr = "بخش خطای پرداخت با پیام {string} و دکمه {string} دیده می‌شود")]
async fn error_section_with_message(world: &mut LimooWorld, message: String, retry: String) {
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=checkout-error]", &message).await.or_fail("checkout error section");
    browser.wait_for_text_in("[data-testid=checkout-retry]", &retry).await.or_fail("retry button");
}

#[then(expr = "یک انتقال {string} در انتظار بررسی برای سفارش {products} مشتری {mobile} با {string} ثبت شده است")]
async fn transfer_stored(world: &mut LimooWorld, gateway: String, products: Products, mobile: Mobile, detail: String) {
    let order = world.order_of(&mobile, &products).await;
    let sql = "SELECT gateway || ' ' || state || ' ' || meta FROM transfer_payment WHERE customer_order_id = $1";
    let rows = texts_of_order(world.app(), sql, order).await;
    assert_eq!(rows.len(), 1, "transfers of order {order}: {rows:?}");
    assert!(rows[0].starts_with(&format!("{gateway} PENDING ")), "{rows:?}");
    assert!(rows[0].contains(&detail), "the stored transfer lacks {detail}: {rows:?}");
}

#[given(expr = "مشتری {mobile} برای سفارش {products} پیش‌تر کارت به کارت ثبت کرده است")]
async fn transfer_already_reported(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    let order = world.order_of(&mobile, &products).await;
    let token = world.token_of(&mobile).await;
    let app = world.app();
    let mut body = crate::payment::payment_request(app, &token, order, "C2C");
    let (year, month, day, hour, minute) = moment_at(TransferGateway::CardToCard, limoo_bff::store::now_ms());
    body["meta"] = json!({ "card-digits": "1234", "pay-day": day, "pay-month": month, "pay-year": year,
                           "pay-hour": hour, "pay-minute": minute, "usePoints": "0", "gateway": "C2C" });
    let (status, reply) = app.api(&token).create_payment(&body).await;
    assert_eq!(status, 200, "the first transfer: {reply}");
}

/// PM-54: the questionnaire area's transfer body (spec 3 §7 names) sent straight to the BFF.
#[when(expr = "مشتری {mobile} برای سفارش {products} انتقال را با نام‌های پرسشنامه می‌فرستد")]
async fn questionnaire_transfer(world: &mut LimooWorld, mobile: Mobile, products: Products) {
    let order = world.order_of(&mobile, &products).await;
    let token = world.token_of(&mobile).await;
    let app = world.app();
    let mut body = crate::payment::payment_request(app, &token, order, "C2C");
    let (year, month, day, hour, minute) = moment_at(TransferGateway::CardToCard, limoo_bff::store::now_ms());
    body["meta"] = json!({ "lastDigits": "۴۳۲۱", "day": day, "month": month, "year": year, "hour": hour,
                           "minute": minute, "externalSaleConfirm": true });
    let (status, body) = app.api(&token).create_payment(&body).await;
    world.reply = Some(super::Reply { status, body });
}

#[then("پاسخ شناسه پرداخت دارد")]
async fn reply_has_payment_id(world: &mut LimooWorld) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert!(reply.body["paymentId"].as_i64().is_some_and(|id| id > 0), "{}", reply.body);
}

// ---- result pages ----

#[when(expr = "مشتری در همین صفحه صفحه {string} سفارش {products} مشتری {mobile} را باز می‌کند")]
async fn open_result_page(world: &mut LimooWorld, page: String, products: Products, mobile: Mobile) {
    let order = world.order_of(&mobile, &products).await;
    let script =
        format!("window.location.hash = '#{page}{}orderId={order}';", if page.contains('?') { '&' } else { '?' });
    world.browser().await.execute(&script).await.or_fail("navigated");
}

/// The page's calls to the mentor link carry `mobile=…`: the real BFF then answers for that number.
#[when(expr = "صفحه پیوند منتور را با موبایل {string} می‌پرسد")]
async fn mentor_asked_with_mobile(world: &mut LimooWorld, mobile: String) {
    let answer = format!(
        "real(new Request(String(input.url || input) + '?mobile=' + encodeURIComponent({mobile:?}), input), init)"
    );
    world.browser().await.intercept_fetch("/mentors/link-by-mobile", &answer).await.or_fail("fetch rewritten");
}

#[given(expr = "شماره پرونده مشتری {mobile} {string} است")]
async fn profile_number_is(world: &mut LimooWorld, mobile: Mobile, number: String) {
    let token = world.token_of(&mobile).await;
    let customer: i64 = world.app().customer_of(&token);
    world.sql_text_id("UPDATE customer SET profile_number = $1 WHERE customer_id = $2", &number, customer).await;
}

#[given(expr = "قلم اول سفارش {products} مشتری {mobile} در meta مقدار {string} برابر {string} دارد")]
async fn first_line_meta(world: &mut LimooWorld, products: Products, mobile: Mobile, key: String, value: String) {
    let invoice = world.invoice_of(&mobile, &products).await;
    let mut meta = invoice["basketItems"][0]["meta"].clone();
    if !meta.is_object() {
        meta = json!({});
    }
    meta[key.as_str()] = json!(value);
    let order = invoice["id"].as_i64().expect("order id");
    let sql = "UPDATE basket_item SET meta = $1 WHERE customer_order_id = $2";
    world.sql_text_id(sql, &meta.to_string(), order).await;
}

#[then(expr = "دکمه پشتیبانی به پیوند منتور مشتری {mobile} می‌رود")]
async fn support_goes_to_mentor(world: &mut LimooWorld, mobile: Mobile) {
    let token = world.token_of(&mobile).await;
    let (status, link) = world.app().api(&token).mentor_link_by_mobile().await;
    assert_eq!(status, 200, "{link}");
    let expected = link["mentorLink"].as_str().expect("mentorLink").to_owned();
    world.wait_for_attribute("[data-testid=support-button]", "href", &expected).await;
}

#[then(expr = "دکمه {string} صفحه نتیجه دیده نمی‌شود")]
async fn result_button_absent(world: &mut LimooWorld, testid: String) {
    let browser = world.browser().await;
    // The mentor answer decides the buttons: wait until the page has it.
    poll_for(Duration::from_secs(15), || async {
        Ok((browser.requests_to("/mentors/link-by-mobile").await? > 0).then_some(()))
    })
    .await
    .or_fail("the mentor link was never asked");
    world.settle().await;
    let css = format!("[data-testid={testid}]");
    world.browser().await.wait_for_absence(&css).await.or_fail("button hidden");
}

#[then(expr = "دکمه {string} صفحه نتیجه {string} است و به {string} می‌رود")]
async fn result_button(world: &mut LimooWorld, testid: String, label: String, target: String) {
    let css = format!("[data-testid={testid}]");
    world.browser().await.wait_for_text_in(&css, &label).await.or_fail("the button");
    let href = world.browser().await.attribute(&css, "href").await.or_fail("href").unwrap_or_default();
    assert!(href.ends_with(&target), "{testid} goes to {href}, not {target}");
}

#[then(expr = "دکمه {string} صفحه نتیجه {string} را نشان می‌دهد")]
async fn result_button_shown(world: &mut LimooWorld, testid: String, label: String) {
    let css = format!("[data-testid={testid}]");
    world.browser().await.wait_for_text_in(&css, &label).await.or_fail("the button");
}

/// The order completed by a payment (how does not matter to the result page, which reads the invoice's status).
#[given(expr = "سفارش {products} مشتری {mobile} پرداخت شده است")]
async fn order_paid(world: &mut LimooWorld, products: Products, mobile: Mobile) {
    let order = world.order_of(&mobile, &products).await;
    let sql = format!("UPDATE customer_order SET status = 'PAYMENT_SUCCESS' WHERE customer_order_id = {order}");
    world.app().execute_sql(sql).await;
}

/// The page never claims what did not happen: once the page settled in the state `title` names, nothing on it claims success.
#[then(expr = "صفحه موفقیت {string} را می‌گوید و پرداخت موفق یا مبلغ پرداخت‌شده را نمی‌گوید")]
async fn success_page_neutral(world: &mut LimooWorld, title: String) {
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=payment-success-page] h1", &title).await.or_fail("the page's title");
    let texts = browser.texts("[data-testid=payment-success-page]").await.or_fail("the page read").join(" ");
    assert!(!texts.contains("با موفقیت"), "the page claims success: {texts}");
    browser.wait_for_absence("[data-testid=paid-amount]").await.or_fail("no paid amount");
}

#[when("مشتری دکمه تلاش مجدد صفحه پرداخت ناموفق را می‌زند")]
async fn press_fail_retry(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=payment-retry]").await.or_fail("retry clickable");
}

/// PM-61: the mentor link is asked only once the invoice's answer came back.
#[then(expr = "صفحه {string} را پس از پاسخ {string} پرسیده است")]
async fn asked_after(world: &mut LimooWorld, later: String, earlier: String) {
    let browser = world.browser().await;
    let script = format!(
        "const all = performance.getEntriesByType('resource');\
         const first = all.find(e => e.name.includes({earlier:?})); const then = all.find(e => e.name.includes({later:?}));\
         return first && then ? [first.responseEnd, then.startTime] : null;"
    );
    let times = poll_for(Duration::from_secs(15), || async { Ok(browser.execute(&script).await?.as_array().cloned()) })
        .await
        .or_fail("both requests sent");
    let (answered, asked) = (times[0].as_f64().unwrap_or_default(), times[1].as_f64().unwrap_or_default());
    assert!(asked >= answered, "{later} asked at {asked} ms, before {earlier} answered at {answered} ms");
}

#[then(expr = "متن پیامک همکار سفارش که به {mobile} فرستاده شد دیده می‌شود")]
async fn partner_sms_shown(world: &mut LimooWorld, mobile: Mobile) {
    let sms = world.app().sims().last_sms(&mobile).expect("an SMS was sent");
    world.browser().await.wait_for_text_in("[data-testid=partner-sms]", sms.message.trim()).await.or_fail("SMS text");
}
