use poem_openapi::{ApiResponse, payload::Json};

use crate::{
    api::error::{AreaFailure, ErrorEnvelope},
    messages,
    shop::transfers::TransferError,
};

/// Failures of the finance review calls; `err.code` is the HTTP status as text.
#[derive(ApiResponse, Debug)]
#[oai(bad_request_handler = "FinanceFailure::malformed")]
pub enum FinanceFailure {
    /// Unknown `status`, no reviewer, or a malformed body.
    #[oai(status = 400)]
    BadRequest(Json<ErrorEnvelope>),
    /// Missing or wrong finance token (`FINANCE_API_TOKEN`), or finance review not configured.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorEnvelope>),
    /// No transfer with this id.
    #[oai(status = 404)]
    NotFound(Json<ErrorEnvelope>),
    /// The transfer was approved or rejected already.
    #[oai(status = 409)]
    Conflict(Json<ErrorEnvelope>),
    #[oai(status = 500)]
    Internal(Json<ErrorEnvelope>),
}

impl AreaFailure for FinanceFailure {
    fn with_status(status: u16, body: Json<ErrorEnvelope>) -> Self {
        match status {
            401 => FinanceFailure::Unauthorized(body),
            404 => FinanceFailure::NotFound(body),
            409 => FinanceFailure::Conflict(body),
            500 => FinanceFailure::Internal(body),
            _ => FinanceFailure::BadRequest(body),
        }
    }
}

impl From<TransferError> for FinanceFailure {
    fn from(error: TransferError) -> Self {
        match error {
            TransferError::NotFound(id) => Self::status(404, messages::TRANSFER_NOT_FOUND, format!("no transfer {id}")),
            TransferError::AlreadyReviewed(id) => {
                Self::status(409, messages::TRANSFER_REVIEWED, format!("transfer {id} was reviewed already"))
            }
            TransferError::Unexpected(error) => Self::unexpected(&error),
            // Only submitting a transfer fails these ways.
            other => Self::unexpected(&anyhow::anyhow!(other)),
        }
    }
}

impl From<anyhow::Error> for FinanceFailure {
    fn from(error: anyhow::Error) -> Self {
        Self::unexpected(&error)
    }
}
