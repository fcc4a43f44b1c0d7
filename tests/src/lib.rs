//! The acceptance harness: boots the real BFF and the gateway simulators on random ports with a
//! fresh database per test, plus a real Chromium for `@ui` scenarios; and the Gherkin steps (`steps`), one module
//! per concept, that `tests/cucumber.rs` runs.
pub mod api;
pub mod app;
pub mod browser;
pub mod db;
pub mod evidence;
pub mod franchise;
pub mod multipart;
pub mod own_customers;
pub mod params;
pub mod payment;
pub mod process;
pub mod report;
pub mod rules_page;
pub mod steps;
pub mod target;
pub mod web_module;

pub use app::{AnalyticsRow, AppOptions, MENTOR_LINK_BASE_URL, SignIn, TestApp, refresh_cookie_of, spawn_app};
pub use db::TestDb;

/// The workspace root, found from the tested crate's manifest (never from the current directory). Cargo names it to
/// the test binaries it runs; the path this crate was compiled at is only the fallback, as a build output shared by
/// two clones (the machine's target cache) can hold this crate compiled in the other one, whose features and web
/// build the tests would then read.
pub fn workspace_root() -> std::path::PathBuf {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into());
    std::path::Path::new(&manifest).parent().map(|p| p.to_path_buf()).unwrap_or_default()
}

/// A whole medical profile that fits the diet-request form, as its three groups `general`, `body` and `special`
/// (`bff/tests/fixtures`, which the BFF's own tests read too).
/// Its birth date is moved to agree with its age today, as the form requires, whatever year the tests run in.
pub fn example_medical_profile() -> serde_json::Value {
    let mut profile: serde_json::Value =
        serde_json::from_str(include_str!("../../bff/tests/fixtures/medical-profile.json")).unwrap_or_default();
    if let Some(age) = profile["general"]["age"].as_i64() {
        profile["general"]["birthDate"] = birth_date_of_age(age).into();
    }
    profile
}

/// A birth date (ISO day, 1 January) of someone `age` years old today.
pub fn birth_date_of_age(age: i64) -> String {
    format!("{}-01-01", this_year() - age)
}

/// How old someone born on the ISO day `birth_date` is today, in whole years by the year alone (within one).
pub fn age_of_birth_date(birth_date: &str) -> Option<i64> {
    birth_date.get(..4)?.parse::<i64>().ok().map(|year| this_year() - year)
}

fn this_year() -> i64 {
    const YEAR_MS: i64 = 31_556_952_000;
    1970 + limoo_bff::store::now_ms() / YEAR_MS
}

/// The example profile as `POST /lemonade/api/medical-profiles` takes it: the conversation's and the fixed location.
pub fn example_profile_request(conversation: &str) -> serde_json::Value {
    let mut body = example_medical_profile();
    body["conversationId"] = conversation.into();
    body["countryCode"] = "TR".into();
    body["state"] = 2170.into();
    body["city"] = 107851.into();
    body
}

/// The same answers as the web stores them while the form is filled in: one map of question id to answer.
pub fn example_diet_request_answers() -> serde_json::Map<String, serde_json::Value> {
    let profile = example_medical_profile();
    ["general", "body", "special"]
        .iter()
        .filter_map(|group| profile[group].as_object())
        .flatten()
        .map(|(id, value)| (id.clone(), value.clone()))
        .collect()
}
