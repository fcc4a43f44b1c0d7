//! Finance review of manual transfers: the queue, approve and reject (spec 2 §4); and the refund queue:
//! online payments whose money goes back to the customer and that no gateway call gave back. Behind a
//! bearer token of its own (`FINANCE_API_TOKEN`); the `finance` command of the binary does the same
//! through the same service functions.
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
    dto::{
        DisputeList, RefundList, RefundSettleRequest, RefundView, ReviewReply, ReviewRequest, TransferList,
        UnansweredCheckRequest, UnansweredList, UnansweredView,
    },
    error::FinanceFailure,
};
use super::{
    ApiTags,
    error::{AreaFailure, ErrorEnvelope},
};
use crate::{
    domain::{payment::PaymentState, transfer::TransferState},
    limits, messages,
    shop::{
        refunds::{self, RefundError},
        transfers::{self, Verdict},
    },
    state::AppState,
};

/// `Authorization: Bearer {FINANCE_API_TOKEN}`.
#[derive(SecurityScheme)]
#[oai(ty = "bearer", checker = "finance_token")]
pub struct FinanceToken(());

async fn finance_token(req: &Request, bearer: Bearer) -> Option<()> {
    let state = req.data::<AppState>()?;
    let expected = state.finance.finance_api_token.as_ref()?;
    expected.matches(&bearer.token).then_some(())
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
        let transfers = transfers::list(&state.db, wanted).await?;
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

    /// Online payments whose money goes back to the customer, in a state (`REFUND_DUE` by default: the
    /// queue finance pays back by hand; `REVERSED`: given back by the gateway; `REFUNDED`: paid back by
    /// finance), oldest first.
    #[oai(path = "/refunds", method = "get", operation_id = "listRefunds")]
    async fn refunds(
        &self,
        state: Data<&AppState>,
        _token: FinanceToken,
        status: Query<Option<String>>,
    ) -> Result<Json<RefundList>, FinanceFailure> {
        let wanted = match status.0.as_deref() {
            None => PaymentState::RefundDue,
            Some(text) => PaymentState::parse(text.trim()).filter(|s| s.is_refund()).ok_or_else(|| {
                FinanceFailure::bad_request(messages::BAD_REQUEST, "status is REFUND_DUE, REVERSED or REFUNDED")
            })?,
        };
        let refunds = refunds::list(&state.db, wanted).await?;
        let refunds = refunds.into_iter().map(RefundView::try_from).collect::<anyhow::Result<_>>()?;
        Ok(Json(RefundList { refunds }))
    }

    /// Records that finance paid a `REFUND_DUE` payment back by hand: `REFUNDED`, with who and when. Once. Refused
    /// (409, `err.reason` `REFUND_IN_PROGRESS`) while the payment's gateway is being asked to give the money back.
    #[oai(path = "/refunds/:paymentId/settle", method = "post", operation_id = "settleRefund")]
    async fn settle_refund(
        &self,
        state: Data<&AppState>,
        _token: FinanceToken,
        #[oai(name = "paymentId")] payment_id: Path<i64>,
        body: Json<RefundSettleRequest>,
    ) -> Result<Json<RefundView>, FinanceFailure> {
        let reviewer = reviewer_name(&body.reviewer, None)?;
        Ok(Json(refunds::settle_by_hand(&state.db, payment_id.0, reviewer).await?.try_into()?))
    }

    /// Online payments that expired after a day in which no verify of them was answered, not checked yet, oldest
    /// first: their gateways may hold the money, and nothing but finance asks them any more.
    #[oai(path = "/unanswered", method = "get", operation_id = "listUnansweredPayments")]
    async fn unanswered(
        &self,
        state: Data<&AppState>,
        _token: FinanceToken,
    ) -> Result<Json<UnansweredList>, FinanceFailure> {
        let payments = refunds::unanswered(&state.db).await?;
        Ok(Json(UnansweredList { payments: payments.into_iter().map(Into::into).collect() }))
    }

    /// Gateway references presented by a second payment after another payment had been paid with them, where the
    /// gateway's verify cannot name whose they are (SEP's RefNum, a Gumroad sale): one of the two customers paid
    /// and the other borrowed the proof; both are named, oldest first.
    #[oai(path = "/disputes", method = "get", operation_id = "listPaymentDisputes")]
    async fn disputes(
        &self,
        state: Data<&AppState>,
        _token: FinanceToken,
    ) -> Result<Json<DisputeList>, FinanceFailure> {
        let disputes = refunds::disputes(&state.db).await?;
        Ok(Json(DisputeList { disputes: disputes.into_iter().map(Into::into).collect() }))
    }

    /// Records what the gateway told finance about a payment that expired unanswered: taken, the money goes back to
    /// the customer (`REFUND_DUE`, the refund queue, and an SMS); not taken, it stays `EXPIRED`. Once: a payment
    /// already checked, or not such a payment, is refused (409).
    #[oai(path = "/unanswered/:paymentId/check", method = "post", operation_id = "checkUnansweredPayment")]
    async fn check_unanswered(
        &self,
        state: Data<&AppState>,
        _token: FinanceToken,
        #[oai(name = "paymentId")] payment_id: Path<i64>,
        body: Json<UnansweredCheckRequest>,
    ) -> Result<Json<UnansweredView>, FinanceFailure> {
        let reviewer = reviewer_name(&body.reviewer, None)?;
        let checked = refunds::check_unanswered(&state.db, &state.sms, payment_id.0, reviewer, body.taken).await?;
        Ok(Json(checked.into()))
    }
}

