//! `@ui` steps for /checkout-new: the receipt and totals, the footer button, the promotion form, the points switch
//! and the payment-method popup, checked in Chromium against the BFF's own answers.
use std::time::Duration;

use crate::browser::{Browser, Storage, poll_for};
use crate::params::{Mobile, Product, Products, Toman};
use cucumber::{given, then, when};
use fantoccini::{Locator, key::Key};
use limoo_bff::store::Db;
use serde_json::{Value, json};

use super::{LimooWorld, OrFail, OrFailAny};

const LINE: &str = "[data-testid=receipt-line]";
const BUTTON: &str = "[data-testid=checkout-button]";
const PROMOTION: &str = "[data-testid=promotion-form]";
const PROMOTION_INPUT: &str = "[data-testid=promotion-input]";
const PROMOTION_BUTTON: &str = "[data-testid=promotion-button]";
const POINTS_SWITCH: &str = "[data-testid=points-switch]";
/// Where the page's recorded requests are kept (see `record_requests`).
const RECORDED: &str = "window.__limooRequests";

/// The text of the receipt's total row labelled `label`, or None when there is no such row (now).
async fn total_row(browser: &Browser, label: &str) -> anyhow::Result<Option<String>> {
    let script = format!(
        "const row = [...document.querySelectorAll('[data-testid=receipt] dl > div')]\
           .find(r => r.querySelector('dt')?.textContent.trim() === {label:?});\
         return row ? row.querySelector('dd').textContent : null;"
    );
    Ok(browser.execute(&script).await?.as_str().map(str::to_owned))
}

fn line(product: Product) -> String {
    format!("{LINE}[data-product-id=\"{product}\"]")
}

impl LimooWorld {
    /// Waits until the receipt has loaded (its lines show), so absences are checked on a finished page.
    async fn receipt_loaded(&mut self) {
        self.browser().await.texts(LINE).await.or_fail("receipt shown");
    }

    /// Waits until the element's boolean DOM property (`checked`, `disabled`, `readOnly`) is `expected`.
    pub(super) async fn wait_for_flag(&mut self, css: &str, property: &str, expected: bool) {
        let browser = self.browser().await;
        let wanted = expected.to_string();
        let read = || async { browser.property(css, property).await };
        let found = poll_for(Duration::from_secs(15), || async { Ok(read().await?.filter(|v| *v == wanted)) }).await;
        assert!(found.is_ok(), "`{css}` {property} is {:?}, not {expected}", read().await.ok().flatten());
    }

    pub(super) async fn wait_for_attribute(&mut self, css: &str, name: &str, expected: &str) {
        let browser = self.browser().await;
        let read = || async { browser.attribute(css, name).await };
        let found = poll_for(Duration::from_secs(15), || async { Ok(read().await?.filter(|v| v == expected)) }).await;
        assert!(found.is_ok(), "`{css}` {name} is {:?}, not {expected:?}", read().await.ok().flatten());
    }

    pub(super) async fn type_text(&mut self, css: &str, text: &str) {
        let browser = self.browser().await;
        browser.click(css).await.or_fail("field reachable");
        let field = browser.client.find(Locator::Css(css)).await.or_fail_any("field present");
        field.send_keys(text).await.or_fail_any("typed");
    }

    /// Runs one statement binding a text and an id on this shop's database.
    pub(super) async fn sql_text_id(&self, sql: &'static str, text: &str, id: i64) {
        match self.app().db() {
            Db::Sqlite(pool) => sqlx::query(sql).bind(text).bind(id).execute(pool).await.map(|_| ()),
            Db::Postgres(pool) => sqlx::query(sql).bind(text).bind(id).execute(pool).await.map(|_| ()),
        }
        .expect("statement ran");
    }

