//! The customer's diets list (`GET /app/diets/all`) and moving a diet's start (`POST /app/diets/startdate`).
use poem_openapi::Object;

use crate::store::diets::CustomerDiet;

/// One of the customer's diets (spec 3 §3 "Diet (customer)"); times are epoch milliseconds.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct DietItem {
    pub id: i64,
    pub diet_number: String,
    /// The diet's days.
    pub period: i64,
    /// The package's diet product title.
    pub diet_title: String,
    /// Which of the customer's diets it is, from 1 for the first; the list comes highest first [DS-24].
    pub refer_times: i64,
    pub is_ready: bool,
    /// The active package's current diet, not over.
    pub is_active: bool,
    pub issue_date: i64,
    /// Unknown until the diet has a start.
    pub start_date: Option<i64>,
    /// Its start plus its days, or when the medical team closed it.
    pub expire_diet_date: Option<i64>,
    pub remain_days: Option<i64>,
    /// Diets the package holds; none for a single diet.
    pub package_diet_count: Option<i64>,
    pub current_diet_count: i64,
    /// When the customer's diet request sent the answers to the medical team; only the diet it issued has one.
    pub send_to_dr_date: Option<i64>,
    /// When the customer last saved that request's medical profile.
    pub submit_date: Option<i64>,
    /// When the customer's diet before this one ended (that diet's `expireDietDate`); none for the first diet or
    /// while the one before has no start.
    pub before: Option<i64>,
    /// How many times the customer moved its start (the start-date editor's counter) [DS-27].
    pub start_date_moves: i64,
    /// Whether `POST /app/diets/startdate` would accept a move now: not closed, not underway more than 7 days,
    /// fewer than 3 moves; the panel offers the editor only then.
    pub can_move_start_date: bool,
}

impl From<CustomerDiet> for DietItem {
    fn from(d: CustomerDiet) -> Self {
        DietItem {
            id: d.id,
            diet_number: d.diet_number,
            period: d.period,
            diet_title: d.title,
            refer_times: d.refer_times,
            is_ready: d.is_ready,
            is_active: d.is_active,
            issue_date: d.issued_at,
            start_date: d.starts_at,
            expire_diet_date: d.ends_at,
            remain_days: d.remain_days,
            package_diet_count: d.package_count,
            current_diet_count: d.current_diet_count,
            send_to_dr_date: d.sent_at,
            submit_date: d.submitted_at,
            before: d.before,
            start_date_moves: d.start_moves,
            can_move_start_date: d.start_movable,
        }
    }
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct AllDietsMsg {
    pub all_diets: Vec<DietItem>,
}

#[derive(Object, Debug)]
pub struct AllDietsReply {
    pub ok: bool,
    pub msg: AllDietsMsg,
}

/// The start-date editor's form (`application/x-www-form-urlencoded`) [DS-27].
#[derive(Object, Debug, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct StartDateForm {
    /// The diet's id.
    pub id: i64,
    /// `YYYY-MM-DD` (midnight in Tehran) or epoch milliseconds; from today up to 60 days ahead.
    pub start_date: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct StartDateMsg {
    pub diet: DietItem,
}

#[derive(Object, Debug)]
pub struct StartDateReply {
    pub ok: bool,
    pub msg: StartDateMsg,
}

#[derive(Object, Debug)]
#[oai(skip_serializing_if_is_none)]
pub struct LastIssuedMsg {
    /// None when no diet was ever issued to the customer.
    pub diet: Option<DietItem>,
}

#[derive(Object, Debug)]
pub struct LastIssuedReply {
    pub ok: bool,
    pub msg: LastIssuedMsg,
}

/// The mentor (hami) add-on of the customer's active package.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct HamiSummary {
    /// The active package was bought with the mentor add-on.
    pub has_hami: bool,
    /// The package's order.
    pub order_id: Option<i64>,
    /// The add-on's product title.
    pub title: Option<String>,
}

#[derive(Object, Debug)]
pub struct HamiMsg {
    pub hami: HamiSummary,
}

#[derive(Object, Debug)]
pub struct HamiReply {
    pub ok: bool,
    pub msg: HamiMsg,
}
