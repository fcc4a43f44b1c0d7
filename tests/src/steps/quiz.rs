//! Questionnaire steps: answer records and the perfect-body landing through the API, and the questionnaire
//! screens (`@ui`) in Chromium.
use crate::browser::Storage;
use crate::params::Mobile;
use cucumber::{gherkin::Step, given, then, when};
use limoo_bff::store::{Db, form_answers, perfect_body};
use serde_json::{Map, Value, json};

use super::{LimooWorld, OrFail, OrFailAny, Reply};

fn parse_answers(raw: &str) -> Map<String, Value> {
    match serde_json::from_str(raw) {
        Ok(Value::Object(answers)) => answers,
        other => panic!("answers must be a JSON object of question id → value, got {other:?}"),
    }
}

/// The questionnaire body of spec 3 §7: one-entry objects in the order given, then the step.
fn entries_body(form_type: &str, answers: &Map<String, Value>, step: &str) -> Value {
    let mut entries: Vec<Value> = answers.iter().map(|(id, value)| json!({ id: value })).collect();
    entries.push(json!({ "step": step }));
    json!({ "answers": entries, "formId": "1", "formType": form_type, "userId": "" })
}

/// A created answer record as its creator keeps it: the id and the edit token the create call answered.
#[derive(Debug, Clone)]
pub struct AnswerRecord {
    id: i64,
    edit_token: String,
}

/// Creates a record; a created one becomes the scenario's record.
async fn create(world: &mut LimooWorld, body: &Value) {
    let (status, body) = world.app().visitor().create_form_answers(body).await;
    if let (Some(id), Some(edit_token)) = (body["id"].as_i64(), body["editToken"].as_str()) {
        world.answer_record = Some(AnswerRecord { id, edit_token: edit_token.to_owned() });
    }
    world.reply = Some(Reply { status, body });
}

fn answer_record(world: &LimooWorld) -> AnswerRecord {
    world.answer_record.clone().expect("no answer record created yet")
}

/// A PATCH of the scenario's record, with its edit token when `with_edit_token` and a bearer token when given.
async fn update(world: &mut LimooWorld, bearer: Option<&str>, with_edit_token: bool, body: &Value) {
    let record = answer_record(world);
    let edit_token = with_edit_token.then_some(record.edit_token.as_str());
    let (status, body) = world.app().update_form_answers(record.id, bearer, edit_token, body).await;
    world.reply = Some(Reply { status, body });
}

/// The record id of the last (successful) create or update.
fn record_id(world: &LimooWorld) -> i64 {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "the send was refused: {}", reply.body);
    reply.body["id"].as_i64().expect("the answer names the record id")
}

#[given("سرور پرسشنامه‌ها در دسترس است")]
async fn server_up(world: &mut LimooWorld) {
    world.start_app(false).await;
}

#[when(expr = "بازدیدکننده پاسخ‌های {string} تا مرحله {string} را می‌فرستد:")]
async fn create_from_doc(world: &mut LimooWorld, form_type: String, step_id: String, step: &Step) {
    let answers = parse_answers(step.docstring.as_deref().expect("the answers as a doc string"));
    create(world, &entries_body(&form_type, &answers, &step_id)).await;
}

#[when(expr = "بازدیدکننده پاسخ‌های {string} را با {string} تا مرحله {string} می‌فرستد")]
async fn create_inline(world: &mut LimooWorld, form_type: String, answers: String, step_id: String) {
    let answers = parse_answers(&answers);
    create(world, &entries_body(&form_type, &answers, &step_id)).await;
}

#[when(expr = "بازدیدکننده همان پاسخ‌نامه {string} را تا مرحله {string} به‌روز می‌کند:")]
async fn update_from_doc(world: &mut LimooWorld, form_type: String, step_id: String, step: &Step) {
    let answers = parse_answers(step.docstring.as_deref().expect("the answers as a doc string"));
    update(world, None, true, &entries_body(&form_type, &answers, &step_id)).await;
    assert_eq!(record_id(world), answer_record(world).id, "the update answers the same record");
}