    /// The first column of the newest row a query with one id finds.
    async fn sql_status(&self, sql: &'static str, id: i64) -> Option<String> {
        match self.app().db() {
            Db::Sqlite(pool) => sqlx::query_scalar(sql).bind(id).fetch_optional(pool).await,
            Db::Postgres(pool) => sqlx::query_scalar(sql).bind(id).fetch_optional(pool).await,
        }
        .expect("query ran")
    }
}

#[given(expr = "سفارش {products} مشتری {mobile} برای پرداخت انتخاب شده است")]
async fn order_chosen(world: &mut LimooWorld, products: Products, mobile: Mobile) {
    let order = world.order_of(&mobile, &products).await;
    world.ensure_app_loaded().await;
    let browser = world.browser().await;
    browser.store(Storage::Session, "lemonadeOrderId", &order.to_string()).await.or_fail("order id stored");
}

/// Arranges data the catalogue cannot hold yet: a basket line whose stored meta lists payment gateways.
#[given(expr = "قلم محصول {product} سفارش {products} مشتری {mobile} درگاه‌های {string} را مجاز می‌داند")]
async fn line_allows_gateways(
    world: &mut LimooWorld,
    product: Product,
    products: Products,
    mobile: Mobile,
    gateways: String,
) {
    let invoice = world.invoice_of(&mobile, &products).await;
    let stored = invoice["basketItems"].as_array().into_iter().flatten().find(|i| i["productId"] == *product);
    let mut meta = stored.map(|i| i["meta"].clone()).unwrap_or_else(|| json!({}));
    meta["paymentGateways"] = serde_json::from_str(&gateways).expect("a JSON list of gateways");
    let order = invoice["id"].as_i64().expect("order id");
    let sql = "UPDATE basket_item SET meta = $1 WHERE customer_order_id = $2";
    world.sql_text_id(sql, &meta.to_string(), order).await;
}

/// A setting changes while the page is open (another tab, a link that sets it).
#[when(expr = "مقدار {string} در حافظه جلسه {string} می‌شود")]
async fn session_value_changes(world: &mut LimooWorld, key: String, value: String) {
    world.browser().await.store(Storage::Session, &key, &value).await.or_fail("session storage written");
}

#[then(expr = "ردیف‌های صورتحساب به این ترتیب‌اند: {products}")]
async fn receipt_lines(world: &mut LimooWorld, expected: Products) {
    world.wait_for_product_ids(LINE, &expected).await;
}

#[then(expr = "ردیف محصول {product} یادداشت تخفیف {string} دارد")]
async fn line_note(world: &mut LimooWorld, product: Product, note: String) {
    let css = format!("{} [data-testid=discount-note]", line(product));
    world.browser().await.wait_for_text_in(&css, &note).await.or_fail("discount note");
}

#[then(expr = "ردیف محصول {product} یادداشت تخفیف ندارد")]
async fn line_without_note(world: &mut LimooWorld, product: Product) {
    world.receipt_loaded().await;
    let css = format!("{} [data-testid=discount-note]", line(product));
    world.browser().await.wait_for_absence(&css).await.or_fail("no discount note");
}

#[then(expr = "ردیف محصول {product} قیمت اصلی {toman} و قیمت نهایی {toman} دارد")]
async fn line_prices(world: &mut LimooWorld, product: Product, original: Toman, final_price: Toman) {
    let browser = world.browser().await;
    let css = line(product);
    browser
        .wait_for_text_in(&format!("{css} [data-testid=line-original-price]"), &original.to_string())
        .await
        .or_fail("original");
    browser
        .wait_for_text_in(&format!("{css} [data-testid=line-final-price]"), &final_price.to_string())
        .await
        .or_fail("final");
}

#[then(expr = "ردیف محصول {product} قیمت اصلی ندارد و قیمت نهایی {toman} دارد")]
async fn line_final_only(world: &mut LimooWorld, product: Product, final_price: Toman) {
    let browser = world.browser().await;
    let css = line(product);
    browser
        .wait_for_text_in(&format!("{css} [data-testid=line-final-price]"), &final_price.to_string())
        .await
        .or_fail("final");
    browser.wait_for_absence(&format!("{css} [data-testid=line-original-price]")).await.or_fail("no original");
}

