//! Steps for the business constants of the rules table (CT): the country table and product types as the API serves
//! them, how long points stay held, the colours the browser paints, the loading screen's circle and fading list, the
//! social-proof toast's sample data and the choices of the diet-request form.
use std::time::Duration;

use crate::browser::poll_for;
use crate::params::{Mobile, Product, Products};
use cucumber::{then, when};
use limoo_bff::store::Db;
use rust_persian_tools::digits;
use serde::Deserialize;
use serde_json::Value;

use super::{LimooWorld, OrFail, OrFailAny};

/// How long a freshly opened page may take to paint the element asked about.
const PAINT_PATIENCE: Duration = Duration::from_secs(10);

fn countries(world: &LimooWorld) -> &[Value] {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "countries call failed: {}", reply.body);
    reply.body.as_array().expect("a list of countries")
}

#[then(expr = "فهرست کشورها بین {int} و {int} ردیف دارد و طول شماره هر ردیف بین ۱ و ۲۰ است")]
async fn country_table_size(world: &mut LimooWorld, least: usize, most: usize) {
    let table = countries(world);
    assert!((least..=most).contains(&table.len()), "{} countries", table.len());
    for country in table {
        let (min, max) = (country["min"].as_i64().expect("min"), country["max"].as_i64().expect("max"));
        assert!(1 <= min && min <= max && max <= 20, "lengths of {country}");
    }
}

#[then(expr = "کشور {int} با نام {string} پیش‌شماره {string}، کمینه {int} و بیشینه {int} دارد")]
async fn country_row(world: &mut LimooWorld, id: i64, name: String, code: String, min: i64, max: i64) {
    let country = countries(world).iter().find(|c| c["id"] == id).unwrap_or_else(|| panic!("no country {id}"));
    assert_eq!(
        (&country["name"], &country["code"], &country["min"], &country["max"]),
        (&Value::from(name), &Value::from(code), &Value::from(min), &Value::from(max)),
        "{country}"
    );
}

#[then(expr = "پس‌زمینه نوار بالا {string} است")]
async fn top_bar_background(world: &mut LimooWorld, colour: String) {
    let browser = world.browser().await;
    let script = "const bar = document.querySelector('[data-testid=top-bar]'); \
                  return bar ? getComputedStyle(bar).backgroundColor : null;";
    let wanted = Value::from(colour);
    poll_for(PAINT_PATIENCE, || async { Ok((browser.execute(script).await? == wanted).then_some(())) })
        .await
        .or_fail("the top bar's background");
}

/// Minutes between the order's latest points hold being made and its expiry, as stored.
#[then(expr = "امتیاز نگه‌داشته سفارش {products} مشتری {mobile} {int} دقیقه پس از نگه‌داشتن آزاد می‌شود")]
async fn hold_lifetime(world: &mut LimooWorld, products: Products, mobile: Mobile, minutes: i64) {
    let order = world.order_of(&mobile, &products).await;
    let sql = "SELECT created_at, expires_at FROM point_hold WHERE customer_order_id = $1 \
               ORDER BY created_at DESC, point_hold_id DESC";
    let times: Result<(i64, i64), _> = match world.app().db() {
        Db::Sqlite(pool) => sqlx::query_as(sql).bind(order).fetch_one(pool).await,
        Db::Postgres(pool) => sqlx::query_as(sql).bind(order).fetch_one(pool).await,
    };
    let (made, expires) = times.or_fail_any("the order's points hold");
    assert_eq!(expires - made, minutes * 60_000, "hold made at {made}, expiring at {expires}");
}

#[then(expr = "نوع محصولات فهرست به ترتیب {string} است")]
async fn product_types(world: &mut LimooWorld, expected: String) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "products call failed: {}", reply.body);
    let types: Vec<&str> =
        reply.body.as_array().expect("a list").iter().map(|p| p["productType"].as_str().unwrap_or("?")).collect();
    let expected: Vec<&str> = expected.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    assert_eq!(types, expected);
}

// --- the loading screen, recorded by the page itself ---------------------------------------------------------------

const LOADING_RECORD: &str = "window.__limooLoadingRecord";