/// The visitor signs in as an existing customer and sends the next answers with the token and the record's edit
/// token, as the web app does after sign-in.
#[when(expr = "بازدیدکننده با شماره {mobile} وارد می‌شود و همان پاسخ‌نامه {string} را تا مرحله {string} به‌روز می‌کند:")]
async fn update_after_sign_in(world: &mut LimooWorld, mobile: Mobile, form_type: String, step_id: String, step: &Step) {
    let token = world.app().existing_customer(&mobile).await;
    let answers = parse_answers(step.docstring.as_deref().expect("the answers as a doc string"));
    update(world, Some(&token), true, &entries_body(&form_type, &answers, &step_id)).await;
    assert_eq!(record_id(world), answer_record(world).id, "the update answers the same record");
}

/// Someone who learnt the record id but never held its edit token: signed out, or signed in as `mobile`.
#[when(
    expr = "غریبه‌ای {string} که شناسه پاسخ‌نامه را می‌داند پاسخ‌های {string} آن را با {string} تا مرحله {string} عوض می‌کند"
)]
async fn stranger_overwrites(world: &mut LimooWorld, who: String, form_type: String, answers: String, step_id: String) {
    let bearer = match who.as_str() {
        "بی‌حساب" => None,
        mobile => Some(world.app().existing_customer(mobile).await),
    };
    let body = entries_body(&form_type, &parse_answers(&answers), &step_id);
    update(world, bearer.as_deref(), false, &body).await;
}

#[then("پاسخ‌نامه‌ای با آن شناسه پیدا نمی‌شود")]
async fn record_not_found(world: &mut LimooWorld) {
    let reply = world.reply();
    assert_eq!((reply.status, reply.body["err"]["code"].as_str()), (404, Some("404")), "body: {}", reply.body);
}

#[then(expr = "پاسخ‌نامه به حساب مشتری {mobile} پیوسته است")]
async fn record_linked(world: &mut LimooWorld, mobile: Mobile) {
    let app = world.app();
    let record = form_answers::find(app.db(), answer_record(world).id).await.or_fail("record read");
    let customer = app.tokens().verify(&app.existing_customer(&mobile).await).ok().and_then(|c| c.customer_id());
    assert_eq!(record.and_then(|r| r.customer_id), customer);
}

/// The extend-diet form: a map of question id → `{ value }`, the final step 100, the mobile as userId.
#[when(expr = "فرم تمدید رژیم با اندازه {string}، وزن {string} و موبایل {string} فرستاده می‌شود")]
async fn send_extend_diet(world: &mut LimooWorld, size: String, weight: String, mobile: String) {
    let mut answers = Map::new();
    for (id, value) in [("size", size), ("weight", weight), ("mobile", mobile.clone())] {
        if !value.is_empty() {
            answers.insert(id.to_owned(), json!({ "value": value }));
        }
    }
    answers.insert("step".to_owned(), json!({ "value": "100" }));
    let body = json!({ "answers": answers, "formId": "f1", "formType": "extend-diet", "userId": mobile });
    create(world, &body).await;
}

#[then(expr = "پاسخ‌نامه با مرحله {string} و پاسخ‌های {string} ذخیره شده است")]
async fn record_holds(world: &mut LimooWorld, step_id: String, answers: String) {
    // The scenario's record, whatever the last call answered: a refused overwrite must leave it as it was.
    let id = answer_record(world).id;
    let record = form_answers::find(world.app().db(), id).await.or_fail("record read").expect("the record exists");
    assert_eq!(record.step.as_deref(), Some(step_id.as_str()));
    assert_eq!(record.answers, answers);
}

#[then("پاسخ‌ها پذیرفته می‌شوند")]
async fn accepted(world: &mut LimooWorld) {
    record_id(world);
}

#[then(expr = "پاسخ‌ها با پیام {string} رد می‌شوند")]
async fn refused_with(world: &mut LimooWorld, message: String) {
    let reply = world.reply();
    assert_eq!(reply.status, 400, "body: {}", reply.body);
    let messages = reply.body["err"]["details"]["messages"].as_array().expect("details.messages");
    assert!(messages.iter().any(|m| m.as_str() == Some(message.as_str())), "{messages:?} lacks {message:?}");
}

