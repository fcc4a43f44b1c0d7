//! The medical profile a diet request is issued from (spec 3 §3 "Medical profile payload"): the answers of the
//! detailed diet-request form in three groups, `general`, `body` and `special`, and the fixed location [QN-65].
//! Field names are the form's question ids, so every field is checked by that question's own rules (the same
//! ranges and messages as the form, QN-58…QN-63).
use std::fmt;

use serde_json::{Map, Value};

use super::forms::{self, Answers, FormDefinition};
use crate::limits::echo;

/// Country code, state and city every profile request carries [QN-65].
pub const COUNTRY_CODE: &str = "TR";
pub const STATE: i64 = 2170;
pub const CITY: i64 = 107851;

const FORM_TYPE: &str = "diet-request";

/// The body measurements (section f1 less gender).
const BODY: [&str; 12] = [
    "stature",
    "weight",
    "wrist",
    "abdominal",
    "hip",
    "thigh",
    "chest",
    "shoulders",
    "birthWeight",
    "birthStature",
    "fatherStature",
    "motherStature",
];

/// Who the customer is: gender and age (asked in f1, but not measurements) and the personal-info section f10.
const GENERAL: [&str; 8] = ["gender", "age", "marital", "education", "blood", "birthDate", "job", "city"];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    General,
    Body,
    Special,
}

impl Group {
    pub fn as_str(self) -> &'static str {
        match self {
            Group::General => "general",
            Group::Body => "body",
            Group::Special => "special",
        }
    }

    /// The group a diet-request question's answer belongs to: the health conditions and habits (f2…f9) are
    /// `special`.
    pub fn of(question_id: &str) -> Group {
        if BODY.contains(&question_id) {
            Group::Body
        } else if GENERAL.contains(&question_id) {
            Group::General
        } else {
            Group::Special
        }
    }
}

/// A conversation id: the uuid the web keeps for one run of the form; profile and request meet on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversationId(String);

impl ConversationId {
    pub fn parse(text: &str) -> Result<ConversationId, ProfileProblem> {
        uuid::Uuid::parse_str(text.trim())
            .map(|id| ConversationId(id.hyphenated().to_string()))
            .map_err(|_| ProfileProblem::ConversationId)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Why a profile is refused; each names the field at fault.
#[derive(Debug, Clone, PartialEq)]
pub enum ProfileProblem {
    ConversationId,
    /// Not a question of the diet-request form.
    UnknownField {
        group: Group,
        field: String,
    },
    /// A question answered in another group than its own.
    WrongGroup {
        group: Group,
        field: String,
        belongs: Group,
    },
    /// The same question in two groups.
    Repeated(String),
    /// The question's rule failed: its Persian message.
    Invalid {
        field: String,
        message: String,
    },
    /// Another location than the fixed one [QN-65].
    Location,
}

impl fmt::Display for ProfileProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProfileProblem::ConversationId => write!(f, "conversationId: not a uuid"),
            // A field name the sender made up is repeated only in part, so a reply never grows with it.
            ProfileProblem::UnknownField { group, field } => {
                write!(f, "{}.{}: unknown field", group.as_str(), echo(field))
            }
            ProfileProblem::WrongGroup { group, field, belongs } => {
                write!(f, "{}.{field}: belongs to {}", group.as_str(), belongs.as_str())
            }
            ProfileProblem::Repeated(field) => write!(f, "{}: sent in two groups", echo(field)),
            ProfileProblem::Invalid { field, message } => write!(f, "{field}: {message}"),
            ProfileProblem::Location => {
                write!(f, "countryCode, state, city: the profile's location is {COUNTRY_CODE}, {STATE}, {CITY}")
            }
        }
    }
}

/// A profile whose fields fit the diet-request form; `json` is what is stored.
#[derive(Debug, Clone, PartialEq)]
pub struct MedicalProfile {
    pub json: Value,
}

/// The three groups as sent.
pub struct ProfileGroups {
    pub general: Map<String, Value>,
    pub body: Map<String, Value>,
    pub special: Map<String, Value>,
}

