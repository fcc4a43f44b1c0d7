//! Finance review of manual transfers: the queue, approve and reject (spec 2 §4). Behind a bearer
//! token of its own (`FINANCE_API_TOKEN`); the `finance` command of the binary does the same through
//! the same service functions.
use poem::{Request, web::Data};
use poem_openapi::{
    OpenApi, SecurityScheme,
    auth::Bearer,
    param::{Path, Query},
    payload::Json,
};

pub mod dto;
pub mod error;

use self::{
    dto::{ReviewReply, ReviewRequest, TransferList},
    error::FinanceFailure,
};
use super::{ApiTags, error::AreaFailure};
use crate::{
    domain::transfer::TransferState,
    limits, messages,
    shop::transfers::{self, Verdict},
    startup::AppState,
};

/// `Authorization: Bearer {FINANCE_API_TOKEN}`.
#[derive(SecurityScheme)]
#[oai(ty = "bearer", checker = "finance_token")]
pub struct FinanceToken(());

async fn finance_token(req: &Request, bearer: Bearer) -> Option<()> {
    let state = req.data::<AppState>()?;
    let expected = state.finance.finance_api_token.as_ref()?;
    same_secret(expected.expose(), &bearer.token).then_some(())
}

/// Compares without stopping at the first difference, so timing does not reveal the token.
fn same_secret(expected: &str, given: &str) -> bool {
    expected.len() == given.len() && expected.bytes().zip(given.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

pub struct FinanceApi;

#[OpenApi(prefix_path = "/lemonade/api/finance", tag = "ApiTags::Finance")]
impl FinanceApi {
    /// Manual transfers in a state (`PENDING` by default), oldest first.
    #[oai(path = "/transfers", method = "get", operation_id = "listTransfers")]
    async fn list(
        &self,
        state: Data<&AppState>,
        _token: FinanceToken,
        status: Query<Option<String>>,
    ) -> Result<Json<TransferList>, FinanceFailure> {
        let wanted = match status.0.as_deref() {
            None => TransferState::Pending,
            Some(text) => TransferState::parse(text).ok_or_else(|| {
                FinanceFailure::bad_request(messages::BAD_REQUEST, "status is PENDING, APPROVED or REJECTED")
            })?,
        };
        let transfers = transfers::list(&state, wanted).await?;
        Ok(Json(TransferList { transfers: transfers.into_iter().map(Into::into).collect() }))
    }

    /// Approves a pending transfer: the order is paid (PAYMENT_SUCCESS, points USED, code CAPTURED)
    /// and the customer gets an SMS. A transfer is reviewed once.
    #[oai(path = "/transfers/:paymentId/approve", method = "post", operation_id = "approveTransfer")]
    async fn approve(
        &self,
        state: Data<&AppState>,
        _token: FinanceToken,
        #[oai(name = "paymentId")] payment_id: Path<i64>,
        body: Json<ReviewRequest>,
    ) -> Result<Json<ReviewReply>, FinanceFailure> {
        review(&state, payment_id.0, Verdict::Approve, &body).await
    }

    /// Rejects a pending transfer: the order's points go back to it, unreserved, and the customer gets
    /// an SMS with the reason. A transfer is reviewed once.
    #[oai(path = "/transfers/:paymentId/reject", method = "post", operation_id = "rejectTransfer")]
    async fn reject(
        &self,
        state: Data<&AppState>,
        _token: FinanceToken,
        #[oai(name = "paymentId")] payment_id: Path<i64>,
        body: Json<ReviewRequest>,
    ) -> Result<Json<ReviewReply>, FinanceFailure> {
        review(&state, payment_id.0, Verdict::Reject, &body).await
    }
}

async fn review(
    state: &AppState,
    payment_id: i64,
    verdict: Verdict,
    body: &ReviewRequest,
) -> Result<Json<ReviewReply>, FinanceFailure> {
    // Both are stored with the transfer as sent.
    limits::short_texts([("reviewer", Some(body.reviewer.as_str())), ("reason", body.reason.as_deref())])
        .map_err(|refused| FinanceFailure::bad_request(messages::FIELD_TOO_LARGE, refused))?;
    let reviewer = body.reviewer.trim();
    if reviewer.is_empty() {
        return Err(FinanceFailure::bad_request(messages::TRANSFER_REVIEWER, "reviewer is empty"));
    }
    let reviewed = transfers::review(state, payment_id, verdict, reviewer, body.reason.as_deref()).await?;
    Ok(Json(reviewed.into()))
}

#[cfg(test)]
mod tests {
    use super::same_secret;

    #[test]
    fn only_the_same_token_passes() {
        assert!(same_secret("s3cret", "s3cret"));
        assert!(!same_secret("s3cret", "s3cres"));
        assert!(!same_secret("s3cret", "s3cret!"));
    }
}