#[then(expr = "ردیف جمع {string} مبلغ {toman} دارد")]
async fn total_row_amount(world: &mut LimooWorld, label: String, amount: Toman) {
    let browser = world.browser().await;
    let shown = poll_for(Duration::from_secs(15), || async {
        Ok(total_row(browser, &label).await?.filter(|text| text.contains(&amount.to_string())))
    })
    .await;
    let now = total_row(browser, &label).await.ok().flatten();
    assert!(shown.is_ok(), "row {label:?} reads {now:?}, not {:?}", amount.to_string());
}

#[then(expr = "ردیف جمع {string} دیده نمی‌شود")]
async fn total_row_absent(world: &mut LimooWorld, label: String) {
    let browser = world.browser().await;
    // The payable row is always there once the receipt loaded.
    poll_for(Duration::from_secs(15), || total_row(browser, "مبلغ قابل پرداخت")).await.or_fail("totals shown");
    let row = total_row(browser, &label).await.or_fail("totals read");
    assert_eq!(row, None, "row {label:?} is shown");
}

#[then(expr = "دکمه پرداخت {string} است")]
async fn footer_button_reads(world: &mut LimooWorld, label: String) {
    world.browser().await.wait_for_text_in(BUTTON, &label).await.or_fail("checkout button");
    world.wait_for_flag(BUTTON, "disabled", false).await;
}

#[then("دکمه پرداخت غیرفعال است")]
async fn footer_button_disabled(world: &mut LimooWorld) {
    world.wait_for_flag(BUTTON, "disabled", true).await;
}

#[when("مشتری دکمه پرداخت را می‌زند")]
async fn press_footer_button(world: &mut LimooWorld) {
    world.wait_for_flag(BUTTON, "disabled", false).await;
    world.browser().await.click(BUTTON).await.or_fail("checkout button clickable");
}

#[then(expr = "پنجره {string} باز است")]
async fn sheet_open(world: &mut LimooWorld, title: String) {
    let browser = world.browser().await;
    browser.texts("[data-testid=payment-sheet] [data-testid=payment-method]").await.or_fail("payment methods");
    browser.wait_for_text(&title).await.or_fail("sheet title");
}

#[then(expr = "روش پرداخت انتخاب‌شده {string} است")]
async fn chosen_method(world: &mut LimooWorld, method: String) {
    let browser = world.browser().await;
    let script = "const checked = document.querySelector('[data-testid=payment-method] input:checked');\
                  return checked ? checked.closest('[data-testid=payment-method]').getAttribute('data-method') : null;";
    let read = || async { Ok(browser.execute(script).await?.as_str().map(str::to_owned)) };
    let found = poll_for(Duration::from_secs(15), || async {
        let chosen: Option<String> = read().await?;
        Ok(chosen.filter(|m| *m == method))
    })
    .await;
    let now: anyhow::Result<Option<String>> = read().await;
    assert!(found.is_ok(), "the chosen method is {:?}, not {method}", now.ok().flatten());
}

#[then("مشتری به صفحه موفقیت پرداخت همین سفارش می‌رسد")]
async fn reaches_success_page(world: &mut LimooWorld) {
    let order = world.order_in_session().await;
    let expected = format!("/payment-success?orderId={order}");
    let route = world.browser().await.wait_for_route(|r| r == expected).await;
    assert!(route.is_ok(), "never reached {expected}");
}

#[then(expr = "بخش خطای پرداخت {string} و {string} را با دکمه {string} نشان می‌دهد")]
async fn checkout_error_section(world: &mut LimooWorld, title: String, body: String, retry: String) {
    let browser = world.browser().await;
    for text in [&title, &body] {
        browser.wait_for_text_in("[data-testid=checkout-error]", text).await.or_fail("checkout error section");
    }
    browser.wait_for_text_in("[data-testid=checkout-retry]", &retry).await.or_fail("retry button");
}

