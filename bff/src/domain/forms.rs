//! Questionnaire form definitions and the validation of an answer record against them (spec 3 §3, §5).
//!
//! The definitions are `bff/forms/{formType}.json`, exported from the web app's forms (`npm run export:forms`), so
//! both sides run the same rules with the same Persian messages [QN-22…QN-37]: a question's rules run in order and
//! the first failure reports its message (or `error`) [QN-33]; rules other than `required` apply only to an answered
//! question; a hidden question (`showIf`) is not checked, as its answer is cleared [QN-34]; a choice must be an
//! offered option, the exclusive one alone [QN-30], tags within their limit [QN-37].
use std::{collections::HashMap, fmt, sync::LazyLock};

use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::Value;

use super::mobile_number::latin_digits;
use crate::limits::echo;

/// The message of a failing rule that has none of its own [QN-33].
pub const FALLBACK_MESSAGE: &str = "error";

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FormDefinition {
    pub form_type: String,
    /// Step ids in order.
    pub steps: Vec<String>,
    /// A `step` value that stands for the last step (the extend-diet final submit, `100`) [QN-56].
    #[serde(default)]
    pub final_step: Option<String>,
    pub questions: Vec<QuestionDefinition>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QuestionDefinition {
    pub id: String,
    pub step: String,
    pub widget: Widget,
    pub rules: Vec<Rule>,
    #[serde(default)]
    pub options: Option<Vec<OptionDefinition>>,
    /// Most choices of a tagged multi-select.
    #[serde(default)]
    pub limit: Option<usize>,
    #[serde(default)]
    pub show_if: Option<Condition>,
}

/// The answer widget (spec 3 §2); it decides the shape of the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Widget {
    Gender,
    PictureRadio,
    Radio,
    Toggle,
    Checkbox,
    Select,
    Date,
    Ruler,
    Tags,
    NumberPicker,
    Textbox,
    Mobile,
    CreditCard,
    RoundSlider,
}

