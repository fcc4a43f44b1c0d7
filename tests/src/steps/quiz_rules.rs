//! Questionnaire flow rules (spec 3 §2–§5): walking a flow step by step, the widgets' limits, the screens' timing,
//! the answer sends' retries and analytics, and the detailed diet-request form's ranges through the API.
use std::time::Duration;

use crate::browser::{Browser, poll_for};
use cucumber::{gherkin::Step, then, when};
use fantoccini::{Locator, key::Key};
use serde_json::{Map, Value, json};

use super::{
    LimooWorld, OrFail, OrFailAny,
    quiz::{latest_record, option},
};

const SUBMIT: &str = "[data-testid=quiz-submit]";
/// WebDriver's code for the End key: a round slider jumps to its maximum.
const END_KEY: &str = "\u{E010}";
/// A text replaced sooner than this was a transition, not on screen: the render before the page changes, or the
/// moment a lazily loaded page's chunk arrives on a busy machine. The timed texts last seconds, so a real one this
/// short would still fail the order check.
const TRANSIENT_MS: f64 = 100.0;
/// How much longer than its duration a text may show on the held page clock: a screen whose timers chain (the
/// next one set when the last has rendered) adds nothing; this only covers a timer's fractional milliseconds.
const SHOWN_SLACK_MS: f64 = 5.0;

/// One row of a step table: the route, the question id and name it must show, and (when walking) how to answer.
struct StepRow {
    route: String,
    question: String,
    name: String,
    answer: Option<Answer>,
}

/// How a walking visitor answers a step, by widget.
enum Answer {
    /// One or more option values (choice cards, checkboxes, tags), comma-separated.
    Options(Vec<String>),
    Select(String),
    Number(String),
    Text(String),
    /// The ruler's "+" button once (its value starts empty).
    RulerUp,
    /// The round slider's End key.
    SliderEnd,
}

impl Answer {
    /// `گزینه: A, B`, `فهرست: U_100`, `عدد: 80`, `متن: …`, `خط‌کش`, `اسلایدر`.
    fn parse(cell: &str) -> Answer {
        let (kind, value) = cell.split_once(':').map_or((cell.trim(), ""), |(k, v)| (k.trim(), v.trim()));
        match kind {
            "گزینه" => Answer::Options(value.split(',').map(|v| v.trim().to_owned()).collect()),
            "فهرست" => Answer::Select(value.to_owned()),
            "عدد" => Answer::Number(value.to_owned()),
            "متن" => Answer::Text(value.to_owned()),
            "خط‌کش" => Answer::RulerUp,
            "اسلایدر" => Answer::SliderEnd,
            other => panic!("unknown answer kind {other:?} in {cell:?}"),
        }
    }
}

/// The table's rows after its header: مسیر | پرسش | نام [| پاسخ].
fn step_rows(step: &Step) -> Vec<StepRow> {
    let table = step.table.as_ref().expect("a table of steps");
    table
        .rows
        .iter()
        .skip(1)
        .map(|row| StepRow {
            route: row[0].clone(),
            question: row[1].clone(),
            name: row[2].clone(),
            answer: row.get(3).map(|cell| Answer::parse(cell)),
        })
        .collect()
}

async fn wait_for_route(browser: &Browser, route: &str) {
    let reached = browser.wait_for_route(|r| r.split('?').next() == Some(route)).await;
    let now = browser.wait_for_route(|_| true).await;
    assert!(reached.is_ok(), "never reached {route}; the address is {now:?}");
}

/// The open step shows this question (its id and its topic, the question's name).
async fn shows_question(browser: &Browser, row: &StepRow) {
    let css = format!(
        "[data-testid=quiz-step] [data-testid=quiz-question][data-question-id=\"{}\"][data-question-name=\"{}\"]",
        row.question, row.name
    );
    let shown = browser.wait_for_text_in(&css, "").await;
    let questions = browser.execute(
        "return [...document.querySelectorAll('[data-testid=quiz-question]')].map(q => q.dataset.questionId + ' ' + q.dataset.questionName);",
    ).await;
    assert!(shown.is_ok(), "{} does not ask {} ({}); it shows {questions:?}", row.route, row.question, row.name);
}

