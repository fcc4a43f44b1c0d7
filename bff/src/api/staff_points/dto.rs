use poem_openapi::Object;

/// Points for the customer with this mobile number.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct PointsGrantRequest {
    /// As the customer types it: Persian digits and 0 / 98 / +98 prefixes are accepted.
    pub mobile_number: String,
    /// Country id of the number; default 1 (Iran).
    pub country_id: Option<i64>,
    /// How many, 1 to 1,000,000.
    pub points: i64,
    /// Why, as the points history records it (at most 200 characters).
    pub reason: String,
    /// Who gives them, recorded with the reason.
    pub by: String,
}

/// Points given.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct StaffPointsGrant {
    pub customer_id: i64,
    /// The points this grant gave.
    pub points: i64,
    /// The points the customer may use now: every grant less what is spent or held on an order.
    pub free_points: i64,
}
