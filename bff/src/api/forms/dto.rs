use std::collections::BTreeMap;

use poem_openapi::{Multipart, Object, Union};
use serde_json::Value;

use crate::domain::{
    forms::AnswerSet,
    perfect_body::{BmiClass, BodyShape, Gender, PerfectBodyResult, RawRegistration},
};

/// The entry keys that are not questions.
const STEP: &str = "step";
const UTM_CAMPAIGN: &str = "utm_campaign";

/// One answer of the map shape.
#[derive(Object, Debug, Clone)]
pub struct AnswerValue {
    /// An option value, a list of them, a number, a date (`YYYY-MM-DD`) or text; null when cleared.
    pub value: Value,
}

/// The answers, in either shape the forms send (spec 3 §3, §7).
#[derive(Union, Debug, Clone)]
#[oai(one_of)]
pub enum Answers {
    /// Questionnaires: one-entry objects (question id → value) in question order, then `{"step": "…"}`, then
    /// `{"utm_campaign": "…"}` when the visit has one.
    Entries(Vec<BTreeMap<String, Value>>),
    /// The extend-diet form: question id → `{"value": …}`, with `step` (`100` on the final submit) and
    /// `utm_campaign` as keys too.
    Values(BTreeMap<String, AnswerValue>),
}

/// `step` is text or a number; `utm_campaign` text or null. Anything else is named as the problem.
fn meta_text(key: &str, value: &Value) -> Result<Option<String>, String> {
    match value {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s.clone())),
        Value::Number(n) if key == STEP => Ok(Some(n.to_string())),
        _ => Err(format!("{key}: expected text")),
    }
}

impl Answers {
    /// The answers in the order sent, with `step` and `utm_campaign` taken out.
    pub fn into_set(self) -> Result<AnswerSet, String> {
        let pairs: Vec<(String, Value)> = match self {
            Answers::Entries(entries) => entries.into_iter().flatten().collect(),
            Answers::Values(values) => values.into_iter().map(|(id, answer)| (id, answer.value)).collect(),
        };
        let mut set = AnswerSet::default();
        for (key, value) in pairs {
            match key.as_str() {
                STEP => set.step = meta_text(STEP, &value)?,
                UTM_CAMPAIGN => set.utm_campaign = meta_text(UTM_CAMPAIGN, &value)?,
                _ => set.answers.push((key, value)),
            }
        }
        Ok(set)
    }
}

/// An answer record as a form sends it; a later send holds the whole answer set again.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct FormAnswersRequest {
    pub answers: Answers,
    /// `"1"` in the questionnaire flows; the form or section id otherwise (`f1` …).
    pub form_id: String,
    /// `good-looking`, `betterme2`, `nowruz`, `psychology`, `konkur` (or a konkur landing's own type starting with
    /// `konkur`), `extend-diet`, `diet-request`: the definition in `bff/forms/` the answers are checked against.
    pub form_type: String,
    /// Empty, or the visitor's mobile number. Not trusted: a valid bearer token decides the customer.
    pub user_id: Option<String>,
}

/// The created record: keep both (`form_answer_id` and its edit token) to send later answers with PATCH.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct FormAnswersCreated {
    pub id: i64,
    /// Send it as `X-Edit-Token` on every PATCH of this record: while the record has no customer, only its holder
    /// may change it, and with a bearer token it links the record to that customer. Answered only here; the BFF
    /// keeps just a hash of it.
    pub edit_token: String,
}

/// The updated record's id.
#[derive(Object, Debug)]
pub struct FormAnswersSaved {
    pub id: i64,
}

/// `POST /landing/perfectbody/registrationt2`, multipart; every field as typed (Latin, Persian or Arabic-Indic
/// digits). All are needed: a missing one is refused with that field's message.
#[derive(Multipart, Debug)]
pub struct RegistrationForm {
    /// `FEMALE` or `MALE`.
    pub gender: Option<String>,
    /// Jalali day of birth, 1–31 (1–30 from month 7).
    pub day: Option<String>,
    /// Jalali month of birth, 1–12.
    pub month: Option<String>,
    /// Jalali year of birth (1300–1401), or the good-looking age range (`20Year`, `30Year`, `40Year`, `50Year`),
    /// which stands for 1401 minus 22, 35, 45 or 55.
    pub year: Option<String>,
    /// Kilograms, 15 to 249.99.
    pub weight: Option<String>,
    /// Centimetres, 90 to 249.99.
    pub height: Option<String>,
}

impl From<RegistrationForm> for RawRegistration {
    fn from(form: RegistrationForm) -> Self {
        RawRegistration {
            gender: form.gender.unwrap_or_default(),
            day: form.day.unwrap_or_default(),
            month: form.month.unwrap_or_default(),
            year: form.year.unwrap_or_default(),
            weight: form.weight.unwrap_or_default(),
            height: form.height.unwrap_or_default(),
        }
    }
}

#[derive(Object, Debug)]
pub struct RegistrationReply {
    /// Keep it (session `referral`) to ask for the result.
    pub referral: String,
}

/// `POST /landing/perfectbody/resultt2`, multipart.
#[derive(Multipart, Debug)]
pub struct ResultForm {
    pub referral: String,
}

/// The good-looking result (spec 3 §3 "Good-looking result data and classes").
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct PerfectBodyReply {
    pub referral: String,
    pub gender: Gender,
    /// Months to reach the normal BMI band at 10 days per kilogram (30-day months, rounded up).
    pub time_to_month: i64,
    /// Kilograms above the normal band (negative: below it; 0 inside), one decimal.
    pub over_weight: f64,
    /// Monthly diet periods: the months, at least 1.
    pub number_of_period: i64,
    /// Body-mass index, one decimal.
    pub bmi: f64,
    pub bmi_class: BmiClass,
    pub body_shape: BodyShape,
}

impl PerfectBodyReply {
    pub fn new(referral: String, gender: Gender, result: PerfectBodyResult) -> Self {
        PerfectBodyReply {
            referral,
            gender,
            time_to_month: result.time_to_month,
            over_weight: result.over_weight,
            number_of_period: result.number_of_period,
            bmi: result.bmi,
            bmi_class: result.bmi_class,
            body_shape: result.body_shape,
        }
    }
}