impl Widget {
    pub fn is_multi_choice(self) -> bool {
        matches!(self, Widget::Checkbox | Widget::Tags)
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OptionDefinition {
    pub value: String,
    /// The exclusive "none" choice.
    #[serde(default)]
    pub xor: bool,
    #[serde(default)]
    pub show_if: Option<Condition>,
}

/// Holds when the other question's answer is, or contains, one of the values.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Condition {
    pub question: String,
    pub any_of: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Rule {
    #[serde(rename = "type")]
    pub kind: RuleKind,
    #[serde(default)]
    pub min: Option<f64>,
    #[serde(default)]
    pub max: Option<f64>,
    /// The other question a cross-field rule compares with (`matchesAge`: the age).
    #[serde(default)]
    pub question: Option<String>,
    #[serde(default)]
    pub message: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RuleKind {
    Required,
    Range,
    Age,
    MaxLength,
    Numeric,
    Mobile,
    CreditCard,
    /// A birth date (ISO day) that agrees, within a year, with the age answered to the rule's `question`.
    MatchesAge,
}

impl Rule {
    fn message(&self) -> &str {
        self.message.as_deref().unwrap_or(FALLBACK_MESSAGE)
    }

    /// Whether the raw answer passes this rule.
    pub fn accepts(&self, value: &Value) -> bool {
        match self.kind {
            RuleKind::Required => is_answered(value),
            RuleKind::Range => number_like(value)
                .is_some_and(|n| self.min.is_none_or(|min| n >= min) && self.max.is_none_or(|max| n <= max)),
            RuleKind::Age => number_like(value).is_some_and(|n| n.fract() == 0.0 && (15.0..=70.0).contains(&n)),
            // The web counts UTF-16 units (`string.length`).
            RuleKind::MaxLength => {
                value.as_str().is_some_and(|s| self.max.is_none_or(|max| s.encode_utf16().count() as f64 <= max))
            }
            RuleKind::Numeric => number_like(value).is_some(),
            RuleKind::Mobile => digits_only(value).is_some_and(|d| is_iranian_mobile(&d)),
            RuleKind::CreditCard => digits_only(value).is_some_and(|d| d.len() == 16 && all_digits(&d)),
            // Needs the other answers: `accepts_with`.
            RuleKind::MatchesAge => true,
        }
    }

    /// Whether the answer passes, given the set's other answers for a cross-field rule.
    fn accepts_with(&self, value: &Value, answers: &Answers) -> bool {
        match self.kind {
            RuleKind::MatchesAge => self.agrees_with_age(value, answers, chrono::Utc::now().date_naive()),
            _ => self.accepts(value),
        }
    }

    /// A birth date agrees with a typed age when they differ by at most a year (an age typed before a birthday);
    /// without both answers, or with a date that is no ISO day, there is nothing to compare.
    fn agrees_with_age(&self, value: &Value, answers: &Answers, today: NaiveDate) -> bool {
        let age = self.question.as_deref().and_then(|other| answers.get(other)).and_then(number_like);
        let born = value.as_str().and_then(|day| NaiveDate::parse_from_str(day, "%Y-%m-%d").ok());
        let (Some(age), Some(born)) = (age, born) else { return true };
        today.years_since(born).is_none_or(|years| (f64::from(years) - age).abs() <= 1.0)
    }
}

/// Whether a question has an answer: non-blank text, a non-empty list, or a finite number.
pub fn is_answered(value: &Value) -> bool {
    match value {
        Value::String(s) => !s.trim().is_empty(),
        Value::Array(items) => !items.is_empty(),
        Value::Number(n) => n.as_f64().is_some_and(f64::is_finite),
        Value::Null | Value::Bool(_) | Value::Object(_) => false,
    }
}

/// Persian and Arabic-Indic digits to Latin and the Persian decimal separator to a dot [QN-32].
fn normalise_digits(raw: &str) -> String {
    rust_persian_tools::digits::ar_to_en(rust_persian_tools::digits::fa_to_en(raw))
        .replace(['٫', ','], ".")
        .trim()
        .to_owned()
}

fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_digit())
}

/// A number, or a text of digits with an optional decimal part, in any of the three digit sets.
pub fn number_like(value: &Value) -> Option<f64> {
    match value {
        Value::Number(n) => n.as_f64().filter(|n| n.is_finite()),
        Value::String(s) => {
            let text = normalise_digits(s);
            let (whole, fraction) = text.split_once('.').unwrap_or((&text, "0"));
            (all_digits(whole) && all_digits(fraction)).then(|| text.parse().ok()).flatten()
        }
        _ => None,
    }
}

fn digits_only(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(latin_digits(s.trim())),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// `09` or `9` followed by nine digits.
fn is_iranian_mobile(digits: &str) -> bool {
    let national = digits.strip_prefix('0').unwrap_or(digits);
    national.len() == 10 && national.starts_with('9') && all_digits(national)
}

/// An answer value as the web compares it with option values (`String(value)`).
fn choice_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", f as i64),
            _ => n.to_string(),
        }),
        _ => None,
    }
}

impl Condition {
    pub fn holds(&self, answers: &Answers) -> bool {
        match answers.get(&self.question) {
            Some(Value::Array(items)) => items.iter().filter_map(choice_text).any(|v| self.any_of.contains(&v)),
            Some(value) => choice_text(value).is_some_and(|v| self.any_of.contains(&v)),
            None => false,
        }
    }
}

fn holds(condition: &Option<Condition>, answers: &Answers) -> bool {
    condition.as_ref().is_none_or(|c| c.holds(answers))
}

/// Answer values by question id.
pub type Answers = HashMap<String, Value>;

/// A record's answers in the order sent, with its `step` and `utm_campaign` entries taken out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AnswerSet {
    pub answers: Vec<(String, Value)>,
    pub step: Option<String>,
    pub utm_campaign: Option<String>,
}

