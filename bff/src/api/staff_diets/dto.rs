use poem_openapi::Object;

use crate::store::diet_team::TeamDiet;

/// A diet as the medical team sees it.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct StaffDiet {
    pub diet_id: i64,
    pub order_id: i64,
    pub customer_id: i64,
    pub mobile: String,
    pub diet_number: String,
    /// Written: the customer sees it.
    pub is_ready: bool,
    /// Epoch milliseconds; none until set.
    pub start_date: Option<i64>,
    pub days: i64,
    /// Diets the package holds; none for a single diet.
    pub package_count: Option<i64>,
    /// Which diet of the package this is, from 1.
    pub current_diet_count: i64,
    /// Epoch milliseconds the team closed it.
    pub expired_at: Option<i64>,
    /// Epoch milliseconds it was numbered.
    pub issue_date: i64,
}

impl From<TeamDiet> for StaffDiet {
    fn from(d: TeamDiet) -> Self {
        StaffDiet {
            diet_id: d.diet_id,
            order_id: d.customer_order_id,
            customer_id: d.customer_id,
            mobile: d.mobile,
            diet_number: d.diet_number,
            is_ready: d.is_ready != 0,
            start_date: d.starts_at,
            days: d.days,
            package_count: d.package_count,
            current_diet_count: d.current_diet_count,
            expired_at: d.expired_at,
            issue_date: d.created_at,
        }
    }
}

#[derive(Object, Debug)]
pub struct StaffDietList {
    pub diets: Vec<StaffDiet>,
}

/// Number diet `slot` of a paid diet order's package.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct IssueDietRequest {
    pub order_id: i64,
    /// At most 64 characters.
    pub diet_number: String,
    /// 1 to 365.
    pub days: i64,
    /// 1 to 24; none for a single diet.
    pub package_count: Option<i64>,
    /// Which diet of the package, from 1 (the default).
    pub slot: Option<i64>,
    /// Who issues, recorded with the change.
    pub by: String,
}

/// Who makes the change.
#[derive(Object, Debug)]
pub struct TeamActor {
    pub by: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct TeamStartRequest {
    /// `YYYY-MM-DD` (midnight in Tehran) or epoch milliseconds, within a year of today.
    pub start_date: String,
    pub by: String,
}

/// One recorded change of a diet.
#[derive(Object, Debug)]
pub struct DietChange {
    /// ISSUE, READY, START or EXPIRE.
    pub action: String,
    /// The team member, or `customer`.
    pub by: String,
    pub detail: String,
    /// Epoch milliseconds.
    pub at: i64,
}

#[derive(Object, Debug)]
pub struct DietChangeList {
    pub changes: Vec<DietChange>,
}
