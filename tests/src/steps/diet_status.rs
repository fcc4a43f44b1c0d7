//! The diet-package status of the panel (spec 3 §4 "Diet-package status") as `GET /app/diets/active` answers it,
//! reached the way the product reaches it: the customer's purchases, card transfers reviewed by finance, the
//! diet-request form and diet request over the API; what only the dietitians do (a diet written and started, the
//! next diet of a package) through the medical team's staff API.
use crate::app::DietByTeam;
use crate::browser::Storage;
use crate::params::{Mobile, Products};
use cucumber::{given, then, when};
use limoo_bff::domain::transfer::{TransferGateway, moment_at};
use limoo_bff::store::now_ms;
use serde_json::{Value, json};

use super::{LimooWorld, OrFail, OrFailAny};

const DAY_MS: i64 = 86_400_000;
/// Days of each diet the dietitians write, as the diet request issues it.
const DIET_DAYS: i64 = 30;

impl LimooWorld {
    /// The customer's active package (`msg.activeDiet`).
    async fn active_diet(&self, mobile: &str) -> Value {
        let token = self.token_of(mobile).await;
        let (code, body) = self.app().api(&token).active_diet().await;
        assert_eq!(code, 200, "active diet failed: {body}");
        body["msg"]["activeDiet"].clone()
    }

    /// The newest transfer finance has pending for the customer's order of `products`.
    async fn pending_transfer_of(&self, mobile: &str, products: &Products) -> i64 {
        let order = self.order_of(mobile, products).await;
        let (code, body) = self.app().finance_api().list_transfers().await;
        assert_eq!(code, 200, "finance queue failed: {body}");
        body["transfers"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|t| t["orderId"].as_i64() == Some(order))
            .filter_map(|t| t["paymentId"].as_i64())
            .next_back()
            .unwrap_or_else(|| panic!("order {order} has no pending transfer: {body}"))
    }
}

impl LimooWorld {
    /// The customer saves a questionnaire's answers up to `step`, signed in, as the web does on leaving the step.
    async fn sends_form_answers(&self, mobile: &str, form_type: &str, step: &str, mut answers: Vec<Value>) {
        answers.push(json!({ "step": step }));
        let body = json!({ "answers": answers, "formId": step, "formType": form_type, "userId": "" });
        let token = self.token_of(mobile).await;
        let (code, reply) = self.app().api(&token).create_form_answers(&body).await;
        assert_eq!(code, 200, "form answers refused: {reply}");
    }
}

/// The start of a diet that began `days_ago` days ago.
fn started(days_ago: i64) -> i64 {
    now_ms() - days_ago * DAY_MS
}

/// The customer sends a medical profile under a fresh form run and requests the diet of the paid package: the
/// diet gets its number and waits for the dietitians (spec 3 §4 "Diet actions").
#[given(expr = "مشتری {mobile} رژیم بسته خریده‌شده‌اش را با پرونده پزشکی درخواست کرده است")]
async fn diet_requested(world: &mut LimooWorld, mobile: Mobile) {
    let token = world.token_of(&mobile).await;
    let conversation = uuid::Uuid::new_v4().to_string();
    let profile = crate::example_profile_request(&conversation);
    let api = world.app().api(&token);
    let (code, body) = api.create_medical_profile(&profile).await;
    assert_eq!(code, 200, "profile refused: {body}");
    let request = json!({ "conversationId": conversation });
    let (code, body) = api.request_diet(&request).await;
    assert_eq!(code, 200, "diet request refused: {body}");
}

impl LimooWorld {
    /// The order's first diet as the medical team lists it (staff API).
    async fn first_diet_of(&self, mobile: &str, order: i64) -> Value {
        let (code, listed) = self.app().staff_api().staff_list_diets(mobile).await;
        assert_eq!(code, 200, "staff diet list failed: {listed}");
        let diets = listed["diets"].as_array().cloned().unwrap_or_default();
        let first = diets.into_iter().find(|d| d["orderId"] == order && d["currentDietCount"] == 1);
        first.unwrap_or_else(|| panic!("order {order} has no first diet: {listed}"))
    }
}