#[when(
    expr = "بازدیدکننده در لندینگ بدن ایده‌آل با جنسیت {string}، سال {string}، وزن {string} و قد {string} ثبت‌نام می‌کند"
)]
async fn register_perfect_body(world: &mut LimooWorld, gender: String, year: String, weight: String, height: String) {
    let fields = [
        ("gender", gender.as_str()),
        ("day", "1"),
        ("month", "1"),
        ("year", &year),
        ("weight", &weight),
        ("height", &height),
    ];
    let (status, body) = world.app().visitor().perfect_body_registration(&fields).await;
    world.reply = Some(Reply { status, body });
}

fn referral(world: &LimooWorld) -> String {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "the registration was refused: {}", reply.body);
    reply.body["referral"].as_str().expect("a referral").to_owned()
}

#[then(expr = "شناسه معرفی برمی‌گردد و سال تولد {int} ثبت شده است")]
async fn registered_year(world: &mut LimooWorld, year: i64) {
    let referral = referral(world);
    let row = perfect_body::find(world.app().db(), &referral).await.or_fail("registration read").expect("stored");
    assert_eq!(row.birth_year, year);
}

#[when("بازدیدکننده نتیجه بدن ایده‌آل را با همان شناسه معرفی می‌خواهد")]
async fn ask_result(world: &mut LimooWorld) {
    let referral = referral(world);
    let (status, body) = world.app().visitor().perfect_body_result(&referral).await;
    world.reply = Some(Reply { status, body });
}

#[then(expr = "نتیجه کلاس BMI {string}، تیپ بدنی {string}، اضافه وزن {float} کیلوگرم، {int} ماه و {int} دوره است")]
async fn result_is(world: &mut LimooWorld, class: String, shape: String, over: f64, months: i64, periods: i64) {
    let reply = world.reply();
    assert_eq!(reply.status, 200, "body: {}", reply.body);
    let body = &reply.body;
    assert_eq!((body["bmiClass"].as_str(), body["bodyShape"].as_str()), (Some(class.as_str()), Some(shape.as_str())));
    assert_eq!(body["overWeight"].as_f64(), Some(over));
    assert_eq!((body["timeToMonth"].as_i64(), body["numberOfPeriod"].as_i64()), (Some(months), Some(periods)));
}

#[then(expr = "پاسخ خطای {int} با کد {string} است")]
async fn error_code(world: &mut LimooWorld, status: u16, code: String) {
    let reply = world.reply();
    assert_eq!(reply.status, status, "body: {}", reply.body);
    assert_eq!(reply.body["err"]["code"], code.as_str());
}

// --- @ui: the questionnaire screens -------------------------------------------------------------------------

/// Puts a finished (or partial) answer set in session storage as the steps would have: `user_answers`.
#[given(expr = "بازدیدکننده پیش‌تر این پاسخ‌ها را داده است: {string}")]
async fn stored_answers(world: &mut LimooWorld, answers: String) {
    let store: Map<String, Value> = parse_answers(&answers)
        .into_iter()
        .map(|(id, value)| (id.clone(), json!({ "value": value, "questionName": id })))
        .collect();
    world.ensure_app_loaded().await;
    let browser = world.browser().await;
    browser.store(Storage::Session, "user_answers", &Value::Object(store).to_string()).await.or_fail("answers stored");
}

pub(crate) fn option(value: &str) -> String {
    format!("[data-testid=quiz-form] [data-testid=quiz-option][data-value=\"{value}\"]")
}

#[when(expr = "بازدیدکننده گزینه {string} را انتخاب می‌کند")]
async fn choose(world: &mut LimooWorld, value: String) {
    world.browser().await.click(&option(&value)).await.or_fail("option clickable");
}

#[when(expr = "بازدیدکننده گزینه‌های {string} را انتخاب می‌کند و ادامه می‌دهد")]
async fn choose_many(world: &mut LimooWorld, values: String) {
    let browser = world.browser().await;
    for value in values.split(',').map(str::trim) {
        browser.click(&option(value)).await.or_fail("option clickable");
    }
    browser.click("[data-testid=quiz-submit]").await.or_fail("submit clickable");
}

