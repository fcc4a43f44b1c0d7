//! `@ui` steps for the shop rules the package pages, the wizard, the checkout and the payment popup share: overlays
//! kept in the address, the add-on popup, the step indicator, the credit offers, the social-proof toast's timing,
//! wizard configs stored per scenario, what an order is created with, and the partner-bundle catalogue call.
use std::time::Duration;

use crate::browser::poll_for;
use crate::params::{Mobile, Product, Toman};
use cucumber::{gherkin::Step, given, then, when};
use limoo_bff::{
    domain::wizard::WizardConfig,
    store::{Db, wizard_configs},
};
use serde_json::{Value, json};

use super::{LimooWorld, OrFail, OrFailAny};

const OPTION: &str = "[data-testid=wizard-option]";
const MENTOR_SWITCH: &str = "[data-testid=mentor-switch]";
const PAY_BUTTON: &str = "[data-testid=payment-sheet] [data-testid=payment-button]";
/// Where the toast's times are kept (see `record_toast_times`): ms since the document started.
const TOAST_TIMES: &str = "window.__limooToastTimes";
/// The script count noted before the support chat was first opened.
const SCRIPTS_BEFORE: &str = "window.__limooScriptsBefore";

fn option_part(product: Product, part: &str) -> String {
    format!("{OPTION}[data-product-id=\"{product}\"] [data-testid={part}]")
}

/// A list written in a step, comma or Persian comma separated.
fn items(list: &str) -> Vec<String> {
    list.split([',', '،']).map(str::trim).filter(|item| !item.is_empty()).map(str::to_owned).collect()
}

/// A script listing `attribute` (or the text content, with None) of every element matching `css`, in page order.
fn list_script(css: &str, attribute: Option<&str>) -> String {
    let read = attribute.map_or_else(|| "e.textContent.trim()".to_owned(), |name| format!("e.getAttribute({name:?})"));
    format!("return [...document.querySelectorAll({css:?})].map(e => {read});")
}

/// The query parameters of a hash route such as `/select-package-c?popup=isOpen`.
fn route_params(route: &str) -> Vec<(String, String)> {
    let query = route.split_once('?').map_or("", |(_, query)| query);
    url::form_urlencoded::parse(query.as_bytes()).into_owned().collect()
}

impl LimooWorld {
    /// Polls `script` until its value satisfies `accept`; fails with what the page showed last.
    async fn wait_for_value(&mut self, script: &str, what: &str, accept: impl Fn(&Value) -> bool) -> Value {
        let browser = self.browser().await;
        let found = browser
            .poll_within(Duration::from_secs(15), || async {
                let value = browser.execute(script).await?;
                Ok(accept(&value).then_some(value))
            })
            .await;
        match found {
            Ok(value) => value,
            Err(_) => panic!("{what}: the page shows {}", browser.execute(script).await.or_fail("page read")),
        }
    }

    /// Waits until the elements matching `css` read `expected` (attribute or text), in page order.
    async fn wait_for_list(&mut self, css: &str, attribute: Option<&str>, expected: &[String]) {
        let wanted = json!(expected);
        self.wait_for_value(&list_script(css, attribute), &format!("`{css}` is not {expected:?}"), |v| *v == wanted)
            .await;
    }

    /// The text content (visually hidden labels included) of the first element matching `css`, once there is one.
    async fn text_content(&mut self, css: &str) -> String {
        let script = format!("const e = document.querySelector({css:?}); return e ? e.textContent : null;");
        let value = self.wait_for_value(&script, &format!("no `{css}`"), Value::is_string).await;
        value.as_str().unwrap_or_default().to_owned()
    }

    /// Waits until `css` matches, then checks that `absent` matches nothing (the page draws both at once).
    async fn absent_once_shown(&mut self, css: &str, absent: &str) {
        self.text_content(css).await;
        self.browser().await.wait_for_absence(absent).await.or_fail("absent");
    }

