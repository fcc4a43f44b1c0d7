//! Limoo gift cards (spec 2 §2, §7, §8): redeeming the demo codes over the API as the customer, concurrently,
//! and through the web pages (`@ui`).
use std::time::Duration;

use crate::browser::{Storage, poll_for};
use crate::params::{Mobile, Product, Products};
use cucumber::{then, when};
use fantoccini::Locator;
use futures::future::join_all;
use limoo_bff::store::orders;
use serde_json::{Value, json};

use super::{LimooWorld, NEVER, OrFail, OrFailAny};

const CODE_INPUT: &str = "[data-testid=gift-code-input]";
const SUBMIT: &str = "[data-testid=gift-code-submit]";

impl LimooWorld {
    async fn redeem(&mut self, mobile: &str, body: Value) {
        self.start_app(true).await;
        let token = self.app().existing_customer(mobile).await;
        let answer = self.app().api(&token).redeem_limoo_card(&body).await;
        self.keep(answer);
    }
}

#[when(expr = "مشتری {mobile} کارت هدیه {string} را ثبت می‌کند")]
async fn redeem_code(world: &mut LimooWorld, mobile: Mobile, code: String) {
    world.redeem(&mobile, json!({ "giftCode": code, "sessionId": "session-1" })).await;
}

#[when(expr = "مشتری {mobile} کارت هدیه {string} را با محصول {product} ثبت می‌کند")]
async fn redeem_with_choice(world: &mut LimooWorld, mobile: Mobile, code: String, product: Product) {
    world.redeem(&mobile, json!({ "giftCode": code, "selectedProductId": product })).await;
}

/// Several customers send the same code at once: single use must hold across them (one order, the rest USED_CODE).
#[when(expr = "{int} مشتری کارت هدیه {string} را هم‌زمان ثبت می‌کنند")]
async fn redeem_concurrently(world: &mut LimooWorld, customers: usize, code: String) {
    world.start_app(true).await;
    let app = world.app();
    let mut tokens = Vec::with_capacity(customers);
    for n in 0..customers {
        tokens.push(app.existing_customer(&format!("0912000{:04}", 100 + n)).await);
    }
    let body = json!({ "giftCode": code });
    let callers: Vec<_> = tokens.iter().map(|token| app.api(token)).collect();
    let answers = join_all(callers.iter().map(|caller| caller.redeem_limoo_card(&body))).await;
    let ok = answers.iter().filter(|(status, _)| *status == 200).count();
    let used = answers.iter().filter(|(status, body)| *status == 409 && body["err"]["code"] == "USED_CODE").count();
    assert_eq!((ok, used), (1, customers - 1), "answers: {answers:?}");
}

#[then("فروشگاه فقط یک سفارش دارد")]
async fn one_order_in_shop(world: &mut LimooWorld) {
    assert_eq!(orders::count(world.app().db()).await.or_fail("orders counted"), 1);
}

#[then(expr = "گزینه‌های کارت هدیه {products} است و سفارشی ساخته نشده است")]
async fn options_only(world: &mut LimooWorld, expected: Products) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "redeem failed: {}", reply.body);
    assert_eq!(reply.body["productOptions"], json!(expected));
    assert!(reply.body.get("orderId").is_none(), "an order was made: {}", reply.body);
}

/// The card made a paid order of the product at no charge, listed in the orders history.
#[then(expr = "کارت هدیه سفارش پرداخت‌شده رایگان محصول {product} را برای مشتری {mobile} ساخته است")]
async fn free_paid_order(world: &mut LimooWorld, product: Product, mobile: Mobile) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "redeem failed: {}", reply.body);
    let order = reply.body["orderId"].as_i64().unwrap_or_else(|| panic!("no orderId: {}", reply.body));
    let token = world.token_of(&mobile).await;
    let (status, paid) = world.app().api(&token).list_paid_orders().await;
    assert_eq!(status, 200, "orders history failed: {paid}");
    let listed: Vec<&Value> = paid.as_array().into_iter().flatten().collect();
    assert_eq!(listed.len(), 1, "paid orders: {paid}");
    assert_eq!(listed[0]["id"].as_i64(), Some(order));
    assert_eq!(listed[0]["basketItems"][0]["productId"].as_i64(), Some(*product));
    assert_eq!(listed[0]["totalFinalPrice"].as_i64(), Some(0), "the gift order costs something: {}", listed[0]);
}