#[when("مشتری دکمه تلاش مجدد بخش خطای پرداخت را می‌زند")]
async fn press_checkout_retry(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=checkout-retry]").await.or_fail("retry clickable");
}

#[then("بخش خطای پرداخت دیده نمی‌شود")]
async fn checkout_error_gone(world: &mut LimooWorld) {
    world.browser().await.wait_for_absence("[data-testid=checkout-error]").await.or_fail("no error section");
}

#[then(expr = "پیام خطای نهایی کردن {string} است")]
async fn finalize_error(world: &mut LimooWorld, message: String) {
    world.browser().await.wait_for_text_in("[data-testid=finalize-points-error]", &message).await.or_fail("message");
}

#[then(expr = "خطای صورتحساب {string} است")]
async fn invoice_error(world: &mut LimooWorld, message: String) {
    world.browser().await.wait_for_text_in("[data-testid=invoice-error]", &message).await.or_fail("invoice error");
}

#[then(expr = "وضعیت صورتحساب {word} است")]
async fn invoice_state(world: &mut LimooWorld, state: String) {
    world.wait_for_attribute("[data-testid=checkout-invoice]", "data-state", &state).await;
}

#[then("فرم کد تخفیف دیده نمی‌شود")]
async fn promotion_hidden(world: &mut LimooWorld) {
    world.receipt_loaded().await;
    world.browser().await.wait_for_absence(PROMOTION).await.or_fail("no promotion form");
}

#[then(expr = "فرم کد تخفیف در حالت {word} است")]
async fn promotion_mode(world: &mut LimooWorld, mode: String) {
    world.wait_for_attribute(PROMOTION, "data-mode", &mode).await;
}

#[when(expr = "مشتری کد تخفیف {string} را تایپ می‌کند")]
async fn type_code(world: &mut LimooWorld, code: String) {
    world.type_text(PROMOTION_INPUT, &code).await;
}

#[when("مشتری فیلد کد تخفیف را پاک می‌کند")]
async fn clear_code(world: &mut LimooWorld) {
    let browser = world.browser().await;
    let field = browser.client.find(Locator::Css(PROMOTION_INPUT)).await.or_fail_any("code field");
    let length = field.prop("value").await.or_fail_any("code read").map_or(0, |v| v.chars().count());
    let backspaces: String = std::iter::repeat_n(char::from(Key::Backspace), length).collect();
    field.send_keys(&backspaces).await.or_fail_any("cleared");
}

#[then(expr = "فیلد کد تخفیف مقدار {string} دارد")]
async fn code_field_value(world: &mut LimooWorld, value: String) {
    let found = world.browser().await.property(PROMOTION_INPUT, "value").await.or_fail("code field");
    assert_eq!(found.as_deref(), Some(value.as_str()));
}

#[then(expr = "فیلد کد تخفیف فقط‌خواندنی است و مقدار {string} دارد")]
async fn code_field_read_only(world: &mut LimooWorld, value: String) {
    world.wait_for_flag(PROMOTION_INPUT, "readOnly", true).await;
    code_field_value(world, value).await;
}

#[then(expr = "دکمه کد تخفیف {string} و غیرفعال است")]
async fn code_button_disabled(world: &mut LimooWorld, label: String) {
    world.browser().await.wait_for_text_in(PROMOTION_BUTTON, &label).await.or_fail("code button");
    world.wait_for_flag(PROMOTION_BUTTON, "disabled", true).await;
}

#[then(expr = "دکمه کد تخفیف {string} و فعال است")]
async fn code_button_enabled(world: &mut LimooWorld, label: String) {
    world.browser().await.wait_for_text_in(PROMOTION_BUTTON, &label).await.or_fail("code button");
    world.wait_for_flag(PROMOTION_BUTTON, "disabled", false).await;
}