    /// The stored order the checkout shows: service, visit session, utm campaign and meta.
    async fn order_in_session_row(&mut self) -> (String, Option<String>, Option<String>, Value) {
        let order = self.order_in_session().await;
        let sql =
            "SELECT service, visit_session_id, utm_campaign, meta FROM customer_order WHERE customer_order_id = $1";
        let (service, session, campaign, meta): (String, Option<String>, Option<String>, String) =
            match self.app().db() {
                Db::Sqlite(pool) => sqlx::query_as(sql).bind(order).fetch_one(pool).await,
                Db::Postgres(pool) => sqlx::query_as(sql).bind(order).fetch_one(pool).await,
            }
            .or_fail_any("order read");
        (service, session, campaign, serde_json::from_str(&meta).or_fail_any("order meta is JSON"))
    }
}

// --- wizard configs and option cards ---

#[given("فروشگاه این پیکربندی چندمرحله‌ای را دارد:")]
async fn wizard_config_stored(world: &mut LimooWorld, step: &Step) {
    let body = step.docstring.as_deref().expect("the config as a doc string");
    let config: WizardConfig = serde_json::from_str(body).or_fail_any("a wizard config");
    let app = world.start_app(true).await;
    wizard_configs::upsert(app.db(), &app.service_name, &config).await.or_fail("config stored");
}

#[then(expr = "عنوان مرحله {string} است")]
async fn wizard_title(world: &mut LimooWorld, title: String) {
    world.wait_for_list(".wizard-middle__title", None, &[title]).await;
}

#[then(expr = "رسانه بالای مرحله از نوع {word} با نشانی {string} است")]
async fn wizard_media(world: &mut LimooWorld, kind: String, source: String) {
    let top = format!("[data-testid=wizard-top-content][data-media-type={kind}]");
    let element = match kind.as_str() {
        "image" => "[data-testid=wizard-media-image]",
        "video" => "[data-testid=wizard-media-preview] img",
        "audio" => "[data-testid=wizard-media-audio]",
        other => panic!("image, video or audio, not {other}"),
    };
    let src = world.browser().await.attribute(&format!("{top} {element}"), "src").await.or_fail("media shown");
    // WebDriver may hand back the resolved address of a relative `src`.
    assert!(src.as_deref().is_some_and(|s| s.ends_with(&source)), "{kind} source is {src:?}");
    if kind == "video" {
        // A video waits behind its preview image until the play button is pressed.
        world.browser().await.texts(&format!("{top} [data-testid=wizard-media-play]")).await.or_fail("play button");
        world.browser().await.wait_for_absence(&format!("{top} video")).await.or_fail("no video before play");
    }
}

#[then("مرحله رسانه بالا ندارد")]
async fn wizard_without_media(world: &mut LimooWorld) {
    world.absent_once_shown(OPTION, "[data-testid=wizard-top-content]").await;
}

#[then(expr = "قیمت اصلی گزینه {product} {toman} است")]
async fn option_original_price(world: &mut LimooWorld, product: Product, price: Toman) {
    let text = world.text_content(&option_part(product, "option-price-original")).await;
    assert!(text.contains(&price.to_string()), "option {product} original price reads {text:?}");
}

#[then(expr = "قیمت نهایی گزینه {product} {string} است")]
async fn option_final_price(world: &mut LimooWorld, product: Product, price: String) {
    let text = world.text_content(&option_part(product, "option-price-final")).await;
    assert!(text.contains(&price), "option {product} final price reads {text:?}");
}

#[then(expr = "قیمت نهایی گزینه {product} بی واحد پول و بی علامت جمع است")]
async fn option_bare_final_price(world: &mut LimooWorld, product: Product) {
    let text = world.text_content(&option_part(product, "option-price-final")).await;
    assert!(!text.contains("تومان") && !text.contains('+'), "option {product} final price reads {text:?}");
}

#[then(expr = "گزینه {product} قیمت اصلی ندارد")]
async fn option_without_original(world: &mut LimooWorld, product: Product) {
    let price = option_part(product, "option-price");
    world.absent_once_shown(&price, &option_part(product, "option-price-original")).await;
}

#[then(expr = "گزینه {product} قیمت ندارد")]
async fn option_without_price(world: &mut LimooWorld, product: Product) {
    let card = format!("{OPTION}[data-product-id=\"{product}\"]");
    world.absent_once_shown(&card, &option_part(product, "option-price")).await;
}

