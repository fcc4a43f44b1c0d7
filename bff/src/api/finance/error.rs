use crate::{
    api::error::{AreaFailure, area_failure},
    messages,
    shop::transfers::TransferError,
};

area_failure! {
    /// Failures of the finance review calls; `err.code` is the HTTP status as text.
    pub enum FinanceFailure(handler = "FinanceFailure::malformed") {
        /// Unknown `status`, no reviewer, or a malformed body.
        400 => BadRequest,
        /// Missing or wrong finance token (`FINANCE_API_TOKEN`), or finance review not configured.
        401 => Unauthorized,
        /// No transfer (or payment) with this id.
        404 => NotFound,
        /// The transfer was approved or rejected already, its order was paid online meanwhile (reject it), the
        /// refund was settled already, or its gateway is being asked to give the money back (`err.reason`
        /// `REFUND_IN_PROGRESS`; the detail says in how many seconds to look again).
        409 => Conflict,
        500 => Internal,
    }
}

impl From<TransferError> for FinanceFailure {
    fn from(error: TransferError) -> Self {
        match error {
            TransferError::NotFound(id) => Self::status(404, messages::TRANSFER_NOT_FOUND, format!("no transfer {id}")),
            TransferError::AlreadyReviewed(id) => {
                Self::status(409, messages::TRANSFER_REVIEWED, format!("transfer {id} was reviewed already"))
            }
            TransferError::OrderPaid => Self::status(
                409,
                messages::ORDER_ALREADY_PAID,
                "the order was paid online meanwhile: reject the transfer and pay it back",
            ),
            TransferError::Unexpected(error) => Self::unexpected(&error),
            // Only submitting a transfer fails these ways.
            other => Self::unexpected(&anyhow::anyhow!(other)),
        }
    }
}