#[when(expr = "بازدیدکننده در پرسش عددی {string} می‌نویسد")]
async fn type_number(world: &mut LimooWorld, value: String) {
    let browser = world.browser().await;
    let field = browser
        .client
        .wait()
        .for_element(fantoccini::Locator::Css("[data-testid=quiz-number]"))
        .await
        .or_fail_any("number field shown");
    field.clear().await.or_fail_any("field cleared");
    field.send_keys(&value).await.or_fail_any("typed");
    // Leaving the field marks it touched, so its error shows [QN-36].
    browser.execute("document.activeElement && document.activeElement.blur();").await.or_fail("blurred");
}

#[when("بازدیدکننده دکمه ادامه پرسشنامه را می‌زند")]
async fn press_next(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=quiz-submit]").await.or_fail("submit clickable");
}

#[when("بازدیدکننده دکمه بازگشت پرسشنامه را می‌زند")]
async fn press_back(world: &mut LimooWorld) {
    world.browser().await.click("[data-testid=quiz-back]").await.or_fail("back clickable");
}

#[then(expr = "گام {string} پرسشنامه با نوشته پیشرفت {string} دیده می‌شود")]
async fn step_with_progress(world: &mut LimooWorld, step_id: String, progress: String) {
    let browser = world.browser().await;
    let css = format!("[data-testid=quiz-step][data-step=\"{step_id}\"] [data-testid=quiz-progress-text]");
    browser.wait_for_text_in(&css, &progress).await.or_fail("progress text shown");
}

#[then("دکمه بازگشت پرسشنامه دیده نمی‌شود")]
async fn no_back(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=quiz-step]", "").await.or_fail("step shown");
    browser.wait_for_absence("[data-testid=quiz-back]").await.or_fail("no back button");
}

#[then(expr = "گزینه {string} پیشنهاد نمی‌شود")]
async fn option_absent(world: &mut LimooWorld, value: String) {
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=quiz-step]", "").await.or_fail("step shown");
    browser.wait_for_absence(&option(&value)).await.or_fail("option not offered");
}

#[then(expr = "خطای پرسش {string} دیده می‌شود و دکمه ادامه غیرفعال است")]
async fn question_error(world: &mut LimooWorld, message: String) {
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=field-error]", &message).await.or_fail("error shown");
    world.wait_for_flag("[data-testid=quiz-submit]", "disabled", true).await;
}

#[then("خطای پرسش دیده نمی‌شود و دکمه ادامه فعال است")]
async fn no_question_error(world: &mut LimooWorld) {
    world.wait_for_flag("[data-testid=quiz-submit]", "disabled", false).await;
    world.browser().await.wait_for_absence("[data-testid=field-error]").await.or_fail("no error shown");
}

/// Later sends update the record the first one created rather than start another [QN-41].
#[then(expr = "همه پاسخ‌های {string} در یک پاسخ‌نامه است")]
async fn one_record(world: &mut LimooWorld, form_type: String) {
    let count =
        world.app().query_i64(format!("SELECT COUNT(*) FROM form_answer WHERE form_type = '{form_type}'")).await;
    assert_eq!(count, 1, "answer records of {form_type}");
}

#[then(expr = "در حافظه جلسه پاسخ {string} برابر {string} است")]
async fn stored_answer(world: &mut LimooWorld, question: String, value: String) {
    let browser = world.browser().await;
    let expected: Value = serde_json::from_str(&value).or_fail_any("the value as JSON");
    let found = crate::browser::poll_for(std::time::Duration::from_secs(10), || async {
        let raw = browser.stored(Storage::Session, "user_answers").await?.unwrap_or_default();
        let answers: Value = serde_json::from_str(&raw).unwrap_or(Value::Null);
        Ok((answers[&question]["value"] == expected).then_some(()))
    })
    .await;
    let now = browser.stored(Storage::Session, "user_answers").await.or_fail("session read");
    assert!(found.is_ok(), "user_answers is {now:?}, {question} is not {value}");
}