#[then(expr = "نشان گزینه {product} {string} است")]
async fn option_badge(world: &mut LimooWorld, product: Product, badge: String) {
    let text = world.text_content(&option_part(product, "option-badge")).await;
    assert_eq!(text.trim(), badge, "option {product} badge");
}

#[then(expr = "گزینه {product} نشان ندارد")]
async fn option_without_badge(world: &mut LimooWorld, product: Product) {
    let card = format!("{OPTION}[data-product-id=\"{product}\"]");
    world.absent_once_shown(&card, &option_part(product, "option-badge")).await;
}

// --- select-package-c: cards, description popup, add-on popup ---

#[then(expr = "کارت محصول {product} انتخاب نشده است")]
async fn card_not_selected(world: &mut LimooWorld, product: Product) {
    let card = format!("[data-testid=product-card][data-product-id=\"{product}\"]");
    world.wait_for_attribute(&card, "aria-checked", "false").await;
}

#[then(expr = "کارت محصول {product} چیدمان {word} دارد")]
async fn card_layout(world: &mut LimooWorld, product: Product, layout: String) {
    let card = format!("[data-testid=product-card][data-product-id=\"{product}\"]");
    world.wait_for_attribute(&card, "data-layout", &layout).await;
    let includes = format!("{card} [data-testid=sub-products]");
    let class = world.browser().await.attribute(&includes, "class").await.or_fail("bundle contents shown");
    let drawn = format!("product-card__includes--{}", layout.to_lowercase());
    assert!(
        class.is_some_and(|c| c.split(' ').any(|name| name == drawn)),
        "card {product} contents not drawn as {layout}"
    );
}

#[then(expr = "کارت محصول {product} لوگوی همکار را نشان می‌دهد")]
async fn card_shows_logo(world: &mut LimooWorld, product: Product) {
    let logo = format!("[data-testid=product-card][data-product-id=\"{product}\"] .product-card__sub-logo");
    world.browser().await.attribute(&logo, "src").await.or_fail("partner logo shown");
}

#[then(expr = "کارت محصول {product} لوگوی همکار را نشان نمی‌دهد")]
async fn card_hides_logo(world: &mut LimooWorld, product: Product) {
    let card = format!("[data-testid=product-card][data-product-id=\"{product}\"]");
    world
        .absent_once_shown(&format!("{card} [data-testid=sub-products]"), &format!("{card} .product-card__sub-logo"))
        .await;
}

#[when(expr = "مشتری پیوند توضیحات محصول {product} را می‌زند")]
async fn open_description(world: &mut LimooWorld, product: Product) {
    let css = format!(
        ".product-card-item:has([data-testid=product-card][data-product-id=\"{product}\"]) [data-testid=description-link]"
    );
    world.browser().await.click(&css).await.or_fail("description link clickable");
}

#[then(expr = "کارت محصول {product} پیوند توضیحات ندارد")]
async fn card_without_description(world: &mut LimooWorld, product: Product) {
    let card = format!(".product-card-item:has([data-testid=product-card][data-product-id=\"{product}\"])");
    world.absent_once_shown(&card, &format!("{card} [data-testid=description-link]")).await;
}

#[when("مشتری پنجره باز پایین صفحه را می‌بندد")]
async fn close_sheet(world: &mut LimooWorld) {
    world.browser().await.click(".bottom-sheet__close").await.or_fail("close button clickable");
}

#[then(expr = "آدرس صفحه پارامتر {string} ندارد")]
async fn route_without_param(world: &mut LimooWorld, name: String) {
    let browser = world.browser().await;
    let reached = browser.wait_for_route(|route| route_params(route).iter().all(|(key, _)| *key != name)).await;
    let now = browser.wait_for_route(|_| true).await;
    assert!(reached.is_ok(), "the address keeps {name}: {now:?}");
}

#[then(expr = "ویژگی‌های همراه شخصی به این ترتیب‌اند: {string}")]
async fn mentor_features(world: &mut LimooWorld, features: String) {
    world.wait_for_list("[data-testid=mentor-feature]", None, &items(&features)).await;
}

#[when("مشتری کلید همراه شخصی را خاموش می‌کند")]
async fn turn_mentor_off(world: &mut LimooWorld) {
    world.wait_for_flag(MENTOR_SWITCH, "checked", true).await;
    world.browser().await.click(MENTOR_SWITCH).await.or_fail("mentor switch clickable");
}