/// The dietitians wrote the order's requested diet and it started `days_ago` days ago.
#[given(expr = "متخصصان رژیم سفارش {products} مشتری {mobile} را نوشته‌اند و {int} روز از آغاز آن گذشته است")]
async fn diet_ready(world: &mut LimooWorld, products: Products, mobile: Mobile, days_ago: i64) {
    let order = world.order_of(&mobile, &products).await;
    let id = world.first_diet_of(&mobile, order).await["dietId"].as_i64().expect("diet id");
    let staff = world.app().staff_api();
    let (code, body) = staff.staff_diet_ready(id, &json!({ "by": "Dr. Test" })).await;
    assert_eq!(code, 200, "diet not marked ready: {body}");
    let start = json!({ "startDate": started(days_ago).to_string(), "by": "Dr. Test" });
    let (code, body) = staff.staff_diet_start(id, &start).await;
    assert_eq!(code, 200, "diet not started: {body}");
}

/// The dietitians wrote diet `number` of the order's package, which started `days_ago` days ago.
#[given(
    expr = "متخصصان رژیم شماره {int} بسته سفارش {products} مشتری {mobile} را نوشته‌اند و {int} روز از آغاز آن گذشته است"
)]
async fn next_diet_ready(world: &mut LimooWorld, number: i64, products: Products, mobile: Mobile, days_ago: i64) {
    let order = world.order_of(&mobile, &products).await;
    let package_count = world.first_diet_of(&mobile, order).await["packageCount"].as_i64();
    let number_text = format!("D-{order}-{number}");
    let diet = DietByTeam {
        order_id: order,
        number: &number_text,
        days: DIET_DAYS,
        package_count,
        slot: number,
        ready: true,
        starts_at: Some(started(days_ago)),
    };
    world.app().team_issues_diet(&diet).await;
}

/// The diet-request form's answers as the web saves them when the customer leaves `section` (`f3` or `f10`): the
/// answers so far, each section's required ones included, with the section as the step.
#[given(expr = "مشتری {mobile} پاسخ‌های فرم درخواست رژیم را تا بخش {string} ذخیره کرده است")]
async fn form_saved_up_to(world: &mut LimooWorld, mobile: Mobile, section: String) {
    let mut answers = vec![json!({ "gender": "FEMALE" }), json!({ "age": 34 }), json!({ "discomforts": ["FATIGUE"] })];
    match section.as_str() {
        "f3" => {}
        "f10" => answers.extend([
            json!({ "marital": "SINGLE" }),
            json!({ "education": "BACHELOR" }),
            json!({ "blood": "O+" }),
            json!({ "birthDate": crate::birth_date_of_age(34) }),
            json!({ "job": "معلم" }),
            json!({ "city": "تبریز" }),
        ]),
        other => panic!("no answers written for section {other}"),
    }
    world.sends_form_answers(&mobile, "diet-request", &section, answers).await;
}

/// Finance reviews the customer's pending card transfer: `approve` or `reject`.
#[given(expr = "واحد مالی کارت به کارت سفارش {products} مشتری {mobile} را {word} کرده است")]
async fn transfer_reviewed(world: &mut LimooWorld, products: Products, mobile: Mobile, verdict: String) {
    let verdict = match verdict.as_str() {
        "تایید" => "approve",
        "رد" => "reject",
        other => panic!("a review is تایید or رد, not {other}"),
    };
    let transfer = world.pending_transfer_of(&mobile, &products).await;
    let body = json!({ "reviewer": "sara", "reason": "واریزی پیدا نشد" });
    let (code, reply) = world.app().finance_api().judge_transfer(transfer, verdict, &body).await;
    assert_eq!(code, 200, "review refused: {reply}");
}

#[then(expr = "رژیم فعال مشتری {mobile} {int} روز باقی‌مانده دارد")]
async fn remain_days_are(world: &mut LimooWorld, mobile: Mobile, days: i64) {
    let diet = world.active_diet(&mobile).await;
    assert_eq!(diet["remainDays"].as_i64(), Some(days), "active diet: {diet}");
}

#[then(expr = "بسته رژیم فعال مشتری {mobile} {int} رژیمی است و رژیم {int} آن جاری است")]
async fn package_counts_are(world: &mut LimooWorld, mobile: Mobile, count: i64, current: i64) {
    let diet = world.active_diet(&mobile).await;
    let counts = (diet["packageCount"].as_i64(), diet["currentDietCount"].as_i64());
    assert_eq!(counts, (Some(count), Some(current)), "active diet: {diet}");
}

/// The all-diets list's `referTimes`, in the order the list gives them, comma-separated [DS-24].
#[then(expr = "فهرست همه رژیم‌های مشتری {mobile} به ترتیب ارجاع‌های {string} است")]
async fn all_diets_in_order(world: &mut LimooWorld, mobile: Mobile, expected: String) {
    let token = world.token_of(&mobile).await;
    let (code, body) = world.app().api(&token).all_diets().await;
    assert_eq!(code, 200, "all diets failed: {body}");
    let diets = body["msg"]["allDiets"].as_array().cloned().unwrap_or_default();
    let order: Vec<String> = diets.iter().map(|d| d["referTimes"].to_string()).collect();
    assert_eq!(order.join(","), expected, "all diets: {body}");
}