impl MedicalProfile {
    /// Checks every question of the form against its field (with all answers known, for questions shown only after
    /// another answer; a visible question must be answered) and the location; all problems at once.
    pub fn parse(
        groups: ProfileGroups,
        country_code: &str,
        state: i64,
        city: i64,
    ) -> Result<Self, Vec<ProfileProblem>> {
        let form = form();
        let mut problems = Vec::new();
        let mut answers = Answers::new();
        let sent = [(Group::General, &groups.general), (Group::Body, &groups.body), (Group::Special, &groups.special)];
        for (group, fields) in sent {
            for (field, value) in fields {
                if answers.insert(field.clone(), value.clone()).is_some() {
                    problems.push(ProfileProblem::Repeated(field.clone()));
                }
                if form.question(field).is_none() {
                    problems.push(ProfileProblem::UnknownField { group, field: field.clone() });
                } else if Group::of(field) != group {
                    problems.push(ProfileProblem::WrongGroup {
                        group,
                        field: field.clone(),
                        belongs: Group::of(field),
                    });
                }
            }
        }
        // A question left out is checked as unanswered: a profile lacking the customer's weight, say, is not one a
        // diet can be written from (and the order's one request would be spent on it).
        for question in &form.questions {
            let value = answers.get(&question.id).unwrap_or(&Value::Null);
            let field = &question.id;
            if let Some(problem) = question.problem(value, &answers) {
                let message = match problem {
                    forms::Problem::Invalid { message, .. } => message,
                    other => other.to_string(),
                };
                problems.push(ProfileProblem::Invalid { field: field.clone(), message });
            }
        }
        if (country_code, state, city) != (COUNTRY_CODE, STATE, CITY) {
            problems.push(ProfileProblem::Location);
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let stored = |fields: Map<String, Value>| -> Map<String, Value> {
            fields
                .into_iter()
                .map(|(field, value)| {
                    let kept =
                        form.question(&field).map_or_else(|| value.clone(), |question| question.normalised(&value));
                    (field, kept)
                })
                .collect()
        };
        let json = serde_json::json!({
            "general": stored(groups.general),
            "body": stored(groups.body),
            "special": stored(groups.special),
            "countryCode": COUNTRY_CODE,
            "state": STATE,
            "city": CITY,
        });
        Ok(MedicalProfile { json })
    }
}

fn form() -> &'static FormDefinition {
    forms::definition(FORM_TYPE).unwrap_or_else(|| panic!("bff/forms/{FORM_TYPE}.json is embedded"))
}

#[cfg(test)]
mod tests {
    use chrono::Datelike;
    use serde_json::json;

    use super::*;

    fn map(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap_or_default()
    }

    fn groups(general: Value, body: Value, special: Value) -> ProfileGroups {
        ProfileGroups { general: map(general), body: map(body), special: map(special) }
    }

    #[test]
    fn every_question_of_the_form_has_a_group_and_the_named_ones_exist() {
        for field in BODY.iter().chain(GENERAL.iter()) {
            assert!(form().question(field).is_some(), "{field} is not a diet-request question");
        }
        assert_eq!(Group::of("weight"), Group::Body);
        assert_eq!(Group::of("marital"), Group::General);
        assert_eq!(Group::of("thyroid"), Group::Special);
    }

    /// A whole profile that fits the form (the API tests use the same one).
    /// The example profile, its birth date moved to agree with its age today, whatever year the tests run in.
    fn complete() -> ProfileGroups {
        let mut example: Value = serde_json::from_str(include_str!("../../tests/fixtures/medical-profile.json"))
            .expect("the example profile is JSON");
        let age = example["general"]["age"].as_i64().expect("an age");
        example["general"]["birthDate"] = json!(birth_date_of_age(age));
        groups(example["general"].clone(), example["body"].clone(), example["special"].clone())
    }

    fn birth_date_of_age(age: i64) -> String {
        format!("{}-01-01", i64::from(chrono::Utc::now().date_naive().year()) - age)
    }

    #[test]
    fn a_profile_within_the_form_rules_and_the_fixed_location_is_kept_whole() {
        let profile = MedicalProfile::parse(complete(), "TR", 2170, 107851).expect("valid profile");
        assert_eq!(profile.json["body"]["weight"], 72);
        assert_eq!(profile.json["special"]["pregnant"], "NO");
        assert_eq!(
            (&profile.json["countryCode"], &profile.json["state"], &profile.json["city"]),
            (&json!("TR"), &json!(2170), &json!(107851))
        );
    }