async fn answer(browser: &Browser, answer: &Answer) {
    match answer {
        Answer::Options(values) => {
            for value in values {
                browser.click(&option(value)).await.or_fail("option clickable");
            }
        }
        Answer::Select(value) => {
            let select = browser.client.find(Locator::Css("[data-testid=quiz-select]")).await.or_fail_any("select");
            select.select_by_value(value).await.or_fail_any("option selected");
        }
        Answer::Number(value) => type_into(browser, "[data-testid=quiz-number]", value).await,
        Answer::Text(value) => type_into(browser, "[data-testid=quiz-textbox]", value).await,
        Answer::RulerUp => browser.click(".quiz-ruler__row button:last-child").await.or_fail("ruler + clickable"),
        Answer::SliderEnd => {
            let slider =
                browser.client.find(Locator::Css("[data-testid=quiz-round-slider]")).await.or_fail_any("slider");
            slider.send_keys(END_KEY).await.or_fail_any("End pressed");
        }
    }
    // A step that does not submit on the answer has a button; it enables once the form is valid [QN-35, QN-36].
    if !browser.client.find_all(Locator::Css(SUBMIT)).await.or_fail_any("submit looked up").is_empty() {
        let enabled = poll_for(Duration::from_secs(10), || async {
            Ok((browser.property(SUBMIT, "disabled").await?.as_deref() == Some("false")).then_some(()))
        })
        .await;
        assert!(enabled.is_ok(), "the step's button never enabled after answering");
        browser.click(SUBMIT).await.or_fail("submit clickable");
    }
}

async fn type_into(browser: &Browser, css: &str, value: &str) {
    let field = browser.client.wait().for_element(Locator::Css(css)).await.or_fail_any("field shown");
    // Select all and delete, as a person would: WebDriver's clear() bypasses React's change handler.
    let erase = [Key::Control.to_string(), "a".to_owned(), Key::Null.to_string(), Key::Backspace.to_string()].concat();
    field.send_keys(&format!("{erase}{value}")).await.or_fail_any("typed");
    browser.execute("document.activeElement && document.activeElement.blur();").await.or_fail("blurred");
}

/// Opens each route directly and checks the question it asks.
#[then("هر گام این پرسش را می‌پرسد:")]
async fn each_step_asks(world: &mut LimooWorld, step: &Step) {
    for row in step_rows(step) {
        world.open_route(&row.route).await;
        let browser = world.browser().await;
        wait_for_route(browser, &row.route).await;
        shows_question(browser, &row).await;
    }
}

/// Walks a flow from the open step: each row's route must be reached in turn, ask its question, and once answered
/// be sent to the server as that step of the flow's answers record (the record reaches the row's step) [QN-44].
#[when(expr = "بازدیدکننده پرسشنامه {string} را گام به گام این‌گونه پاسخ می‌دهد:")]
async fn walk_flow(world: &mut LimooWorld, form_type: String, step: &Step) {
    let db = world.app().db().clone();
    // Each answer moves on after the flow's forward delay, on the page's clock the test moves.
    world.browser().await.hold_page_clock().await.or_fail("the page's clock held");
    for row in step_rows(step) {
        let browser = world.browser().await;
        wait_for_route(browser, &row.route).await;
        shows_question(browser, &row).await;
        answer(browser, row.answer.as_ref().expect("a پاسخ column to walk")).await;
        let step_id = row.route.rsplit('/').next().unwrap_or_default().to_owned();
        let sent = poll_for(Duration::from_secs(10), || {
            let (db, form_type, step_id) = (db.clone(), form_type.clone(), step_id.clone());
            async move {
                let record = latest_record(&db, &form_type).await?;
                Ok(record.filter(|r| r.step.as_deref() == Some(step_id.as_str())).map(|_| ()))
            }
        })
        .await;
        assert!(sent.is_ok(), "the {form_type} answers were not sent with step {step_id}");
    }
}

/// The full submission: the flow's record holds a non-empty answer for every listed question.
#[then(expr = "آخرین پاسخ‌نامه {string} پاسخ همه این پرسش‌ها را دارد: {string}")]
async fn record_answers_all(world: &mut LimooWorld, form_type: String, questions: String) {
    let record = latest_record(world.app().db(), &form_type).await.or_fail("record read").expect("a record");
    let entries: Vec<Map<String, Value>> = serde_json::from_str(&record.answers).or_fail_any("answers JSON");
    for id in questions.split(',').map(str::trim) {
        let value = entries.iter().find_map(|entry| entry.get(id));
        assert!(value.is_some_and(|v| !v.is_null()), "{id} is not answered in {}", record.answers);
    }
}