#[then("کلید همراه شخصی روشن است")]
async fn mentor_switch_on(world: &mut LimooWorld) {
    world.wait_for_flag(MENTOR_SWITCH, "checked", true).await;
}

#[then(expr = "جمع پنجره محصولات تکمیلی {toman} است")]
async fn additional_total(world: &mut LimooWorld, total: Toman) {
    world
        .browser()
        .await
        .wait_for_text_in("[data-testid=additional-total]", &total.to_string())
        .await
        .or_fail("popup total");
}

// --- step indicator, credit offers, settings from the window ---

#[when(expr = "در پنجره مرورگر مقدار سراسری {string} برابر {string} است")]
async fn window_setting(world: &mut LimooWorld, name: String, value: String) {
    world.browser().await.execute(&format!("window[{name:?}] = {value:?};")).await.or_fail("window setting");
}

#[when(expr = "مقدار {string} از حافظه جلسه برداشته می‌شود")]
async fn session_value_removed(world: &mut LimooWorld, name: String) {
    let script = format!("sessionStorage.removeItem({name:?});");
    world.browser().await.execute(&script).await.or_fail("session storage written");
}

#[then(expr = "نشانگر مراحل به این ترتیب است: {string} و مرحله فعلی {string} است")]
async fn stepper_steps(world: &mut LimooWorld, steps: String, current: String) {
    world.wait_for_list("[data-testid=stepper] .stepper__label", None, &items(&steps)).await;
    world.wait_for_list("[data-testid=stepper] [aria-current=step] .stepper__label", None, &[current]).await;
}

#[then(expr = "پیشنهادهای خرید اعتباری به این ترتیب‌اند: {string}")]
async fn credit_offers(world: &mut LimooWorld, offers: String) {
    world.wait_for_list("[data-testid=credit-offer]", Some("data-offer"), &items(&offers)).await;
}

#[then(expr = "پیشنهاد {string} نوشته {string} را دارد")]
async fn credit_offer_text(world: &mut LimooWorld, offer: String, text: String) {
    let css = format!("[data-testid=credit-offer][data-offer={offer}]");
    world.browser().await.wait_for_text_in(&css, &text).await.or_fail("offer text");
}

#[then("پیشنهادهای خرید اعتباری دیده نمی‌شوند")]
async fn no_credit_offers(world: &mut LimooWorld) {
    world.absent_once_shown("[data-testid=reserve-notice]", "[data-testid=credit-offers]").await;
}

// --- support chat ---

#[when("تعداد اسکریپت‌های صفحه یادداشت می‌شود")]
async fn note_scripts(world: &mut LimooWorld) {
    world.browser().await.execute(&format!("{SCRIPTS_BEFORE} = document.scripts.length;")).await.or_fail("noted");
}

#[then("اسکریپتی به صفحه افزوده نشده است")]
async fn no_script_added(world: &mut LimooWorld) {
    let script = format!("return document.scripts.length - {SCRIPTS_BEFORE};");
    let added = world.browser().await.execute(&script).await.or_fail("scripts counted");
    assert_eq!(added.as_i64(), Some(0), "scripts added to the page");
}

/// Without a chat widget the bubble opens the ways to reach support; opened again, it is the same one list. The
/// sheet opened last may still be drawing, and the one closed before it still leaving: the count is waited for.
#[then("تنها یک فهرست راه‌های تماس پشتیبانی در صفحه است")]
async fn one_contacts_list(world: &mut LimooWorld) {
    let script = "return document.querySelectorAll('[data-testid=support-contacts]').length;";
    world.wait_for_value(script, "lists of support contacts on the page are not one", |count| *count == 1).await;
}

// --- social-proof toast ---