/// Why an answer set does not fit its form; each names the question or value at fault.
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    UnknownQuestion(String),
    AnsweredTwice(String),
    UnknownOption {
        question: String,
        value: String,
    },
    /// A choice question answered with something other than an option value (or a list of them).
    NotAChoice {
        question: String,
        multi: bool,
    },
    UnknownStep(String),
    /// A rule failed; the message is the rule's Persian message [QN-22…QN-33].
    Invalid {
        question: String,
        message: String,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Ids and values come from the sender: repeated only in part, so a reply never grows with them.
        match self {
            Problem::UnknownQuestion(q) => write!(f, "{}: unknown question", echo(q)),
            Problem::AnsweredTwice(q) => write!(f, "{}: answered twice", echo(q)),
            Problem::UnknownOption { question, value } => write!(f, "{question}: unknown option {}", echo(value)),
            Problem::NotAChoice { question, multi: true } => write!(f, "{question}: expected a list of option values"),
            Problem::NotAChoice { question, multi: false } => write!(f, "{question}: expected one option value"),
            Problem::UnknownStep(step) => write!(f, "step: unknown step {}", echo(step)),
            Problem::Invalid { question, message } => write!(f, "{question}: {message}"),
        }
    }
}

impl FormDefinition {
    pub fn question(&self, id: &str) -> Option<&QuestionDefinition> {
        self.questions.iter().find(|q| q.id == id)
    }

    /// Every problem of the set; empty when it fits. The named `step` (or the final-submit marker, standing for
    /// the last step) must have all its visible questions answered; other steps may still be unanswered.
    pub fn problems(&self, set: &AnswerSet) -> Vec<Problem> {
        let mut problems = Vec::new();
        let mut answers = Answers::new();
        for (id, value) in &set.answers {
            if answers.insert(id.clone(), value.clone()).is_some() {
                problems.push(Problem::AnsweredTwice(id.clone()));
            }
        }
        for (id, value) in &set.answers {
            match self.question(id) {
                None => problems.push(Problem::UnknownQuestion(id.clone())),
                Some(question) => problems.extend(question.problem(value, &answers)),
            }
        }
        if let Some(step) = &set.step {
            match self.step_questions(step) {
                None => problems.push(Problem::UnknownStep(step.clone())),
                Some(questions) => problems.extend(
                    questions
                        .filter(|q| !answers.contains_key(&q.id))
                        .filter_map(|q| q.problem(&Value::Null, &answers)),
                ),
            }
        }
        problems
    }

    fn step_questions<'a>(&'a self, step: &'a str) -> Option<impl Iterator<Item = &'a QuestionDefinition>> {
        let step = if self.final_step.as_deref() == Some(step) { self.steps.last()? } else { step };
        self.steps.iter().any(|s| s == step).then(|| self.questions.iter().filter(move |q| q.step == step))
    }
}

impl QuestionDefinition {
    /// The answer as kept: a number widget's answer typed as text (Latin, Persian or Arabic-Indic digits) becomes
    /// the number, as the web stores it [QN-32]; every other answer is kept as sent.
    pub fn normalised(&self, value: &Value) -> Value {
        let number_widget = matches!(self.widget, Widget::NumberPicker | Widget::Ruler | Widget::RoundSlider);
        match (value, number_like(value)) {
            (Value::String(_), Some(n)) if number_widget => {
                if n.fract() == 0.0 && n.abs() < 1e15 {
                    Value::from(n as i64)
                } else {
                    serde_json::Number::from_f64(n).map_or_else(|| value.clone(), Value::Number)
                }
            }
            _ => value.clone(),
        }
    }