#[then(expr = "گزینه {string} از پیش انتخاب شده است و {string} نه")]
async fn option_preselected(world: &mut LimooWorld, chosen: String, other: String) {
    world.wait_for_attribute(&option(&chosen), "aria-checked", "true").await;
    world.wait_for_attribute(&option(&other), "aria-checked", "false").await;
}

#[then(expr = "گزینه‌های پیشنهادی دقیقا {string} است")]
async fn options_offered(world: &mut LimooWorld, expected: String) {
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=quiz-option]", "").await.or_fail("options shown");
    let script = "return [...document.querySelectorAll('[data-testid=quiz-form] [data-testid=quiz-option]')]\
                  .map(o => o.dataset.value).join(', ');";
    let offered = browser.execute(script).await.or_fail("options read");
    assert_eq!(offered.as_str(), Some(expected.as_str()));
}

#[then(expr = "گزینه {string} غیرفعال است")]
async fn option_disabled(world: &mut LimooWorld, value: String) {
    world.wait_for_flag(&option(&value), "disabled", true).await;
}

#[then(expr = "نوار پیشرفت {int} گام انجام‌شده از {int} را نشان می‌دهد")]
async fn progress_bar(world: &mut LimooWorld, done: u32, total: u32) {
    let browser = world.browser().await;
    let css = "[data-testid=quiz-progress]";
    let wanted = (Some(done.to_string()), Some(total.to_string()));
    let shown = poll_for(Duration::from_secs(10), || async {
        let now = (browser.attribute(css, "aria-valuenow").await?, browser.attribute(css, "aria-valuemax").await?);
        Ok((now == wanted).then_some(()))
    })
    .await;
    let now = browser.attribute(css, "aria-valuenow").await.or_fail("progress read");
    assert!(shown.is_ok(), "the progress bar shows {now:?} done, not {done} of {total}");
}

#[when(expr = "بازدیدکننده {int} نویسه در پرسش متنی می‌نویسد")]
async fn type_long_text(world: &mut LimooWorld, count: usize) {
    let browser = world.browser().await;
    type_into(browser, "[data-testid=quiz-textbox]", &"ن".repeat(count)).await;
}

#[then(expr = "پرسش متنی {int} نویسه دارد")]
async fn text_length(world: &mut LimooWorld, count: usize) {
    let value = world.browser().await.property("[data-testid=quiz-textbox]", "value").await.or_fail("text read");
    assert_eq!(value.unwrap_or_default().chars().count(), count);
}

#[then(expr = "خط‌کش از {int} تا {int} با {int} زیربخش در هر واحد است")]
async fn ruler_scale(world: &mut LimooWorld, min: u32, max: u32, sub_units: u32) {
    let browser = world.browser().await;
    let css = "[data-testid=quiz-ruler]";
    let read = |name: &'static str| async move { browser.attribute(css, name).await.or_fail("ruler read") };
    let range = (read("aria-valuemin").await, read("aria-valuemax").await);
    assert_eq!(range, (Some(min.to_string()), Some(max.to_string())));
    assert_eq!(read("data-sub-units").await, Some(sub_units.to_string()));
}

/// A deliberate wait: nothing may happen during it (the step must not move on by itself).
#[then(expr = "پس از {int} میلی‌ثانیه صفحه هنوز در مسیر {string} است")]
async fn still_on(world: &mut LimooWorld, millis: u64, route: String) {
    tokio::time::sleep(Duration::from_millis(millis)).await;
    let browser = world.browser().await;
    let now = browser.wait_for_route(|_| true).await.or_fail("route read");
    assert_eq!(now.split('?').next(), Some(route.as_str()));
}

pub(super) fn question_css(question: &str) -> String {
    format!("[data-testid=quiz-question][data-question-id=\"{question}\"]")
}

/// Types into one question's number field of a form with several (the detailed form's sections) and leaves it.
#[when(expr = "بازدیدکننده در پرسش {string} مقدار {string} را می‌نویسد")]
async fn type_in_question(world: &mut LimooWorld, question: String, value: String) {
    let css = format!("{} [data-testid=quiz-number]", question_css(&question));
    type_into(world.browser().await, &css, &value).await;
}

