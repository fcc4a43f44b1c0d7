//! What the payment-result pages and the checkout read and write besides the invoice (spec 2 §2, §7):
//! the customer's mentor link, the partner-discount SMS text through the GraphQL gateway path, and the
//! Snapp A/B flag kept in the order's meta.
pub mod dto;
pub mod error;
mod graphql;

use poem::web::Data;
use poem_openapi::{
    OpenApi,
    param::{Path, Query},
    payload::Json,
};
use serde_json::{Map, Value};

use self::{
    dto::{
        GraphqlErrors, GraphqlReply, GraphqlRequest, MentorLinkReply, OrderMetaReply, PartnerDiscountSmsLog,
        PartnerSmsData, UpdateOrderMetaRequest,
    },
    error::{GraphqlResponse, MentorLinkFailure},
};
use super::{ApiTags, error::AreaFailure, security::CustomerToken, shop::orders::OrderFailure};
use crate::{
    domain::mobile_number::{IRAN, MobileNumber, latin_digits},
    messages,
    state::AppState,
    store::{customers, orders, partner_sms},
};

/// Whether `typed` is the customer's own number, in any form the customer may type it.
fn is_own_mobile(typed: &str, own: &MobileNumber) -> bool {
    let typed = latin_digits(typed.trim());
    typed == own.canonical()
        || typed == own.display()
        || MobileNumber::parse(&typed, IRAN, "98").is_ok_and(|parsed| parsed.canonical() == own.canonical())
}

pub struct PaymentResultApi;

#[OpenApi(tag = "ApiTags::PaymentResult")]
impl PaymentResultApi {
    /// The signed-in customer's mentor (connect-to-support) link: `MENTOR_LINK_BASE_URL` followed by
    /// their profile number [PM-61…PM-64].
    ///
    /// `mobile`, when given, must be the customer's own number (any usual form); another customer's
    /// number answers `USER_NOT_FOUND`, so the call reveals nothing about other customers.
    #[oai(path = "/mentors/link-by-mobile", method = "get", operation_id = "mentorLinkByMobile")]
    async fn mentor_link(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        /// The mobile number to look up; default the signed-in customer's.
        mobile: Query<Option<String>>,
    ) -> Result<Json<MentorLinkReply>, MentorLinkFailure> {
        let Some(customer) = customers::find_by_id(&state.db, token.customer_id()).await? else {
            return Err(MentorLinkFailure::named(
                404,
                "USER_NOT_FOUND",
                messages::USER_NOT_FOUND,
                vec!["no such customer".to_owned()],
            ));
        };
        if let Some(typed) = mobile.0.as_deref() {
            if latin_digits(typed.trim()).is_empty() {
                return Err(MentorLinkFailure::named(
                    404,
                    "MOBILE_NUMBER_NOT_FOUND",
                    messages::MOBILE_NUMBER_NOT_FOUND,
                    vec!["mobile is empty".to_owned()],
                ));
            }
            if !is_own_mobile(typed, &customer.mobile) {
                return Err(MentorLinkFailure::named(
                    404,
                    "USER_NOT_FOUND",
                    messages::USER_NOT_FOUND,
                    vec!["not the signed-in customer's mobile".to_owned()],
                ));
            }
        }
        let profile_number = customer.profile_number.trim();
        if profile_number.is_empty() {
            return Err(MentorLinkFailure::named(
                404,
                "PROFILE_NUMBER_NOT_FOUND",
                messages::PROFILE_NUMBER_NOT_FOUND,
                vec!["the customer has no profile number".to_owned()],
            ));
        }
        let mentor_link = state.mentor_link_base_url.as_deref().map(|base| format!("{base}{profile_number}"));
        Ok(Json(MentorLinkReply { mentor_link }))
    }

    /// The GraphQL gateway, answering exactly one query: the partner-discount SMS texts of one of the
    /// customer's orders [PM-66].
    ///
    /// `query { partnerDiscountSmsLogs(filter: {orderId: …}) { message } }` (with `orderId` inline or as
    /// the `Int` variable `$orderId`); any other query answers 400 with GraphQL's `errors` array.
    #[oai(path = "/lemonade/api/gateway/graphql", method = "post", operation_id = "gatewayGraphql")]
    async fn graphql(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        body: Json<GraphqlRequest>,
    ) -> GraphqlResponse {
        let query = match graphql::parse(&body.query, body.variables.as_ref()) {
            Ok(query) => query,
            Err(reason) => return GraphqlResponse::BadRequest(GraphqlErrors::one(reason)),
        };
        match partner_sms::messages_for_order(&state.db, query.order_id, token.customer_id()).await {
            Ok(messages) => GraphqlResponse::Ok(Json(GraphqlReply {
                data: PartnerSmsData {
                    partner_discount_sms_logs: messages
                        .into_iter()
                        .map(|message| PartnerDiscountSmsLog { message })
                        .collect(),
                },
            })),
            Err(error) => {
                tracing::error!(error = %crate::telemetry::Bounded(&error), "reading partner-discount SMS logs failed");
                GraphqlResponse::Internal(GraphqlErrors::one(messages::INTERNAL))
            }
        }
    }

    /// Sets `meta.SNAPP_TEST_VAL` on one of the customer's orders, keeping the rest of its meta [PM-53].
    #[oai(path = "/lemonade/api/orders/user/:id", method = "patch", operation_id = "updateOrderMeta")]
    async fn update_order_meta(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        id: Path<i64>,
        body: Json<UpdateOrderMetaRequest>,
    ) -> Result<Json<OrderMetaReply>, OrderFailure> {
        let customer_id = token.customer_id();
        let mut patch = Map::new();
        patch.insert("SNAPP_TEST_VAL".to_owned(), Value::Bool(body.meta.snapp_test_val));
        let mut tx = state.db.begin().await?;
        let merged = if orders::lock_for_customer(&mut tx, id.0, customer_id).await? {
            orders::merge_meta(&mut tx, id.0, customer_id, &patch).await?
        } else {
            None
        };
        let Some(meta) = merged else {
            return Err(OrderFailure::status(404, messages::ORDER_NOT_FOUND, format!("no order {}", id.0)));
        };
        tx.commit().await?;
        Ok(Json(OrderMetaReply { id: id.0, meta: Value::Object(meta) }))
    }
}
