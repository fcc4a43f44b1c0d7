//! The payment-result calls' failures.
use poem_openapi::{ApiResponse, payload::Json};

use super::dto::{GraphqlErrors, GraphqlReply};
use crate::api::error::{AreaFailure, ErrorEnvelope, area_failure};

area_failure! {
    /// Failures of the mentor-link call; `err.code` names the case the success page acts on.
    pub enum MentorLinkFailure(handler = "MentorLinkFailure::malformed") {
        400 => BadRequest,
        /// Missing or invalid bearer token.
        401 => Unauthorized,
        /// `PROFILE_NUMBER_NOT_FOUND`: the customer has no profile number (the page hides the support
        /// button); `MOBILE_NUMBER_NOT_FOUND` or `USER_NOT_FOUND`: the page offers to sign in again.
        404 => NotFound,
        500 => Internal,
    }
}

#[derive(ApiResponse, Debug)]
#[oai(bad_request_handler = "graphql_bad_request")]
pub enum GraphqlResponse {
    #[oai(status = 200)]
    Ok(Json<GraphqlReply>),
    /// Not the one supported query (or unreadable JSON); `errors[0].message` says why.
    #[oai(status = 400)]
    BadRequest(Json<GraphqlErrors>),
    /// Missing or invalid bearer token.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorEnvelope>),
    #[oai(status = 500)]
    Internal(Json<GraphqlErrors>),
}

fn graphql_bad_request(error: poem::Error) -> GraphqlResponse {
    GraphqlResponse::BadRequest(GraphqlErrors::one(error.to_string()))
}