#[then(expr = "مشتری {mobile} فقط یک سفارش پرداخت‌شده دارد")]
async fn one_paid_order(world: &mut LimooWorld, mobile: Mobile) {
    let token = world.token_of(&mobile).await;
    let (status, paid) = world.app().api(&token).list_paid_orders().await;
    assert_eq!(status, 200, "orders history failed: {paid}");
    assert_eq!(paid.as_array().map(Vec::len), Some(1), "paid orders: {paid}");
}

#[then(expr = "کارت هدیه با خطای {int} و کد {string} و پیام {string} رد می‌شود")]
async fn refused(world: &mut LimooWorld, status: u16, code: String, message: String) {
    let reply = world.reply();
    assert_eq!(reply.status, status, "answer: {}", reply.body);
    assert_eq!(reply.body["err"]["code"], code.as_str(), "answer: {}", reply.body);
    assert_eq!(reply.body["err"]["message"], message.as_str());
    assert_eq!(reply.body["err"]["details"]["messages"][0], message.as_str());
}

/// A script guessing codes one after another, each refused as unknown while within the customer's allowance.
#[when(expr = "مشتری {mobile} {int} کد ناشناخته را پشت سر هم امتحان می‌کند")]
async fn guess_codes(world: &mut LimooWorld, mobile: Mobile, tries: usize) {
    for n in 0..tries {
        world.redeem(&mobile, json!({ "giftCode": format!("guess{n}") })).await;
        assert_eq!(world.reply().status, 400, "guess {n}: {}", world.reply().body);
    }
}

/// Tries on until refused: a slow machine, whose allowance refills a little meanwhile, only takes a few more.
#[then(expr = "تلاش بعدی مشتری {mobile} با خطای 429 و پیام {string} رد می‌شود")]
async fn guessing_refused(world: &mut LimooWorld, mobile: Mobile, message: String) {
    for n in 0..100 {
        world.redeem(&mobile, json!({ "giftCode": format!("again{n}") })).await;
        if world.reply().status != 400 {
            break;
        }
    }
    let reply = world.reply();
    assert_eq!(reply.status, 429, "answer: {}", reply.body);
    assert_eq!(reply.body["err"]["message"], message.as_str(), "answer: {}", reply.body);
}

#[when(expr = "مشتری کد {string} را در فرم لیمو کارت می‌نویسد")]
async fn type_gift_code(world: &mut LimooWorld, code: String) {
    let browser = world.browser().await;
    browser.click(CODE_INPUT).await.or_fail("code field");
    let field = browser.client.find(Locator::Css(CODE_INPUT)).await.or_fail_any("code field");
    field.send_keys(&code).await.or_fail_any("typed");
}

#[when("مشتری فرم لیمو کارت را می‌فرستد")]
async fn submit_gift_form(world: &mut LimooWorld) {
    world.browser().await.click(SUBMIT).await.or_fail("submit button");
}

#[then("دکمه ثبت لیمو کارت غیرفعال است")]
async fn gift_submit_disabled(world: &mut LimooWorld) {
    world.wait_for_flag(SUBMIT, "disabled", true).await;
}

#[then(expr = "دکمه ثبت لیمو کارت {string} را نشان می‌دهد و غیرفعال است")]
async fn gift_submit_busy(world: &mut LimooWorld, label: String) {
    world.browser().await.wait_for_text_in(SUBMIT, &label).await.or_fail("submit label");
    world.wait_for_attribute(SUBMIT, "aria-busy", "true").await;
    world.wait_for_flag(SUBMIT, "disabled", true).await;
}

#[when("مشتری کد لیمو کارت را پاک می‌کند")]
async fn clear_gift_code(world: &mut LimooWorld) {
    world.clear_field(CODE_INPUT).await;
}

#[then(expr = "فرم لیمو کارت خطای {string} دارد")]
async fn gift_field_error(world: &mut LimooWorld, text: String) {
    world.browser().await.wait_for_text_in(".gift-form__error", &text).await.or_fail("field error");
    world.wait_for_attribute(CODE_INPUT, "aria-invalid", "true").await;
}