#[when("مشتری دکمه کد تخفیف را می‌زند")]
async fn press_code_button(world: &mut LimooWorld) {
    world.wait_for_flag(PROMOTION_BUTTON, "disabled", false).await;
    world.browser().await.click(PROMOTION_BUTTON).await.or_fail("code button clickable");
}

#[then(expr = "پیام کد تخفیف {string} است")]
async fn code_message(world: &mut LimooWorld, message: String) {
    world.browser().await.wait_for_text_in("[data-testid=promotion-message]", &message).await.or_fail("message");
}

/// The line under the promotion message that says why the code cannot be used now.
#[then(expr = "دلیل پیام کد تخفیف {string} است")]
async fn code_message_reason(world: &mut LimooWorld, reason: String) {
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=promotion-message-reason]", &reason).await.or_fail("why refused");
}

#[then(expr = "در حافظه جلسه {string} شناسه کد تخفیف سفارش {products} مشتری {mobile} است")]
async fn stored_code_id(world: &mut LimooWorld, key: String, products: Products, mobile: Mobile) {
    let invoice = world.invoice_of(&mobile, &products).await;
    let id = invoice["usedDiscount"]["id"].as_i64().unwrap_or_else(|| panic!("the order has no code: {invoice}"));
    let stored = world.browser().await.stored(Storage::Session, &key).await.or_fail("session storage read");
    assert_eq!(stored, Some(id.to_string()), "{key}");
}

/// Read while session `lemonadeUsedDiscountId` still names the code (this step comes right after removal shows).
#[then(expr = "کد تخفیفی که در حافظه جلسه بود در فروشگاه وضعیت {string} دارد")]
async fn stored_code_status(world: &mut LimooWorld, status: String) {
    let order = world.order_in_session().await;
    let sql = "SELECT status FROM used_discount WHERE customer_order_id = $1 ORDER BY updated_at DESC";
    let found = world.sql_status(sql, order).await;
    assert_eq!(found.as_deref(), Some(status.as_str()), "the order's code");
}

#[then("بخش امتیاز دیده نمی‌شود")]
async fn points_hidden(world: &mut LimooWorld) {
    world.receipt_loaded().await;
    world.browser().await.wait_for_absence("[data-testid=points-section]").await.or_fail("no points section");
}

#[then("موجودی امتیاز دیده می‌شود")]
async fn balance_shown(world: &mut LimooWorld) {
    world.browser().await.texts("[data-testid=points-balance]").await.or_fail("points balance");
}

#[then(expr = "کلید امتیاز {word} و {word} است")]
async fn points_switch_state(world: &mut LimooWorld, on: String, enabled: String) {
    let checked = match on.as_str() {
        "روشن" => "true",
        "خاموش" => "false",
        other => panic!("روشن or خاموش, not {other}"),
    };
    let disabled = match enabled.as_str() {
        "فعال" => false,
        "غیرفعال" => true,
        other => panic!("فعال or غیرفعال, not {other}"),
    };
    world.wait_for_attribute(POINTS_SWITCH, "aria-checked", checked).await;
    // A switch waiting for the balance is disabled too: wait for the settled state.
    world.wait_for_flag(&format!("{POINTS_SWITCH}:not([aria-busy=true])"), "disabled", disabled).await;
}

#[when("مشتری کلید امتیاز را می‌زند")]
async fn press_points_switch(world: &mut LimooWorld) {
    let ready = format!("{POINTS_SWITCH}:not([aria-busy=true])");
    world.wait_for_flag(&ready, "disabled", false).await;
    world.browser().await.click(POINTS_SWITCH).await.or_fail("points switch clickable");
}

#[then(expr = "وضعیت کلید امتیاز {string} است")]
async fn points_switch_status(world: &mut LimooWorld, status: String) {
    world.wait_for_attribute(POINTS_SWITCH, "data-status", &status).await;
}