/// The record id the first send created, in session `form_answer_id` and local `formId` (its edit token beside it),
/// and in the database with the step's answer [QN-41].
#[then(expr = "شناسه پاسخ‌نامه در حافظه است و پاسخ‌نامه {string} مرحله {string} را دارد")]
async fn record_id_stored(world: &mut LimooWorld, form_type: String, step_id: String) {
    let browser = world.browser().await;
    let id = crate::browser::poll_for(std::time::Duration::from_secs(10), || async {
        browser.stored(Storage::Session, "form_answer_id").await
    })
    .await
    .or_fail("no form_answer_id in session storage");
    let local = browser.stored(Storage::Local, "formId").await.or_fail("local read");
    assert_eq!(local.as_deref(), Some(id.as_str()), "local formId");
    // Stored in the same call as the id: later sends cannot PATCH an anonymous record without it.
    let edit_token = browser.stored(Storage::Session, "form_answer_edit_token").await.or_fail("session read");
    assert!(edit_token.is_some_and(|token| !token.is_empty()), "no form_answer_edit_token beside the id");
    let id: i64 = id.parse().or_fail_any("a numeric id");
    let db = world.app().db().clone();
    let step_reached = crate::browser::poll_for(std::time::Duration::from_secs(10), || {
        let db = db.clone();
        let step_id = step_id.clone();
        async move {
            let record = form_answers::find(&db, id).await?;
            Ok(record.filter(|r| r.step.as_deref() == Some(step_id.as_str())))
        }
    })
    .await
    .or_fail("the record never reached the step");
    assert_eq!(step_reached.form_type, form_type);
}

#[then(expr = "رژیم مناسب {string} با {int} روز تا وزن هدف و وضعیت {string} است")]
async fn suitable_diet(world: &mut LimooWorld, diet: String, days: i64, state: String) {
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=betterme-result]", "").await.or_fail("result shown");
    let shown = browser.attribute("[data-testid=suitable-diet] [data-diet]", "data-diet").await.or_fail("diet read");
    assert_eq!(shown.as_deref(), Some(diet.as_str()));
    let duration = "[data-testid=goal-weight-duration]";
    assert_eq!(browser.attribute(duration, "data-days").await.or_fail("days read"), Some(days.to_string()));
    assert_eq!(browser.attribute(duration, "data-state").await.or_fail("state read"), Some(state));
}

#[then(expr = "بخش {string} نوشته {string} را دارد")]
async fn section_text(world: &mut LimooWorld, test_id: String, text: String) {
    let css = format!("[data-testid={test_id}]");
    world.browser().await.wait_for_text_in(&css, &text).await.or_fail("section text shown");
}

#[then(expr = "بخش {string} دیده می‌شود")]
async fn section_shown(world: &mut LimooWorld, test_id: String) {
    let css = format!("[data-testid={test_id}]");
    world.browser().await.wait_for_text_in(&css, "").await.or_fail("section shown");
}

#[then(expr = "بخش {string} دیده نمی‌شود")]
async fn section_hidden(world: &mut LimooWorld, test_id: String) {
    let css = format!("[data-testid={test_id}]");
    world.browser().await.wait_for_absence(&css).await.or_fail("section absent");
}

#[when(expr = "بازدیدکننده دکمه {string} را می‌زند")]
async fn press_test_id(world: &mut LimooWorld, test_id: String) {
    world.browser().await.click(&format!("[data-testid={test_id}]")).await.or_fail("button clickable");
}

/// The newest answers record of `form_type` in this scenario's database.
pub(crate) async fn latest_record(db: &Db, form_type: &str) -> anyhow::Result<Option<form_answers::FormAnswerRecord>> {
    const LATEST: &str = "SELECT form_answer_id FROM form_answer WHERE form_type = $1 ORDER BY created_at DESC LIMIT 1";
    let id: Option<i64> = match db {
        Db::Sqlite(pool) => sqlx::query_scalar(LATEST).bind(form_type).fetch_optional(pool).await?,
        Db::Postgres(pool) => sqlx::query_scalar(LATEST).bind(form_type).fetch_optional(pool).await?,
    };
    match id {
        Some(id) => form_answers::find(db, id).await,
        None => Ok(None),
    }
}