    /// The first problem of one answer, given all the set's answers (for `showIf`).
    pub fn problem(&self, value: &Value, answers: &Answers) -> Option<Problem> {
        if let Some(problem) = self.shape_problem(value) {
            return Some(problem);
        }
        if !holds(&self.show_if, answers) {
            return None;
        }
        let answered = is_answered(value);
        let invalid = |message: &str| Problem::Invalid { question: self.id.clone(), message: message.to_owned() };
        for rule in &self.rules {
            if (rule.kind == RuleKind::Required || answered) && !rule.accepts_with(value, answers) {
                return Some(invalid(rule.message()));
            }
        }
        if answered && self.choice_refused(value, answers) {
            let required = self.rules.iter().find(|rule| rule.kind == RuleKind::Required);
            return Some(invalid(required.map_or(FALLBACK_MESSAGE, Rule::message)));
        }
        None
    }

    /// A choice question's answer must be option values of the definition (one, or a list for multi-choice).
    fn shape_problem(&self, value: &Value) -> Option<Problem> {
        let options = self.options.as_ref()?;
        let multi = self.widget.is_multi_choice();
        let chosen: Vec<&Value> = match value {
            Value::Null => return None,
            Value::Array(items) if multi => items.iter().collect(),
            Value::String(_) | Value::Number(_) if !multi => vec![value],
            _ => return Some(Problem::NotAChoice { question: self.id.clone(), multi }),
        };
        for choice in chosen {
            let Some(text) = choice_text(choice) else {
                return Some(Problem::NotAChoice { question: self.id.clone(), multi });
            };
            if !options.iter().any(|option| option.value == text) {
                return Some(Problem::UnknownOption { question: self.id.clone(), value: text });
            }
        }
        None
    }

    /// An option not offered under the other answers (e.g. PREGNANCY for a male), the exclusive option with
    /// others, or more tags than the limit.
    fn choice_refused(&self, value: &Value, answers: &Answers) -> bool {
        let Some(options) = &self.options else { return false };
        let chosen: Vec<String> = match value {
            Value::Array(items) => items.iter().filter_map(choice_text).collect(),
            other => choice_text(other).into_iter().collect(),
        };
        let offered: Vec<&OptionDefinition> = options.iter().filter(|o| holds(&o.show_if, answers)).collect();
        if chosen.iter().any(|c| !offered.iter().any(|o| &o.value == c)) {
            return true;
        }
        if !self.widget.is_multi_choice() {
            return false;
        }
        let exclusive = |c: &String| offered.iter().any(|o| o.xor && &o.value == c);
        (chosen.len() > 1 && chosen.iter().any(exclusive))
            || (self.widget == Widget::Tags && self.limit.is_some_and(|limit| chosen.len() > limit))
    }
}

/// The committed definitions, embedded at build time.
const FILES: [(&str, &str); 7] = [
    ("good-looking", include_str!("../../forms/good-looking.json")),
    ("betterme2", include_str!("../../forms/betterme2.json")),
    ("nowruz", include_str!("../../forms/nowruz.json")),
    ("psychology", include_str!("../../forms/psychology.json")),
    ("konkur", include_str!("../../forms/konkur.json")),
    ("extend-diet", include_str!("../../forms/extend-diet.json")),
    ("diet-request", include_str!("../../forms/diet-request.json")),
];

/// Konkur's form type comes from session storage when a konkur landing sets one (spec 3 §7): every form type
/// starting with `konkur` is answered against the konkur form.
const KONKUR: &str = "konkur";

static DEFINITIONS: LazyLock<Vec<FormDefinition>> = LazyLock::new(|| {
    FILES
        .iter()
        .map(|(name, text)| {
            serde_json::from_str(text).unwrap_or_else(|e| panic!("bff/forms/{name}.json is malformed: {e}"))
        })
        .collect()
});

/// The definition a record of this form type is validated against.
pub fn definition(form_type: &str) -> Option<&'static FormDefinition> {
    let key = if form_type.starts_with(KONKUR) { KONKUR } else { form_type };
    DEFINITIONS.iter().find(|d| d.form_type == key)
}