#[then(expr = "خطای پرسش {string} {string} است")]
async fn question_error_is(world: &mut LimooWorld, question: String, message: String) {
    let css = format!("{} [data-testid=field-error]", question_css(&question));
    let browser = world.browser().await;
    let shown = browser.wait_for_text_in(&css, &message).await;
    let now = browser.execute(&format!("return document.querySelector({css:?})?.textContent ?? null;")).await;
    assert!(shown.is_ok(), "{question} does not show {message:?}; it shows {now:?}");
}

#[then(expr = "پرسش {string} خطایی ندارد")]
async fn question_without_error(world: &mut LimooWorld, question: String) {
    let css = format!("{} [data-testid=field-error]", question_css(&question));
    world.browser().await.wait_for_absence(&css).await.or_fail("the question's error is gone");
}

// --- timing: an in-page recorder of the shown text and the route, with the page's own clock ----------------------

/// Holds the page's clock, then records every change of the first `css` element's text and of the route, and the
/// first click, in milliseconds of that clock since the recorder started, then opens `route`. A mutation observer
/// stamps a change right after the render that made it; the clock moves only from one of the page's timers to the
/// next once the page has drawn the last, so each text's time on screen is what the page's timers gave it, however
/// slowly a loaded machine draws.
#[when(expr = "مشتری صفحه {string} را باز می‌کند و نوشته‌های {string} و مسیر با زمانشان ثبت می‌شوند")]
async fn record_timing(world: &mut LimooWorld, route: String, css: String) {
    world.ensure_app_loaded().await;
    let browser = world.browser().await;
    browser.hold_page_clock().await.or_fail("the page's clock held");
    let script = format!(
        "const t0 = Date.now(); const log = []; window.__qnTiming = log; let text, hash;\
         document.addEventListener('click', () => {{ window.__qnClickAt ??= Date.now() - t0; }}, true);\
         const probe = () => {{\
           const el = document.querySelector({css:?}); const now = el ? el.textContent.trim() : null;\
           if (now !== text) {{ text = now; log.push({{ kind: 'text', value: now, at: Date.now() - t0 }}); }}\
           if (location.hash !== hash) {{ hash = location.hash; log.push({{ kind: 'route', value: hash.slice(1).split('?')[0], at: Date.now() - t0 }}); }}\
         }};\
         new MutationObserver(probe).observe(document.documentElement, {{ subtree: true, childList: true, characterData: true }});\
         window.addEventListener('hashchange', probe); location.hash = {hash:?}; probe();",
        hash = format!("#{route}")
    );
    browser.execute(&script).await.or_fail("recorder installed");
}

#[derive(Debug, serde::Deserialize)]
struct Change {
    kind: String,
    value: Option<String>,
    at: f64,
}

async fn timing_log(browser: &Browser) -> Vec<Change> {
    let log = browser.execute("return window.__qnTiming || [];").await.or_fail("timing read");
    serde_json::from_value(log).or_fail_any("timing log")
}

/// How long a text is expected to show, in ms.
#[derive(Debug)]
enum Shown {
    About(f64),
    AtLeast(f64),
}

impl Shown {
    fn parse(cell: &str) -> Shown {
        let number = |text: &str| text.trim().parse().or_fail_any("a duration in ms");
        match cell.strip_prefix("حداقل") {
            Some(rest) => Shown::AtLeast(number(rest)),
            None => Shown::About(number(cell)),
        }
    }

    fn accepts(&self, lasted: f64) -> bool {
        match *self {
            Shown::About(ms) => (ms..=ms + SHOWN_SLACK_MS).contains(&lasted),
            Shown::AtLeast(ms) => lasted >= ms,
        }
    }
}