#[then(expr = "بسته رژیم فعال مشتری {mobile} شمار رژیم ندارد")]
async fn no_package_count(world: &mut LimooWorld, mobile: Mobile) {
    let diet = world.active_diet(&mobile).await;
    assert_eq!(diet["packageCount"], Value::Null, "active diet: {diet}");
}

#[then(expr = "veryFirstTimeUser مشتری {mobile} برابر {word} است")]
async fn very_first_time_user(world: &mut LimooWorld, mobile: Mobile, expected: String) {
    let expected: bool = expected.parse().or_fail_any("true or false");
    let diet = world.active_diet(&mobile).await;
    assert_eq!(diet["veryFirstTimeUser"].as_bool(), Some(expected), "active diet: {diet}");
}

/// A field of the active diet as the scenario writes it: JSON (`true`, `30`, `"CARD"`) or, failing that, a string.
fn expected_value(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_owned()))
}

#[then(expr = "در بسته رژیم فعال مشتری {mobile} {word} برابر {string} است")]
async fn active_field_is(world: &mut LimooWorld, mobile: Mobile, field: String, expected: String) {
    let diet = world.active_diet(&mobile).await;
    assert_eq!(diet[&field], expected_value(&expected), "{field} of the active diet: {diet}");
}

/// Fields the answer leaves out rather than sending null, comma-separated.
#[then(expr = "بسته رژیم فعال مشتری {mobile} این‌ها را ندارد: {string}")]
async fn active_fields_absent(world: &mut LimooWorld, mobile: Mobile, fields: String) {
    let diet = world.active_diet(&mobile).await;
    for field in fields.split(',').map(str::trim) {
        assert!(diet.get(field).is_none(), "{field} should be left out: {diet}");
    }
}

/// Times (epoch ms) that the scenario's own steps just caused, comma-separated: each within the last ten minutes.
#[then(expr = "زمان‌های {string} بسته رژیم فعال مشتری {mobile} همین حالا هستند")]
async fn active_times_are_recent(world: &mut LimooWorld, fields: String, mobile: Mobile) {
    const RECENT_MS: i64 = 10 * 60 * 1000;
    let diet = world.active_diet(&mobile).await;
    let now = now_ms();
    for field in fields.split(',').map(str::trim) {
        let at = diet[field].as_i64().unwrap_or_else(|| panic!("{field} is not a time: {diet}"));
        assert!(now - RECENT_MS <= at && at <= now, "{field} is not recent: {diet}");
    }
}

/// The diet ends `days` days from now, give or take a day: its start plus its days.
#[then(expr = "{word} بسته رژیم فعال مشتری {mobile} حدود {int} روز دیگر است")]
async fn active_time_in_days(world: &mut LimooWorld, field: String, mobile: Mobile, days: i64) {
    let diet = world.active_diet(&mobile).await;
    let at = diet[&field].as_i64().unwrap_or_else(|| panic!("{field} is not a time: {diet}"));
    let from_now = at - now_ms();
    assert!((days - 1) * DAY_MS < from_now && from_now <= (days + 1) * DAY_MS, "{field}: {diet}");
}

/// The customer's betterme answers up to the goal weight (bm2_13), sent signed in as the questionnaire does.
#[given(expr = "مشتری {mobile} در پرسشنامه betterme وزن {int} و وزن هدف {int} کیلوگرم را پاسخ داده است")]
async fn betterme_goal_weight(world: &mut LimooWorld, mobile: Mobile, weight: i64, goal: i64) {
    let answers = vec![json!({ "bm2_12": weight }), json!({ "bm2_13": goal })];
    world.sends_form_answers(&mobile, "betterme2", "13", answers).await;
}

impl LimooWorld {
    /// The `msg` of `GET /app/physicalinfo/general` for the customer.
    async fn physical_info_msg(&self, mobile: &str) -> Value {
        let token = self.token_of(mobile).await;
        let (code, body) = self.app().api(&token).physical_info().await;
        assert_eq!((code, &body["ok"]), (200, &json!(true)), "physical info failed: {body}");
        body["msg"].clone()
    }
}