/// Every known form definition.
pub fn definitions() -> &'static [FormDefinition] {
    &DEFINITIONS
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn set(answers: Value, step: Option<&str>) -> AnswerSet {
        let answers =
            answers.as_object().map(|o| o.iter().map(|(k, v)| (k.clone(), v.clone())).collect()).unwrap_or_default();
        AnswerSet { answers, step: step.map(str::to_owned), utm_campaign: None }
    }

    fn problems(form_type: &str, answers: Value, step: Option<&str>) -> Vec<String> {
        definition(form_type).expect("known form").problems(&set(answers, step)).iter().map(|p| p.to_string()).collect()
    }

    #[test]
    fn every_committed_definition_loads_and_is_named_after_its_file() {
        for (name, _) in FILES {
            assert_eq!(definition(name).map(|d| d.form_type.as_str()), Some(name));
        }
        for form in definitions() {
            for rule in form.questions.iter().flat_map(|q| &q.rules) {
                if rule.kind == RuleKind::Range {
                    assert!(rule.min.is_some() && rule.max.is_some(), "{}: a range has bounds", form.form_type);
                }
            }
        }
    }

    #[test]
    fn a_birth_date_must_agree_with_the_age_within_a_year() {
        let rule = definition("diet-request")
            .and_then(|form| form.question("birthDate"))
            .and_then(|q| q.rules.iter().find(|r| r.kind == RuleKind::MatchesAge))
            .expect("the birth date checks the age")
            .clone();
        let today = NaiveDate::from_ymd_opt(2026, 12, 1).expect("a day");
        let agrees = |age: Value, born: &str| {
            let answers: Answers = [("age".to_owned(), age)].into_iter().collect();
            rule.agrees_with_age(&json!(born), &answers, today)
        };
        // 35 on 21 March 2026; 34 typed before that birthday, or 36 rounded up, still agree.
        for age in [json!(35), json!(34), json!("۳۶")] {
            assert!(agrees(age.clone(), "1991-03-21"), "age {age}");
        }
        for age in [json!(32), json!(7), json!(37)] {
            assert!(!agrees(age.clone(), "1991-03-21"), "age {age}");
        }
        // Nothing to compare: no age answered, or no ISO day.
        assert!(rule.agrees_with_age(&json!("2019-01-01"), &Answers::new(), today));
        assert!(agrees(json!(32), "21/03/1991"));
    }

    #[test]
    fn konkur_form_types_from_a_landing_use_the_konkur_form() {
        assert_eq!(definition("konkur-1403").map(|d| d.form_type.as_str()), Some("konkur"));
        assert!(definition("unknown").is_none());
    }

    #[test]
    fn a_partial_betterme_set_fits() {
        assert!(problems("betterme2", json!({ "bm2_1": "FEMALE", "bm2_2": "REDUCE" }), Some("2")).is_empty());
    }

    #[test]
    fn unknown_questions_and_options_are_named() {
        assert_eq!(
            problems("betterme2", json!({ "bm2_99": "X", "bm2_2": "SLEEP" }), None),
            vec!["bm2_2: unknown option SLEEP", "bm2_99: unknown question"]
        );
    }

    #[test]
    fn the_submitted_step_must_be_answered() {
        assert_eq!(
            problems("betterme2", json!({ "bm2_1": "FEMALE" }), Some("2")),
            vec!["bm2_2: لطفا یک گزینه را انتخاب کنید"]
        );
        assert_eq!(problems("betterme2", json!({}), Some("99")), vec!["step: unknown step 99"]);
    }

    #[test]
    fn weights_are_checked_with_the_spec_message() {
        let message = "bm2_12: وزن باید بین 15 تا 250 کیلوگرم باشد";
        assert_eq!(problems("betterme2", json!({ "bm2_12": 250 }), None), vec![message]);
        assert!(problems("betterme2", json!({ "bm2_12": "۲۴۹٫۹۹" }), None).is_empty());
        assert_eq!(problems("betterme2", json!({ "bm2_12": "" }), None), vec!["bm2_12: لطفا فیلد مربوطه را پر نمایید"]);
    }

    #[test]
    fn number_answers_typed_as_text_are_kept_as_numbers_and_others_as_sent() {
        let form = definition("diet-request").expect("diet-request form");
        let question = |id: &str| form.question(id).unwrap_or_else(|| panic!("{id} is a question"));
        assert_eq!(question("age").normalised(&json!("۱۵")), json!(15));
        assert_eq!(question("weight").normalised(&json!("۷۲٫۵")), json!(72.5));
        assert_eq!(question("weight").normalised(&json!(72)), json!(72));
        assert_eq!(question("weight").normalised(&json!("هفتاد")), json!("هفتاد"));
        assert_eq!(question("exerciseDays").normalised(&json!("3")), json!("3"));
    }

    #[test]
    fn female_only_options_are_refused_for_a_male() {
        let male = json!({ "bm2_1": "MALE", "bm2_7": ["PREGNANCY"] });
        assert_eq!(problems("betterme2", male, None), vec!["bm2_7: لطفا یک یا چند گزینه را انتخاب کنید"]);
        assert!(problems("betterme2", json!({ "bm2_1": "FEMALE", "bm2_7": ["PREGNANCY"] }), None).is_empty());
    }

    #[test]
    fn the_exclusive_option_stands_alone() {
        let mixed = json!({ "kn_1": "MALE", "kn_6": ["NOTHING", "ASTHMA"] });
        assert_eq!(problems("konkur", mixed, None), vec!["kn_6: لطفا یک یا چند گزینه را انتخاب کنید"]);
    }

    #[test]
    fn hidden_questions_are_not_checked() {
        assert!(problems("konkur", json!({ "kn_10": "NO", "kn_10_foods": null }), Some("kn_10")).is_empty());
        assert_eq!(
            problems("konkur", json!({ "kn_10": "YES" }), Some("kn_10")),
            vec!["kn_10_foods: لطفا فیلد مربوطه را پر نمایید"]
        );
    }

    #[test]
    fn the_extend_diet_final_submit_needs_the_whole_form() {
        assert_eq!(
            problems("extend-diet", json!({ "mobile": "9121234567" }), Some("100")),
            vec!["size: لطفا تغییر سایز خود را انتخاب کنید", "weight: لطفا تغییر وزن خود را انتخاب کنید"]
        );
        assert_eq!(problems("extend-diet", json!({ "mobile": "912" }), None), vec!["mobile: شماره وارد شده صحیح نیست"]);
    }

    #[test]
    fn a_choice_answer_has_the_shape_of_its_widget() {
        assert_eq!(
            problems("betterme2", json!({ "bm2_2": ["REDUCE"] }), None),
            vec!["bm2_2: expected one option value"]
        );
        assert_eq!(
            problems("betterme2", json!({ "bm2_6": "KESELI" }), None),
            vec!["bm2_6: expected a list of option values"]
        );
    }

    #[test]
    fn the_age_rule_takes_whole_years_from_15_to_70_in_latin_or_persian_digits() {
        let age = Rule { kind: RuleKind::Age, min: None, max: None, question: None, message: None };
        for accepted in [json!(15), json!(70), json!("۱۵"), json!("٧٠"), json!("42")] {
            assert!(age.accepts(&accepted), "{accepted} is an age");
        }
        for refused in [json!(14), json!(71), json!("۱۴"), json!(15.5), json!("سی"), json!(null)] {
            assert!(!age.accepts(&refused), "{refused} is not an age");
        }
    }

    #[test]
    fn numbers_are_read_in_three_digit_sets() {
        assert_eq!(number_like(&json!("۱۲٫۵")), Some(12.5));
        assert_eq!(number_like(&json!("١٢")), Some(12.0));
        assert_eq!(number_like(&json!("12.")), None);
        assert_eq!(number_like(&json!("-3")), None);
    }
}