/// Table rows: نوشته | مدت (ms), then a last row `مسیر /x` whose time is when the route changed. Each text must show
/// for its duration on the page's held clock: never shorter, and longer only by [`SHOWN_SLACK_MS`]. `حداقل N` only
/// bounds it from below: the last text stays until the next page has loaded its data.
#[then("نوشته‌ها به این ترتیب و با این مدت‌ها نشان داده می‌شوند:")]
async fn texts_in_order(world: &mut LimooWorld, step: &Step) {
    let table = step.table.as_ref().expect("a table of texts");
    let rows: Vec<(String, Shown)> =
        table.rows.iter().skip(1).map(|row| (row[0].clone(), Shown::parse(&row[1]))).collect();
    let target = rows.last().and_then(|(text, _)| text.strip_prefix("مسیر ")).expect("a last row `مسیر /route`");
    let target = target.trim().to_owned();
    let browser = world.browser().await;
    let arrived = browser
        .poll_within(Duration::from_secs(30), || async {
            let log = timing_log(browser).await;
            Ok(log.iter().any(|c| c.kind == "route" && c.value.as_deref() == Some(target.as_str())).then_some(()))
        })
        .await;
    let log = timing_log(browser).await;
    assert!(arrived.is_ok(), "never reached {target}: {log:?}");
    // The texts the screen went through (a missing element is no text), then the arrival at the target route.
    let mut shown: Vec<(String, f64)> = Vec::new();
    for change in &log {
        match (change.kind.as_str(), &change.value) {
            ("text", Some(text)) => shown.push((text.clone(), change.at)),
            ("route", Some(route)) if *route == target => {
                shown.push((format!("مسیر {route}"), change.at));
                break;
            }
            _ => {}
        }
    }
    // A text replaced within moments was a transition, never really on screen.
    let on_screen: Vec<bool> = shown.windows(2).map(|w| w[1].1 - w[0].1 >= TRANSIENT_MS).chain([true]).collect();
    let mut on_screen = on_screen.into_iter();
    shown.retain(|_| on_screen.next().unwrap_or(true));
    // A blank right before the route changes is the screen leaving while the next page loads (a lazily loaded
    // chunk): the last text ended then.
    let expects_blank_last = rows.len() >= 2 && rows[rows.len() - 2].0.is_empty();
    if let [.., (blank, left), (_, arrived)] = shown.as_mut_slice()
        && blank.is_empty()
        && !expects_blank_last
    {
        *arrived = *left;
        let at = shown.len() - 2;
        shown.remove(at);
    }
    let expected: Vec<&str> = rows.iter().map(|(text, _)| text.as_str()).collect();
    let seen: Vec<&str> = shown.iter().map(|(text, _)| text.as_str()).collect();
    assert_eq!(seen, expected, "texts shown: {shown:?}");
    for (i, window) in shown.windows(2).enumerate() {
        let lasted = window[1].1 - window[0].1;
        let wanted = &rows[i].1;
        assert!(wanted.accepts(lasted), "{:?} showed {lasted:.0} ms, not {wanted:?}: {shown:?}", rows[i].0);
    }
}

/// The route after the first recorded click (the answer that submitted the step) opened within these bounds.
#[then(expr = "مسیر {string} بین {int} و {int} میلی‌ثانیه پس از پاسخ باز می‌شود")]
async fn route_after_click(world: &mut LimooWorld, route: String, from: u32, to: u32) {
    let browser = world.browser().await;
    let arrived = browser
        .poll_within(Duration::from_secs(10), || async {
            let log = timing_log(browser).await;
            Ok(log.into_iter().find(|c| c.kind == "route" && c.value.as_deref() == Some(route.as_str())))
        })
        .await
        .or_fail("the route never opened");
    let clicked = browser.execute("return window.__qnClickAt ?? null;").await.or_fail("click time read");
    let clicked = clicked.as_f64().expect("a click was recorded");
    let after = arrived.at - clicked;
    assert!((f64::from(from)..=f64::from(to)).contains(&after), "{route} opened {after:.0} ms after the answer");
}

// --- answer sends: retries and analytics ------------------------------------------------------------------------

/// From now on the page counts its answer sends; the first `failures` get `status` (0: no answer, a network
/// failure) instead of reaching the BFF, the later ones go through.
#[when(expr = "ارسال پاسخ‌ها {int} بار اول با وضعیت {int} شکست می‌خورد")]
async fn sends_fail(world: &mut LimooWorld, failures: u32, status: u16) {
    let failure = if status == 0 {
        "Promise.reject(new TypeError('Failed to fetch'))".to_owned()
    } else {
        let body = json!({ "err": { "code": "UNAVAILABLE", "details": { "messages": [] } } }).to_string();
        format!(
            "Promise.resolve(new Response({body:?}, {{ status: {status}, headers: {{ 'Content-Type': 'application/json' }} }}))"
        )
    };
    let script = format!(
        "window.__qnSends = 0; const real = window.fetch; window.fetch = (input, init) => {{\
           if (!String(input && input.url ? input.url : input).includes('/lemonade/api/formAnswers')) return real(input, init);\
           window.__qnSends += 1; return window.__qnSends <= {failures} ? {failure} : real(input, init); }};"
    );
    world.browser().await.execute(&script).await.or_fail("fetch counted");
}

