use poem_openapi::{Object, payload::Json};
use serde_json::Value;

use crate::limits;

/// `{ mentorLink }`: where the success page's support button leads.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct MentorLinkReply {
    /// Absent where the deployment has no mentor service (`MENTOR_LINK_BASE_URL` unset): no button to show.
    pub mentor_link: Option<String>,
}

/// The body of the GraphQL gateway call.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct GraphqlRequest {
    pub query: String,
    pub variables: Option<Value>,
    pub operation_name: Option<String>,
}

#[derive(Object, Debug)]
pub struct PartnerDiscountSmsLog {
    /// The SMS text as sent.
    pub message: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct PartnerSmsData {
    /// Oldest first; empty when the order held no partner-discount product or is not the caller's.
    pub partner_discount_sms_logs: Vec<PartnerDiscountSmsLog>,
}

#[derive(Object, Debug)]
pub struct GraphqlReply {
    pub data: PartnerSmsData,
}

#[derive(Object, Debug)]
pub struct GraphqlError {
    pub message: String,
}

/// GraphQL's failure shape: `{ errors: [{ message }] }`.
#[derive(Object, Debug)]
pub struct GraphqlErrors {
    pub errors: Vec<GraphqlError>,
}

impl GraphqlErrors {
    /// Clipped like the envelope's details: a parse error may quote the query, which can be long.
    pub fn one(message: impl Into<String>) -> Json<GraphqlErrors> {
        let message = limits::clip(&message.into(), limits::MAX_DETAIL_CHARS).into_owned();
        Json(GraphqlErrors { errors: vec![GraphqlError { message }] })
    }
}

/// The only meta key the checkout may set on its order [PM-53].
#[derive(Object, Debug)]
#[oai(deny_unknown_fields)]
pub struct OrderMetaPatch {
    /// The Snapp A/B half this session fell in.
    #[oai(rename = "SNAPP_TEST_VAL")]
    pub snapp_test_val: bool,
}

#[derive(Object, Debug)]
pub struct UpdateOrderMetaRequest {
    pub meta: OrderMetaPatch,
}

#[derive(Object, Debug)]
pub struct OrderMetaReply {
    pub id: i64,
    /// The order's whole meta after the change.
    pub meta: Value,
}