    #[test]
    fn a_profile_breaking_the_form_rules_names_each_field() {
        let problems = MedicalProfile::parse(
            groups(json!({"weight": 72}), json!({"stature": 300, "shoe": 40}), json!({"thyroid": "MAYBE"})),
            "IR",
            1,
            1,
        )
        .expect_err("invalid profile");
        let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert!(text.contains(&"general.weight: belongs to body".to_owned()), "{text:?}");
        assert!(text.contains(&"body.shoe: unknown field".to_owned()), "{text:?}");
        assert!(text.contains(&"stature: قد باید بین 90 تا 240 سانتی‌متر باشد".to_owned()), "{text:?}");
        assert!(text.iter().any(|t| t.starts_with("thyroid:")), "{text:?}");
        assert!(problems.contains(&ProfileProblem::Location));
    }

    #[test]
    fn every_visible_question_must_be_answered_and_hidden_ones_need_not_be() {
        let mut partial = complete();
        partial.body.remove("weight");
        partial.general.remove("job");
        let problems = MedicalProfile::parse(partial, "TR", 2170, 107851).expect_err("weight and job left out");
        let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(text, ["weight: پر کردن این فیلد الزامی است", "job: پر کردن این فیلد الزامی است"]);

        // A man is not asked about pregnancy, nor is anyone who takes no medication about its names.
        let mut man = complete();
        man.general.insert("gender".into(), json!("MALE"));
        for field in ["pregnant", "breastFeeding", "periodRegular"] {
            man.special.remove(field);
        }
        MedicalProfile::parse(man, "TR", 2170, 107851).expect("a man's profile without the women's questions");
        let mut medicated = complete();
        medicated.special.insert("medication".into(), json!("YES"));
        let problems = MedicalProfile::parse(medicated, "TR", 2170, 107851).expect_err("names missing");
        assert!(problems.iter().any(|p| p.to_string().starts_with("medicationNames:")), "{problems:?}");
    }

    /// The complete profile with `age`, and a birth date that agrees with it when it is a number.
    fn with_age(age: Value) -> Result<MedicalProfile, Vec<ProfileProblem>> {
        let mut profile = complete();
        if let Some(years) = forms::number_like(&age) {
            profile.general.insert("birthDate".into(), json!(birth_date_of_age(years.trunc() as i64)));
        }
        profile.general.insert("age".into(), age);
        MedicalProfile::parse(profile, "TR", 2170, 107851)
    }

    #[test]
    fn the_age_is_15_to_70_in_latin_or_persian_digits_and_kept_as_a_number() {
        for (age, kept) in
            [(json!(15), 15), (json!("۱۵"), 15), (json!("٤٠"), 40), (json!(" 70 "), 70), (json!("۷۰"), 70)]
        {
            let profile = with_age(age.clone()).unwrap_or_else(|problems| panic!("age {age} refused: {problems:?}"));
            assert_eq!(profile.json["general"]["age"], json!(kept), "age {age}");
        }
        let range = "age: سن باید بین 15 تا 70 سال باشد";
        for age in [json!(14), json!("۱۴"), json!(71), json!("71"), json!("۷۱"), json!(30.5)] {
            let problems = with_age(age.clone()).expect_err("age out of range");
            let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
            assert_eq!(text, [range], "age {age}");
        }
        let problems = with_age(json!("سی")).expect_err("not a number");
        assert_eq!(problems[0].to_string(), "age: فقط عدد وارد کنید");
        assert_eq!(Group::of("age"), Group::General);
    }

    #[test]
    fn conversation_ids_are_uuids() {
        let id = ConversationId::parse("3F2504E0-4F89-11D3-9A0C-0305E82C3301").expect("uuid");
        assert_eq!(id.as_str(), "3f2504e0-4f89-11d3-9a0c-0305e82c3301");
        assert_eq!(ConversationId::parse("f10"), Err(ProfileProblem::ConversationId));
    }
}