#[then(expr = "پیام امتیاز {string} است")]
async fn points_message(world: &mut LimooWorld, message: String) {
    world.browser().await.wait_for_text_in("[data-testid=points-message]", &message).await.or_fail("points message");
}

#[then(expr = "شناسه امتیاز نگه‌داشته مشتری {mobile} در حافظه محلی است")]
async fn hold_id_stored(world: &mut LimooWorld, mobile: Mobile) {
    let token = world.token_of(&mobile).await;
    let (_, points) = world.app().api(&token).total_points().await;
    let hold = points["userPoints"][0]["id"].as_i64().unwrap_or_else(|| panic!("no live hold: {points}"));
    let browser = world.browser().await;
    let stored = poll_for(Duration::from_secs(15), || async {
        Ok(browser.stored(Storage::Local, "userPointId").await?.filter(|v| *v == hold.to_string()))
    })
    .await;
    assert!(stored.is_ok(), "local storage userPointId is not the hold {hold}");
}

#[then(expr = "در حافظه محلی {string} نیست")]
async fn local_value_absent(world: &mut LimooWorld, key: String) {
    let browser = world.browser().await;
    let gone = poll_for(Duration::from_secs(15), || async {
        Ok(browser.stored(Storage::Local, &key).await?.is_none().then_some(()))
    })
    .await;
    assert!(gone.is_ok(), "local storage still holds {key}");
}

#[then(expr = "امتیاز نگه‌داشته سفارش در فروشگاه وضعیت {string} دارد")]
async fn hold_status(world: &mut LimooWorld, status: String) {
    let order = world.order_in_session().await;
    let sql = "SELECT status FROM point_hold WHERE customer_order_id = $1 ORDER BY created_at DESC";
    let found = world.sql_status(sql, order).await;
    assert_eq!(found.as_deref(), Some(status.as_str()), "the order's newest points hold");
}

/// Keeps the address and headers of every request the page sends from now on.
#[when("درخواست‌های صفحه ثبت می‌شوند")]
async fn record_requests(world: &mut LimooWorld) {
    let script = format!(
        "{RECORDED} = []; const real = window.fetch; window.fetch = (input, init) => {{\
           const request = input instanceof Request ? input : new Request(input, init);\
           {RECORDED}.push({{ url: request.url, headers: Object.fromEntries(request.headers.entries()) }});\
           return real(input, init); }};"
    );
    world.browser().await.execute(&script).await.or_fail("requests recorded");
}

#[then(expr = "درخواست {string} پارامتر زمان {string} و سرآیند {string} برابر {string} دارد")]
async fn request_cache_busting(world: &mut LimooWorld, path: String, param: String, header: String, value: String) {
    let request = timestamped_request(world, &path, &param).await;
    let sent = &request["headers"][header.to_lowercase()];
    assert_eq!(sent, &Value::from(value), "headers: {}", request["headers"]);
}

#[then(expr = "درخواست {string} پارامتر زمان {string} دارد")]
async fn request_timestamp(world: &mut LimooWorld, path: String, param: String) {
    timestamped_request(world, &path, &param).await;
}

/// The recorded request to `path`, checked to carry a millisecond timestamp in `param` [CT-21].
async fn timestamped_request(world: &mut LimooWorld, path: &str, param: &str) -> Value {
    let recorded = world.browser().await.execute(&format!("return {RECORDED};")).await.or_fail("requests read");
    let request = recorded
        .as_array()
        .into_iter()
        .flatten()
        .find(|r| r["url"].as_str().is_some_and(|u| u.contains(path)))
        .unwrap_or_else(|| panic!("no request to {path}: {recorded}"))
        .clone();
    let url = url::Url::parse(request["url"].as_str().unwrap_or_default()).or_fail_any("request address");
    let stamp = url.query_pairs().find(|(k, _)| *k == param).map(|(_, v)| v.into_owned());
    assert!(stamp.as_deref().is_some_and(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit())), "{url}");
    request
}