/// Opens `route` in the loaded app with the page's clock held and a recorder already watching, so the loading
/// screen is seen from its first frame: every value of the progress circle and every change of the list's length,
/// stamped with the page's clock, and the computed opacities of the list items whenever no fade is running (a fade's
/// middle is no position's value; the held clock reads the page at rest before each of its moments).
#[when(expr = "مشتری صفحه {string} را باز می‌کند و صفحه بارگذاری از آغاز ثبت می‌شود")]
async fn record_loading(world: &mut LimooWorld, route: String) {
    world.ensure_app_loaded().await;
    world.browser().await.hold_page_clock().await.or_fail("the page's clock held");
    let script = format!(
        "const t0 = Date.now();\
         const record = {LOADING_RECORD} = {{ circle: [], counts: [], settled: {{}} }};\
         const read = () => {{\
           const at = Date.now() - t0;\
           const circle = document.querySelector('[data-testid=progress-circle]');\
           if (circle) {{\
             const value = Number(circle.getAttribute('aria-valuenow'));\
             const last = record.circle[record.circle.length - 1];\
             if (!last || last.value !== value) record.circle.push({{ value, at, text: circle.textContent.trim(),\
               min: circle.getAttribute('aria-valuemin'), max: circle.getAttribute('aria-valuemax') }});\
           }}\
           const items = [...document.querySelectorAll('[data-testid=fading-list] li')];\
           if (items.length === 0) {{ if (record.counts.length) record.left ??= at; return; }}\
           const last = record.counts[record.counts.length - 1];\
           if (!last || last.count !== items.length) record.counts.push({{ count: items.length, at }});\
           if (items.every(item => item.getAnimations().length === 0))\
             record.settled[items.length] = items.map(item => Number(getComputedStyle(item).opacity));\
         }};\
         new MutationObserver(read).observe(document.body, {{ childList: true, subtree: true, attributes: true, characterData: true }});\
         window.addEventListener('limoo-page-clock', read);\
         location.hash = {hash:?};",
        hash = format!("#{route}")
    );
    world.browser().await.execute(&script).await.or_fail("loading recorder installed");
}

#[derive(Debug, Deserialize)]
struct CircleValue {
    value: u32,
    at: f64,
    text: String,
    min: Option<String>,
    max: Option<String>,
}

#[derive(Debug, Deserialize)]
struct ListLength {
    count: usize,
    at: f64,
}

#[derive(Debug, Deserialize)]
struct LoadingRecord {
    circle: Vec<CircleValue>,
    counts: Vec<ListLength>,
    /// List length → the items' opacities, in position order, when last seen with no fade running.
    settled: std::collections::BTreeMap<usize, Vec<f64>>,
    /// When the loading screen went away (the result opened).
    left: Option<f64>,
}

/// The record once the loading screen has gone (the circle's run and the list's are over by then).
async fn loading_record(world: &mut LimooWorld) -> LoadingRecord {
    let browser = world.browser().await;
    let script = format!("return {LOADING_RECORD} ?? null;");
    let done = browser
        .poll_within(Duration::from_secs(30), || async {
            let record: Option<LoadingRecord> = serde_json::from_value(browser.execute(&script).await?)?;
            Ok(record.filter(|r| r.left.is_some()))
        })
        .await;
    match done {
        Ok(record) => record,
        Err(_) => panic!("the loading screen never went: {}", browser.execute(&script).await.or_fail("read")),
    }
}

#[then("دایره پیشرفت گام به گام از ۱ تا ۱۰۰ درصد می‌رود و درصد را با رقم فارسی می‌نویسد")]
async fn circle_steps(world: &mut LimooWorld) {
    let record = loading_record(world).await;
    let values: Vec<u32> = record.circle.iter().map(|c| c.value).collect();
    assert_eq!(values, (1..=100).collect::<Vec<_>>(), "the circle's values");
    for step in &record.circle {
        assert_eq!(step.text, format!("{}٪", digits::en_to_fa(step.value.to_string())), "{step:?}");
        assert_eq!((step.min.as_deref(), step.max.as_deref()), (Some("1"), Some("100")), "{step:?}");
    }
}