/// From now on the page's clock is held, the page draws `random` from `Math.random`, and the toast's moments are
/// recorded with the delay of the timer whose callback came just before each: the delays the page asked for.
#[when(expr = "زمان‌بندی اعلان خرید دیگران با عدد تصادفی {float} از این پس ثبت می‌شود")]
async fn record_toast_timers(world: &mut LimooWorld, random: f64) {
    let browser = world.browser().await;
    browser.wait_for_absence("[data-testid=social-proof]").await.or_fail("no toast container yet");
    browser.hold_page_clock().await.or_fail("the page's clock held");
    let script = format!(
        "const times = {TOAST_TIMES} = {{}};\
         Math.random = () => {random};\
         const schedule = window.setTimeout;\
         window.setTimeout = (callback, delay, ...rest) => schedule((...args) => {{\
           times.lastFired = delay; return callback(...args); }}, delay, ...rest);\
         new MutationObserver(() => {{\
           const toast = document.querySelector('[data-testid=social-proof-toast]');\
           if (toast && times.shownAfter === undefined) times.shownAfter = times.lastFired;\
           if (!toast && times.shownAfter !== undefined && times.goneAfter === undefined) times.goneAfter = times.lastFired;\
         }}).observe(document.body, {{ childList: true, subtree: true }});"
    );
    browser.execute(&script).await.or_fail("toast observed");
}

#[then(expr = "اعلان خرید دیگران {int} میلی‌ثانیه پس از باز شدن صفحه ظاهر می‌شود و {int} میلی‌ثانیه دیده می‌ماند")]
async fn toast_timing(world: &mut LimooWorld, delay: i64, shown: i64) {
    let script =
        format!("const t = {TOAST_TIMES}; return t.goneAfter === undefined ? null : [t.shownAfter, t.goneAfter];");
    let timers = world.wait_for_value(&script, "the toast never came and went", Value::is_array).await;
    assert_eq!(timers, json!([delay, shown]), "the timers the toast was shown and hidden by");
}

// --- orders, checkout, payment popup ---

#[then(expr = "سفارش ساخته‌شده سرویس {string}، کمپین {string} و شناسه جلسه این مرورگر را دارد")]
async fn order_origin(world: &mut LimooWorld, service: String, campaign: String) {
    let session = world.session_id().await;
    let (stored_service, stored_session, stored_campaign, _) = world.order_in_session_row().await;
    assert_eq!(stored_service, service);
    assert_eq!(stored_campaign.as_deref(), Some(campaign.as_str()), "utmCampaign");
    assert_eq!(stored_session.as_deref(), Some(session.as_str()), "sessionId is the browser's visit session");
}

/// The order meta holds these entries (checkout adds its own, such as the Snapp Pay test value, later).
#[then(expr = "meta سفارش ساخته‌شده {string} را دارد")]
async fn order_meta(world: &mut LimooWorld, meta: String) {
    let expected: Value = serde_json::from_str(&meta).or_fail_any("meta in the step is JSON");
    let (.., stored) = world.order_in_session_row().await;
    for (key, value) in expected.as_object().expect("meta in the step is an object") {
        assert_eq!(&stored[key], value, "order meta {key}: {stored}");
    }
}

#[then(expr = "meta سفارش ساخته‌شده کلید {string} ندارد")]
async fn order_meta_lacks(world: &mut LimooWorld, key: String) {
    let (.., stored) = world.order_in_session_row().await;
    assert!(stored.get(&key).is_none(), "order meta has {key}: {stored}");
}

#[then(expr = "شناسه سفارش در حافظه جلسه همان تنها سفارش مشتری {mobile} است")]
async fn stored_order_is_customers(world: &mut LimooWorld, mobile: Mobile) {
    let stored = world.order_in_session().await;
    let token = world.token_of(&mobile).await;
    let (status, orders) = world.app().api(&token).list_orders().await;
    assert_eq!(status, 200, "orders list: {orders}");
    let ids: Vec<i64> = orders.as_array().into_iter().flatten().filter_map(|o| o["id"].as_i64()).collect();
    assert_eq!(ids, vec![stored], "the customer's orders");
}

#[then(expr = "عنوان صفحه {string} است")]
async fn page_title(world: &mut LimooWorld, title: String) {
    world.wait_for_list("h1.page-title", None, &[title]).await;
}

