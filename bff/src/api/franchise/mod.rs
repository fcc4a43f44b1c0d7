//! The franchise (referral) calls of the panel (spec 3 §3 "Referral", §4 "Franchise", §7): a member's summary,
//! the leaderboard and their invitations. A customer who is not a member gets `NOT_FRANCHIZER` from each.
use poem::web::Data;
use poem_openapi::{OpenApi, payload::Json};

pub mod dto;
pub mod error;

use self::{
    dto::{FranchiseSummaryReply, InviteListsReply, LeaderboardMsg, LeaderboardReply, MembershipReply},
    error::FranchiseFailure,
};
use super::{ApiTags, security::CustomerToken};
use crate::{franchise, state::AppState};

pub struct FranchiseApi;

#[OpenApi(prefix_path = "/franchise", tag = "ApiTags::Franchise")]
impl FranchiseApi {
    /// Whether the caller is a franchise member, answered for everyone: a page learns it without being refused
    /// with `NOT_FRANCHIZER`, and asks the member-only calls only when it is true.
    #[oai(path = "/membership", method = "get", operation_id = "franchiseMembership")]
    async fn membership(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<MembershipReply>, FranchiseFailure> {
        let is_franchizer =
            franchise::is_member(&state.db, token.customer_id()).await.map_err(franchise::FranchiseError::from)?;
        Ok(Json(MembershipReply { is_franchizer }))
    }

    /// The member's referral code, franchise points, leaderboard points and how many customers they invited. Its
    /// loading is what sets `isFranchizer` true [DS-28].
    #[oai(path = "/summary", method = "get", operation_id = "franchiseSummary")]
    async fn summary(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<FranchiseSummaryReply>, FranchiseFailure> {
        let summary = franchise::summary(&state.db, token.customer_id()).await?;
        Ok(Json(FranchiseSummaryReply { ok: true, msg: summary.into() }))
    }

    /// The top members by leaderboard points (mobile numbers masked) and the caller's own rank.
    #[oai(path = "/leaderboard", method = "get", operation_id = "franchiseLeaderboard")]
    async fn leaderboard(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<LeaderboardReply>, FranchiseFailure> {
        let board = franchise::leaderboard(&state.db, token.customer_id()).await?;
        let msg = LeaderboardMsg { leaderboard: board.top.into_iter().map(Into::into).collect(), me: board.me.into() };
        Ok(Json(LeaderboardReply { ok: true, msg }))
    }

    /// The customers who signed up with the member's code: masked mobile number, their diet-package status and
    /// the days left of their diet [DS-29].
    #[oai(path = "/invite-lists", method = "get", operation_id = "franchiseInvitations")]
    async fn invite_lists(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<InviteListsReply>, FranchiseFailure> {
        let invitations = franchise::invitations(&state.db, token.customer_id()).await?;
        Ok(Json(InviteListsReply { invitations: invitations.into_iter().map(Into::into).collect() }))
    }
}