#[then(expr = "دایره پیشرفت دست‌کم {int} و حداکثر {int} میلی‌ثانیه پس از ۱ درصد به ۱۰۰ درصد می‌رسد")]
async fn circle_run(world: &mut LimooWorld, at_least: u32, at_most: u32) {
    let record = loading_record(world).await;
    let (Some(first), Some(last)) = (record.circle.first(), record.circle.last()) else { panic!("no circle seen") };
    assert_eq!((first.value, last.value), (1, 100), "the circle ran {} to {}", first.value, last.value);
    let run = last.at - first.at;
    assert!((f64::from(at_least)..=f64::from(at_most)).contains(&run), "the circle ran 1 to 100 in {run:.0} ms");
}

#[then(
    expr = "فهرست بارگذاری از {int} پیام هر بار یکی کم می‌شود تا یک پیام بماند، هر بار دست‌کم {int} و حداکثر {int} میلی‌ثانیه پس از قبلی"
)]
async fn list_steps(world: &mut LimooWorld, from: usize, at_least: u32, at_most: u32) {
    let record = loading_record(world).await;
    let counts: Vec<usize> = record.counts.iter().map(|c| c.count).collect();
    assert_eq!(counts, (1..=from).rev().collect::<Vec<_>>(), "the list's lengths: {:?}", record.counts);
    for pair in record.counts.windows(2) {
        let gap = pair[1].at - pair[0].at;
        let bounds = f64::from(at_least)..=f64::from(at_most);
        assert!(bounds.contains(&gap), "{} → {} messages after {gap:.0} ms", pair[0].count, pair[1].count);
    }
}

/// Every length the list went through was seen at rest with the items faded by their position.
#[then(expr = "کدری پیام‌های فهرست بارگذاری بر اساس جایگاه {string} است")]
async fn list_opacities(world: &mut LimooWorld, by_position: String) {
    let wanted: Vec<f64> = by_position.split(',').map(|o| o.trim().parse().or_fail_any("an opacity")).collect();
    let record = loading_record(world).await;
    for count in 1..=wanted.len() {
        let seen = record.settled.get(&count).unwrap_or_else(|| panic!("{count} messages never seen at rest"));
        let close = seen.len() == count && seen.iter().zip(&wanted).all(|(s, w)| (s - w).abs() < 0.005);
        assert!(close, "with {count} messages the opacities are {seen:?}, not the first {count} of {wanted:?}");
    }
}

// --- the social-proof toast ----------------------------------------------------------------------------------------

#[then(expr = "اعلان خرید دیگران از {int} نمونه خرید برمی‌آید")]
async fn toast_sample_size(world: &mut LimooWorld, size: u32) {
    let browser = world.browser().await;
    let css = "[data-testid=social-proof]";
    let found = poll_for(PAINT_PATIENCE, || async { browser.attribute(css, "data-entries").await }).await;
    assert_eq!(found.or_fail("the toast's container"), size.to_string());
}

/// The first toast names a first name and a package and says bought (new) or renewed (extend).
#[then("اعلان خرید دیگران نام، بسته و خرید تازه یا تمدید یک نمونه را می‌گوید")]
async fn toast_entry(world: &mut LimooWorld) {
    let browser = world.browser().await;
    let script = "const toast = document.querySelector('[data-testid=social-proof-toast]');\
                  return toast ? [toast.dataset.kind, toast.textContent.trim()] : null;";
    // The first toast comes after at most 6 s.
    let shown = poll_for(Duration::from_secs(15), || async {
        Ok(Some(browser.execute(script).await?).filter(|v| !v.is_null()))
    })
    .await
    .or_fail("no toast appeared");
    let (kind, text) = (shown[0].as_str().unwrap_or_default(), shown[1].as_str().unwrap_or_default());
    let ending = match kind {
        "new" => " را خرید.",
        "extend" => " را تمدید کرد.",
        other => panic!("the toast's kind is {other:?}, neither new nor extend"),
    };
    let named = text.strip_suffix(ending).unwrap_or_else(|| panic!("a {kind} toast reads {text:?}"));
    let (name, package) = named.split_once(' ').unwrap_or_else(|| panic!("no name and package in {text:?}"));
    assert!(!name.is_empty() && package.contains("رژیم"), "name {name:?}, package {package:?}");
}