#[then(expr = "روش‌های پرداخت گزینه‌های رادیویی‌اند: {string}")]
async fn methods_are_radios(world: &mut LimooWorld, methods: String) {
    let css = "[data-testid=payment-sheet] [data-testid=payment-method]:has(input[type=radio])";
    world.wait_for_list(css, Some("data-method"), &items(&methods)).await;
    let all = "[data-testid=payment-sheet] [data-testid=payment-method]";
    world.wait_for_list(all, Some("data-method"), &items(&methods)).await;
}

#[when(expr = "مشتری روش پرداخت {string} را انتخاب می‌کند")]
async fn choose_method(world: &mut LimooWorld, method: String) {
    let css = format!("[data-testid=payment-method][data-method={method}] input[type=radio]");
    world.browser().await.click(&css).await.or_fail("method clickable");
}

#[then(expr = "روش پرداخت {string} قابل انتخاب نیست و هیچ روشی انتخاب نشده است")]
async fn nothing_chosen(world: &mut LimooWorld, method: String) {
    let radio = format!("[data-testid=payment-method][data-method={method}] input[type=radio]");
    world.wait_for_flag(&radio, "disabled", true).await;
    let checked = world
        .browser()
        .await
        .execute("return document.querySelectorAll('[data-testid=payment-method] input:checked').length;");
    assert_eq!(checked.await.or_fail("radios read").as_i64(), Some(0), "a method is chosen");
}

#[then(expr = "دکمه {string} پنجره پرداخت {word} است")]
async fn pay_button_state(world: &mut LimooWorld, label: String, state: String) {
    let disabled = match state.as_str() {
        "فعال" => false,
        "غیرفعال" => true,
        other => panic!("فعال or غیرفعال, not {other}"),
    };
    world.browser().await.wait_for_text_in(PAY_BUTTON, &label).await.or_fail("pay button");
    world.wait_for_flag(PAY_BUTTON, "disabled", disabled).await;
}

// --- partner bundles ---

#[then(expr = "درخواست محصولات این صفحه فیلتر بسته‌های همکار را با کمپین {string} دارد")]
async fn partner_bundles_request(world: &mut LimooWorld, campaign: String) {
    let script = "return performance.getEntriesByType('resource').map(e => e.name)\
                  .filter(n => n.includes('/lemonade/api/products'));";
    let found = world.wait_for_value(script, "no products call", |v| v.as_array().is_some_and(|a| !a.is_empty())).await;
    let calls: Vec<String> = serde_json::from_value(found).or_fail_any("call addresses");
    assert_eq!(calls.len(), 1, "products calls: {calls:?}");
    let url = url::Url::parse(&calls[0]).or_fail_any("call address");
    let query: Vec<(String, String)> = url.query_pairs().into_owned().collect();
    let param = |name: &str| query.iter().find(|(key, _)| key == name).map(|(_, value)| value.clone());
    let filter: Value = serde_json::from_str(&param("where").unwrap_or_default()).or_fail_any("where is JSON");
    let expected = json!({
        "productType": "BUNDLE",
        "service": world.app().service_name,
        "isEnabled": true,
        "meta.tags": "PARTNER_DISCOUNT",
        "meta.type": { "like": "PARTNER_DISCOUNT" },
    });
    assert_eq!(filter, expected, "where");
    assert_eq!(param("disablePreviewCheckRules").as_deref(), Some("true"), "{url}");
    let wanted_campaign = Some(campaign).filter(|c| !c.is_empty());
    assert_eq!(param("utmCampaign"), wanted_campaign, "{url}");
}

// --- questionnaire pages ---

#[then(expr = "وضعیت بخش {string} {string} است")]
async fn section_state(world: &mut LimooWorld, test_id: String, state: String) {
    world.wait_for_attribute(&format!("[data-testid={test_id}]"), "data-state", &state).await;
}

/// The address stays on `route` for the whole window (a redirect would be due within it).
#[then(expr = "مسیر تا {int} میلی‌ثانیه {string} می‌ماند")]
async fn route_stays(world: &mut LimooWorld, window_ms: u64, route: String) {
    let browser = world.browser().await;
    let left = poll_for(Duration::from_millis(window_ms), || async {
        let now = browser.wait_for_route(|_| true).await?;
        Ok((now.split('?').next() != Some(route.as_str())).then_some(now))
    })
    .await;
    if let Ok(now) = left {
        panic!("the page left {route} for {now}");
    }
}