#[then(expr = "فرم لیمو کارت در حالت {string} است")]
async fn gift_form_state(world: &mut LimooWorld, state: String) {
    world.wait_for_attribute("[data-testid=gift-card-form]", "data-state", &state).await;
}

#[then(expr = "پیام لیمو کارت {string} است")]
async fn gift_message(world: &mut LimooWorld, text: String) {
    world.browser().await.wait_for_text_in("[data-testid=gift-message]", &text).await.or_fail("gift message");
}

#[then(expr = "گزینه هدیه {int} انتخاب شده است")]
async fn gift_option_checked(world: &mut LimooWorld, product: i64) {
    let css = format!("[data-testid=gift-option][data-product-id=\"{product}\"] input");
    world.wait_for_flag(&css, "checked", true).await;
}

#[when("مشتری دکمه ادامه صفحه هدیه را می‌زند")]
async fn continue_gift(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=gift-continue]").await.or_fail("continue button");
}

/// The gift product page while its products never arrive: the app is loaded first, then the call is held.
#[when(expr = "مشتری صفحه هدیه‌های کارت {string} را در حالی باز می‌کند که پاسخ سرور هنوز نرسیده است")]
async fn open_products_pending(world: &mut LimooWorld, code: String) {
    world.open_route("/limoocard").await;
    let browser = world.browser().await;
    browser.store(Storage::Session, "giftCode", &code).await.or_fail("giftCode stored");
    browser.intercept_fetch("/lemonade/api/limoo-cards/products", NEVER).await.or_fail("fetch held");
    browser.execute("window.location.hash = '#/select-limoocard-options';").await.or_fail("navigated");
}

#[then(expr = "صفحه هدیه {int} ردیف اسکلتی دارد")]
async fn skeleton_rows(world: &mut LimooWorld, rows: usize) {
    let found = world.browser().await.texts("[data-testid=gift-skeleton]").await.or_fail("skeleton rows");
    assert_eq!(found.len(), rows);
}

/// Keeps the JSON body of every gift-card request the page sends, to read what went over the wire.
#[when("درخواست‌های لیمو کارت ثبت می‌شوند")]
async fn record_gift_requests(world: &mut LimooWorld) {
    let script = "window.__giftBodies = []; const real = window.fetch; window.fetch = (input, init) => { \
                  const url = String(input && input.url ? input.url : input); \
                  if (url.includes('/lemonade/api/limoo-cards') && input instanceof Request && input.method === 'POST') \
                  { input.clone().text().then((body) => window.__giftBodies.push(body)); } \
                  return real(input, init); };";
    world.browser().await.execute(script).await.or_fail("recorder installed");
}

#[then(expr = "درخواست لیمو کارت کد {string} را فرستاده است")]
async fn sent_code(world: &mut LimooWorld, code: String) {
    let browser = world.browser().await;
    let bodies = poll_for(Duration::from_secs(10), || async {
        let found = browser.execute("return window.__giftBodies || [];").await?;
        Ok(found.as_array().filter(|b| !b.is_empty()).cloned())
    })
    .await
    .or_fail("no gift-card request recorded");
    let body: Value = serde_json::from_str(bodies[0].as_str().unwrap_or_default()).or_fail_any("request body");
    assert_eq!(body["giftCode"], code.as_str(), "request body: {body}");
    // The visit's session, as the start-up stored it [PM-76].
    let session = browser.stored(Storage::Session, "sessId").await.or_fail("session read");
    assert!(session.as_deref().is_some_and(|s| !s.is_empty()), "the visit has a session id");
    assert_eq!(body["sessionId"].as_str(), session.as_deref(), "request body: {body}");
}

#[when(expr = "مشتری گزینه هدیه {int} را انتخاب می‌کند")]
async fn choose_gift_option(world: &mut LimooWorld, product: i64) {
    let css = format!("[data-testid=gift-option][data-product-id=\"{product}\"] input");
    world.browser().await.click(&css).await.or_fail("gift option");
    world.wait_for_flag(&css, "checked", true).await;
}
