use poem_openapi::{ApiResponse, payload::Json};

use super::dto::{ProductDto, WizardConfigDto};
use crate::{
    api::{error::ErrorEnvelope, prepared_json::PreparedJson},
    domain::catalogue::FilterError,
    messages,
};

/// What can go wrong in the shop area.
#[derive(Debug, thiserror::Error)]
pub enum ShopError {
    #[error(transparent)]
    InvalidFilter(#[from] FilterError),
    #[error("no such wizard config")]
    ConfigNotFound,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

#[derive(ApiResponse)]
#[oai(bad_request_handler = "products_bad_request")]
pub enum ProductsResponse {
    /// The matching products, sorted by the catalogue rule. Revalidate with `If-None-Match`.
    #[oai(status = 200)]
    Ok(PreparedJson<Vec<ProductDto>>, #[oai(header = "ETag")] String, #[oai(header = "Cache-Control")] String),
    /// The listing named by `If-None-Match` is still current.
    #[oai(status = 304)]
    NotModified(#[oai(header = "ETag")] String),
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
            ShopError::ConfigNotFound | ShopError::Unexpected(_) => {
                let mut body = ErrorEnvelope::internal(&anyhow::Error::from(error));
                body.err.message = messages::PRODUCTS_FETCH_FAILED.into();
                ProductsResponse::Internal(Json(body))
            }
        }
    }
}

#[derive(ApiResponse)]
pub enum WizardConfigResponse {
    /// The wizard's pages, options and the products they offer. Revalidate with `If-None-Match`.
    #[oai(status = 200)]
    Ok(PreparedJson<WizardConfigDto>, #[oai(header = "ETag")] String, #[oai(header = "Cache-Control")] String),
    /// The config named by `If-None-Match` is still current.
    #[oai(status = 304)]
    NotModified(#[oai(header = "ETag")] String),
}

/// Failures of the wizard-config call.
#[derive(ApiResponse, Debug)]
pub enum WizardConfigFailure {
    /// No such config for this product.
    #[oai(status = 404)]
    NotFound(Json<ErrorEnvelope>),
    /// The config could not be read.
    #[oai(status = 500)]
    Internal(Json<ErrorEnvelope>),
}

impl From<ShopError> for WizardConfigFailure {
    fn from(error: ShopError) -> Self {
        match error {
            ShopError::ConfigNotFound => WizardConfigFailure::NotFound(Json(ErrorEnvelope::new(
                "404",
                messages::WIZARD_CONFIG_NOT_FOUND,
                vec![error.to_string()],
            ))),
            other => {
                let mut body = ErrorEnvelope::internal(&anyhow::Error::from(other));
                body.err.message = messages::PRODUCTS_FETCH_FAILED.into();
                WizardConfigFailure::Internal(Json(body))
            }
        }
    }
}

fn products_bad_request(error: poem::Error) -> ProductsResponse {
    ProductsResponse::BadRequest(Json(ErrorEnvelope::new("400", messages::BAD_REQUEST, vec![error.to_string()])))
}
