use std::collections::BTreeMap;

use poem_openapi::Object;
use serde_json::Value;

use crate::domain::diet_package::PackageStatus;

/// The medical profile of spec 3 §3: each field is a question id of the diet-request form with its answer.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct MedicalProfileRequest {
    /// The uuid the web keeps for this run of the form.
    pub conversation_id: String,
    /// gender, age (whole years 15 to 70, Latin or Persian digits) and the personal info: marital, education,
    /// blood, birthDate, job, city. Numbers typed as text are stored as numbers.
    #[oai(default)]
    pub general: BTreeMap<String, Value>,
    /// The measurements: stature, weight, wrist, abdominal, hip, thigh, chest, shoulders, birthWeight,
    /// birthStature, fatherStature, motherStature.
    #[oai(default)]
    pub body: BTreeMap<String, Value>,
    /// Every other answer: conditions (headache, thyroid, pressure, anemia, pregnant …), digestion, blood tests,
    /// sport and food.
    #[oai(default)]
    pub special: BTreeMap<String, Value>,
    /// Always `TR` [QN-65].
    pub country_code: String,
    /// Always 2170 [QN-65].
    pub state: i64,
    /// Always 107851 [QN-65].
    pub city: i64,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct MedicalProfileSaved {
    pub id: i64,
    pub conversation_id: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct DietRequest {
    /// The conversation whose profile the diet is issued from.
    pub conversation_id: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct DietRequested {
    pub diet_number: String,
    /// The package's status now: ISSUING until the specialists finish the diet.
    pub status: PackageStatus,
}