/// The package the shown toast names is a one, three or six month one, and the toast holds nothing to press: the
/// testimonials are display text, not products [CT-20].
#[then("اعلان خرید دیگران بسته‌ای یک، سه یا شش ماهه را می‌گوید و چیزی برای زدن ندارد")]
async fn toast_is_display_only(world: &mut LimooWorld) {
    let browser = world.browser().await;
    let script = "const toast = document.querySelector('[data-testid=social-proof-toast]');\
                  if (!toast) return null;\
                  const pressable = 'a, button, input, select, [role=button], [role=link], [tabindex]';\
                  return [toast.textContent.trim(), !!(toast.querySelector(pressable) || toast.closest(pressable))];";
    let shown = poll_for(Duration::from_secs(15), || async {
        Ok(Some(browser.execute(script).await?).filter(|v| !v.is_null()))
    })
    .await
    .or_fail("no toast appeared");
    let text = shown[0].as_str().unwrap_or_default();
    assert!(["یک ماهه", "سه ماهه", "شش ماهه"].iter().any(|months| text.contains(months)), "the toast reads {text:?}");
    assert_eq!(shown[1], Value::Bool(false), "the toast {text:?} offers something to press");
}

/// Clicks the toast the moment one shows (each stays 3 s).
#[when("مشتری روی اعلان خرید دیگران می‌زند")]
async fn click_toast(world: &mut LimooWorld) {
    let browser = world.browser().await;
    let script = "const toast = document.querySelector('[data-testid=social-proof-toast]');\
                  if (!toast) return null; toast.click(); return true;";
    poll_for(Duration::from_secs(15), || async { Ok(Some(browser.execute(script).await?).filter(|v| !v.is_null())) })
        .await
        .or_fail("no toast to click");
}

/// The duration label of one product card [CT-15].
#[then(expr = "کارت محصول {product} مدت {string} را نشان می‌دهد")]
async fn card_duration(world: &mut LimooWorld, id: Product, label: String) {
    let script = format!(
        "return document.querySelector('[data-testid=product-card][data-product-id=\"{id}\"] \
         [data-testid=package-duration]')?.textContent ?? null;"
    );
    let wanted = Value::from(label.as_str());
    let browser = world.browser().await;
    let shown =
        poll_for(PAINT_PATIENCE, || async { Ok((browser.execute(&script).await? == wanted).then_some(())) }).await;
    let now = browser.execute(&script).await;
    assert!(shown.is_ok(), "card {id} shows the duration {now:?}, not {label:?}");
}

// --- the detailed diet-request form -------------------------------------------------------------------------------

/// The labels of a question's choices as shown, in order: a select's options without its empty prompt, or the
/// choice buttons' titles.
#[then(expr = "گزینه‌های پرسش {string} به ترتیب {string} است")]
async fn question_choices(world: &mut LimooWorld, question: String, expected: String) {
    let browser = world.browser().await;
    let script = format!(
        "const q = document.querySelector('[data-testid=quiz-question][data-question-id=\"{question}\"]');\
         if (!q) return null;\
         const options = [...q.querySelectorAll('select option')].filter(o => o.value).map(o => o.textContent.trim());\
         const choices = [...q.querySelectorAll('[data-testid=quiz-option] .quiz-choice__title')].map(c => c.textContent.trim());\
         return [...options, ...choices].join(' | ');"
    );
    let wanted = Value::from(expected);
    let found =
        poll_for(PAINT_PATIENCE, || async { Ok((browser.execute(&script).await? == wanted).then_some(())) }).await;
    let shown = browser.execute(&script).await.or_fail("choices read");
    assert!(found.is_ok(), "question {question} offers {shown}, not {wanted}");
}

/// The whole label beside a laboratory value ("طبیعی" is also part of "خارج از محدوده طبیعی", so not a substring).
#[then(expr = "برچسب مقدار پرسش {string} {string} است")]
async fn lab_label(world: &mut LimooWorld, question: String, label: String) {
    let css = format!("{} [data-testid=lab-label]", super::quiz_rules::question_css(&question));
    let script = format!("return document.querySelector({css:?})?.textContent ?? null;");
    let wanted = Value::from(label.as_str());
    let browser = world.browser().await;
    let shown =
        poll_for(PAINT_PATIENCE, || async { Ok((browser.execute(&script).await? == wanted).then_some(())) }).await;
    let now = browser.execute(&script).await;
    assert!(shown.is_ok(), "{question} is labelled {now:?}, not {label:?}");
}