/// `err.reason` of a settle refused while the gateway is being asked for the same refund.
const REFUND_IN_PROGRESS: &str = "REFUND_IN_PROGRESS";

impl From<RefundError> for FinanceFailure {
    fn from(error: RefundError) -> Self {
        match error {
            RefundError::NotFound(id) => Self::status(404, messages::PAYMENT_NOT_FOUND, format!("no payment {id}")),
            RefundError::NotDue(id) => {
                Self::status(409, messages::REFUND_NOT_DUE, format!("payment {id} is not waiting for a refund"))
            }
            not_unanswered @ RefundError::NotUnanswered(_) => {
                Self::status(409, messages::PAYMENT_NOT_UNANSWERED, not_unanswered.to_string())
            }
            being_given_back @ RefundError::GatewayAsked { .. } => {
                let body =
                    ErrorEnvelope::new("409", messages::REFUND_BEING_GIVEN_BACK, vec![being_given_back.to_string()]);
                Self::with_status(409, Json(body.with_reason(REFUND_IN_PROGRESS)))
            }
            RefundError::Unexpected(error) => Self::unexpected(&error),
        }
    }
}

async fn review(
    state: &AppState,
    payment_id: i64,
    verdict: Verdict,
    body: &ReviewRequest,
) -> Result<Json<ReviewReply>, FinanceFailure> {
    let reviewer = reviewer_name(&body.reviewer, body.reason.as_deref())?;
    let reviewed =
        transfers::review(&state.db, &state.sms, payment_id, verdict, reviewer, body.reason.as_deref()).await?;
    Ok(Json(reviewed.into()))
}

/// The reviewer's name, trimmed; refused when empty, or when it or the review's `reason` is too long to store.
fn reviewer_name<'a>(reviewer: &'a str, reason: Option<&str>) -> Result<&'a str, FinanceFailure> {
    limits::short_texts([("reviewer", Some(reviewer)), ("reason", reason)])
        .map_err(|refused| FinanceFailure::bad_request(messages::FIELD_TOO_LARGE, refused))?;
    let reviewer = reviewer.trim();
    if reviewer.is_empty() {
        return Err(FinanceFailure::bad_request(messages::TRANSFER_REVIEWER, "reviewer is empty"));
    }
    Ok(reviewer)
}