/// The newest answers record of `form_type`, waiting for one to arrive.
pub(crate) async fn wait_for_latest_record(world: &mut LimooWorld, form_type: &str) -> form_answers::FormAnswerRecord {
    let db = world.app().db().clone();
    crate::browser::poll_for(std::time::Duration::from_secs(10), || {
        let db = db.clone();
        async move { latest_record(&db, form_type).await }
    })
    .await
    .or_fail("no answers record of that form")
}

/// The pending answers went after sign-in, to the new customer's account [AU-08].
#[then(expr = "آخرین پاسخ‌نامه {string} به حساب مشتری {mobile} فرستاده شده است")]
async fn latest_record_of_customer(world: &mut LimooWorld, form_type: String, mobile: Mobile) {
    let app = world.app();
    let customer = app.tokens().verify(&app.existing_customer(&mobile).await).ok().and_then(|c| c.customer_id());
    let db = app.db().clone();
    let record = crate::browser::poll_for(std::time::Duration::from_secs(10), || {
        let db = db.clone();
        let form_type = form_type.clone();
        async move { Ok(latest_record(&db, &form_type).await?.filter(|r| r.customer_id.is_some())) }
    })
    .await
    .or_fail("no answers record sent for a customer");
    assert_eq!(record.customer_id, customer, "the answers record of the customer who just signed up");
}

#[then(expr = "آخرین پاسخ‌نامه {string} مرحله {string} و پاسخ‌های {string} را دارد")]
async fn latest_record_holds(world: &mut LimooWorld, form_type: String, step_id: String, answers: String) {
    let record = wait_for_latest_record(world, &form_type).await;
    assert_eq!((record.step.as_deref(), record.answers.as_str()), (Some(step_id.as_str()), answers.as_str()));
}

/// The latest record's step, and the given `{id: value}` entries among its answers, in the order given.
#[then(expr = "آخرین پاسخ‌نامه {string} مرحله {string} دارد و پاسخ‌های {string} به همین ترتیب در آن است")]
async fn latest_record_includes(world: &mut LimooWorld, form_type: String, step_id: String, answers: String) {
    let record = wait_for_latest_record(world, &form_type).await;
    let sent: Vec<serde_json::Value> = serde_json::from_str(&record.answers).or_fail_any("stored answers JSON");
    let wanted: Vec<serde_json::Value> = serde_json::from_str(&answers).or_fail_any("expected answers JSON");
    let found: Vec<&serde_json::Value> = sent.iter().filter(|entry| wanted.contains(entry)).collect();
    assert_eq!(record.step.as_deref(), Some(step_id.as_str()), "{}", record.answers);
    assert_eq!(found, wanted.iter().collect::<Vec<_>>(), "{}", record.answers);
}

#[when(expr = "بازدیدکننده شماره موبایل {string} را در فرم می‌نویسد")]
async fn type_mobile(world: &mut LimooWorld, mobile: String) {
    let browser = world.browser().await;
    let field = browser
        .client
        .wait()
        .for_element(fantoccini::Locator::Css("[data-testid=quiz-mobile]"))
        .await
        .or_fail_any("mobile field shown");
    field.send_keys(&mobile).await.or_fail_any("typed");
}

#[then("دکمه ثبت فرم غیرفعال است")]
async fn submit_disabled(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.wait_for_text_in("[data-testid=quiz-form]", "").await.or_fail("form shown");
    world.wait_for_flag("[data-testid=quiz-submit]", "disabled", true).await;
}

#[given(expr = "در حافظه محلی {string} برابر {string} است")]
async fn local_value_set(world: &mut LimooWorld, key: String, value: String) {
    world.ensure_app_loaded().await;
    world.browser().await.store(Storage::Local, &key, &value).await.or_fail("local storage written");
}

#[then("شناسه معرفی بدن ایده‌آل در حافظه جلسه است")]
async fn referral_stored(world: &mut LimooWorld) {
    let browser = world.browser().await;
    let referral = crate::browser::poll_for(std::time::Duration::from_secs(10), || async {
        Ok(browser.stored(Storage::Session, "referral").await?.filter(|r| !r.is_empty()))
    })
    .await;
    assert!(referral.is_ok(), "no perfect-body referral in session storage");
}