/// Exactly `count` sends, still so a while later (no further try).
#[then(expr = "پاسخ‌ها دقیقا {int} بار فرستاده شده‌اند")]
async fn sends_counted(world: &mut LimooWorld, count: u64) {
    let browser = world.browser().await;
    let read = || async { browser.execute("return window.__qnSends ?? 0;").await.or_fail("count read").as_u64() };
    let reached = poll_for(Duration::from_secs(10), || async { Ok((read().await >= Some(count)).then_some(())) }).await;
    // The tries are 300 and 600 ms apart: wait longer than another pause would take before counting again.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let sent = read().await;
    assert!(reached.is_ok() && sent == Some(count), "the answers were sent {sent:?} times, not {count}");
}

#[then(expr = "رویداد گام پرسشنامه با برچسب {string} برای این جلسه ثبت شده است")]
async fn step_event(world: &mut LimooWorld, label: String) {
    let id = world.session_id().await;
    let app = world.app();
    let found = poll_for(Duration::from_secs(10), || async {
        let events = app.analytics_events(&id).await;
        Ok(events.into_iter().find(|e| e.action == "quiz_step" && e.label.as_deref() == Some(label.as_str())))
    })
    .await;
    let seen: Vec<String> =
        app.analytics_events(&id).await.into_iter().map(|e| format!("{} {:?}", e.action, e.label)).collect();
    assert!(found.is_ok(), "no quiz_step event {label} among {seen:?}");
}

#[then(expr = "رویدادهای گام پرسشنامه این جلسه دقیقا {int} است")]
async fn step_event_count(world: &mut LimooWorld, count: usize) {
    let id = world.session_id().await;
    let events = world.app().analytics_events(&id).await;
    let labels: Vec<Option<String>> = events.into_iter().filter(|e| e.action == "quiz_step").map(|e| e.label).collect();
    assert_eq!(labels.len(), count, "quiz_step events: {labels:?}");
}

// --- the detailed diet-request form through the API -------------------------------------------------------------

/// A complete, valid section f1 (physical specs) as the web form sends it.
fn valid_f1() -> Map<String, Value> {
    let body = json!({
        "gender": "FEMALE", "age": 34, "weight": 70, "stature": 165, "wrist": 15, "shoulders": 40, "chest": 90,
        "abdominal": 80, "hip": 100, "thigh": 55, "birthWeight": 3.2, "birthStature": 50,
        "fatherStature": 175, "motherStature": 160
    });
    body.as_object().cloned().expect("an object")
}

/// Sends `answers` (in their order, then the step) as a new answers record of `form_type`, as the web app does.
async fn post_answers(world: &mut LimooWorld, form_type: &str, form_id: &str, answers: Map<String, Value>, step: &str) {
    let mut entries: Vec<Value> = answers.into_iter().map(|(id, value)| json!({ id: value })).collect();
    entries.push(json!({ "step": step }));
    let body = json!({ "answers": entries, "formId": form_id, "formType": form_type, "userId": "" });
    let answer = world.app().visitor().create_form_answers(&body).await;
    world.keep(answer);
}

/// Section f1 with one field changed: a number, a text (`abc`), or empty (not answered).
#[when(expr = "بخش f1 فرم درخواست رژیم با {string} برابر {string} فرستاده می‌شود")]
async fn send_f1(world: &mut LimooWorld, field: String, value: String) {
    let mut answers = valid_f1();
    let value = match value.as_str() {
        "" => Value::Null,
        text => serde_json::from_str::<serde_json::Number>(text).map_or_else(|_| json!(text), Value::Number),
    };
    answers.insert(field, value);
    post_answers(world, "diet-request", "f1", answers, "f1").await;
}

/// A text answer of exactly `length` characters, with the step's other answers.
#[when(
    expr = "بازدیدکننده پاسخ {string} پرسشنامه {string} را با متنی {int} نویسه‌ای و {string} تا مرحله {string} می‌فرستد"
)]
async fn send_long_text(
    world: &mut LimooWorld,
    question: String,
    form_type: String,
    length: usize,
    others: String,
    step_id: String,
) {
    let mut answers: Map<String, Value> =
        serde_json::from_str(&others).or_fail_any("the other answers as a JSON object");
    answers.insert(question, json!("ن".repeat(length)));
    post_answers(world, &form_type, "1", answers, &step_id).await;
}