#[then(expr = "مشخصات بدنی مشتری {mobile} پیامی خالی است")]
async fn physical_info_empty(world: &mut LimooWorld, mobile: Mobile) {
    let msg = world.physical_info_msg(&mobile).await;
    assert_eq!(msg, json!({}), "physical info msg");
}

#[then(expr = "مشخصات بدنی مشتری {mobile} وزن {float}، قد {float} و سن {int} دارد")]
async fn physical_info_figures(world: &mut LimooWorld, mobile: Mobile, weight: f64, stature: f64, age: i64) {
    let msg = world.physical_info_msg(&mobile).await;
    let info = &msg["physicalInfo"];
    let figures = (info["weight"].as_f64(), info["stature"].as_f64(), info["age"].as_i64());
    assert_eq!(figures, (Some(weight), Some(stature), Some(age)), "physical info: {msg}");
}

#[then(expr = "مشخصات بدنی مشتری {mobile} وزن ایده‌آل {float}، رده BMI {string} و {int} ماه تا وزن ایده‌آل دارد")]
async fn physical_info_goal(world: &mut LimooWorld, mobile: Mobile, ideal: f64, class: String, months: i64) {
    let msg = world.physical_info_msg(&mobile).await;
    let info = &msg["physicalInfo"];
    let goal = (info["idealWeight"].as_f64(), info["bmiCategory"].as_str(), info["timeToIdealWeight"].as_i64());
    assert_eq!(goal, (Some(ideal), Some(class.as_str()), Some(months)), "physical info: {msg}");
}

#[when(expr = "مشتری در ویرایشگر تاریخ شروع، {int} روز بعد را می‌گذارد")]
async fn picks_start_date(world: &mut LimooWorld, days: i64) {
    // The Jalali day in Tehran, as the editor's selects hold it (the card-to-card form's calendar is the Jalali one).
    let (year, month, day, _, _) = moment_at(TransferGateway::CardToCard, now_ms() + days * DAY_MS);
    // Year and month first: they decide which days the day select offers.
    for (part, value) in [("year", year), ("month", month), ("day", day)] {
        let css = format!("[data-testid=start-date-{part}] option[value=\"{value}\"]");
        world.browser().await.click(&css).await.or_fail(&format!("start date {part} {value}"));
    }
}

impl LimooWorld {
    /// The customer's running diet as the diets list gives it.
    async fn running_diet(&self, mobile: &str) -> Value {
        let token = self.token_of(mobile).await;
        let (code, body) = self.app().api(&token).all_diets().await;
        assert_eq!(code, 200, "all diets failed: {body}");
        let diets = body["msg"]["allDiets"].as_array().cloned().unwrap_or_default();
        diets.into_iter().find(|d| d["isActive"] == json!(true)).unwrap_or_else(|| panic!("a running diet: {body}"))
    }
}

/// The device's start-date edit counter as the panel keeps it in local storage [DS-27].
#[given(expr = "شمارنده ویرایش تاریخ شروع در این دستگاه برای رژیم جاری مشتری {mobile} {int} است")]
async fn device_start_edits(world: &mut LimooWorld, mobile: Mobile, count: i64) {
    let diet_id = world.running_diet(&mobile).await["id"].clone();
    world.ensure_app_loaded().await;
    let stored = json!({ "dietId": diet_id, "count": count }).to_string();
    world.browser().await.store(Storage::Local, "diet_start_date_edits", &stored).await.or_fail("local storage");
}

/// The panel offers no editor the server would refuse: checked once the diets list has come back.
#[then("ویرایشگر تاریخ شروع پس از رسیدن فهرست رژیم‌ها دیده نمی‌شود")]
async fn no_start_date_editor(world: &mut LimooWorld) {
    let browser = world.browser().await;
    browser.texts("[data-testid=active-diet]").await.or_fail("the package card");
    crate::browser::poll_for(std::time::Duration::from_secs(10), || async {
        Ok((browser.requests_at("/app/diets/all").await? > 0).then_some(()))
    })
    .await
    .or_fail("the diets list came back");
    browser.wait_for_absence("[data-testid=start-date-editor]").await.or_fail("no start-date editor");
}

#[then(expr = "رژیم جاری مشتری {mobile} حدود {int} روز دیگر آغاز می‌شود")]
async fn running_diet_starts_in(world: &mut LimooWorld, mobile: Mobile, days: i64) {
    let running = world.running_diet(&mobile).await;
    let body = &running;
    let starts_in = running["startDate"].as_i64().expect("a start date") - now_ms();
    assert!((days - 1) * DAY_MS < starts_in && starts_in <= (days + 1) * DAY_MS, "start date: {body}");
}
