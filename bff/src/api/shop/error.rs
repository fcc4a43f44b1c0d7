use poem_openapi::{ApiResponse, payload::Json};

use super::dto::ProductDto;
use crate::{api::error::ErrorEnvelope, domain::catalogue::FilterError, messages};

/// What can go wrong in the shop area.
#[derive(Debug, thiserror::Error)]
pub enum ShopError {
    #[error(transparent)]
    InvalidFilter(#[from] FilterError),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

#[derive(ApiResponse)]
#[oai(bad_request_handler = "products_bad_request")]
pub enum ProductsResponse {
    /// The matching products, sorted by the catalogue rule.
    #[oai(status = 200)]
    Ok(Json<Vec<ProductDto>>),
    /// The `where` filter or another parameter is malformed; `details.messages` says which.
    #[oai(status = 400)]
    BadRequest(Json<ErrorEnvelope>),
    /// The catalogue could not be read.
    #[oai(status = 500)]
    Internal(Json<ErrorEnvelope>),
}

impl From<ShopError> for ProductsResponse {
    fn from(error: ShopError) -> Self {
        match error {
            ShopError::InvalidFilter(e) => ProductsResponse::BadRequest(Json(ErrorEnvelope::new(
                "400",
                messages::INVALID_FILTER,
                vec![e.to_string()],
            ))),
            ShopError::Unexpected(e) => {
                let mut body = ErrorEnvelope::internal(&e);
                body.err.message = messages::PRODUCTS_FETCH_FAILED.into();
                ProductsResponse::Internal(Json(body))
            }
        }
    }
}

fn products_bad_request(error: poem::Error) -> ProductsResponse {
    ProductsResponse::BadRequest(Json(ErrorEnvelope::new("400", messages::BAD_REQUEST, vec![error.to_string()])))
}

/// Failures of the signed-in shop calls.
#[derive(ApiResponse, Debug)]
pub enum CustomerCallFailure {
    /// Missing, expired or invalid bearer token: refresh it and retry once.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorEnvelope>),
    #[oai(status = 500)]
    Internal(Json<ErrorEnvelope>),
}
