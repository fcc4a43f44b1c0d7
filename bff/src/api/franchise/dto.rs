use poem_openapi::Object;

use crate::{
    domain::diet_package::PackageStatus,
    franchise::{Invitation, Standing, Summary},
};

/// A member's franchise standing.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct FranchiseSummary {
    /// The code new customers sign up with (`referral` of check-mobile) to become the member's invitations.
    pub referral_code: String,
    /// 10 for every paid diet order of an invitee.
    pub franchise_points: i64,
    /// Franchise points plus 1 for every invitee who signed up: what the leaderboard ranks by.
    pub leaderboard_points: i64,
    pub invitation_count: i64,
}

impl From<Summary> for FranchiseSummary {
    fn from(summary: Summary) -> Self {
        FranchiseSummary {
            referral_code: summary.referral_code.to_string(),
            franchise_points: summary.points.franchise,
            leaderboard_points: summary.points.leaderboard,
            invitation_count: summary.invitations,
        }
    }
}

/// Whether the caller is a franchise member: what the franchise page asks before the member-only calls.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct MembershipReply {
    pub is_franchizer: bool,
}

#[derive(Object, Debug)]
pub struct FranchiseSummaryReply {
    pub ok: bool,
    pub msg: FranchiseSummary,
}

/// One member on the leaderboard.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct LeaderboardEntry {
    /// From 1; equal points share a rank.
    pub rank: i64,
    /// Masked: `0912*****67`.
    pub mobile_number: String,
    pub leaderboard_points: i64,
    /// The caller's own entry.
    pub is_me: bool,
}

impl From<Standing> for LeaderboardEntry {
    fn from(standing: Standing) -> Self {
        LeaderboardEntry {
            rank: standing.rank,
            mobile_number: standing.masked_mobile,
            leaderboard_points: standing.leaderboard_points,
            is_me: standing.is_me,
        }
    }
}

#[derive(Object, Debug)]
pub struct LeaderboardMsg {
    /// The top 10 members, best first.
    pub leaderboard: Vec<LeaderboardEntry>,
    /// The caller's own place, on the board or below it.
    pub me: LeaderboardEntry,
}

#[derive(Object, Debug)]
pub struct LeaderboardReply {
    pub ok: bool,
    pub msg: LeaderboardMsg,
}

/// One customer who signed up with the member's code.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct InvitationEntry {
    /// Masked: `0912*****67`.
    pub mobile_number: String,
    /// The invitee's diet-package status, as `GET /app/diets/active` names it (TRANSACTION_WATING before any order).
    pub diet_status: PackageStatus,
    /// Days left of the invitee's diet; left out until it has a start date.
    pub remain_days: Option<i64>,
    /// Epoch ms of the sign-up.
    pub invited_at: i64,
}

impl From<Invitation> for InvitationEntry {
    fn from(invitation: Invitation) -> Self {
        InvitationEntry {
            mobile_number: invitation.masked_mobile,
            diet_status: invitation.diet_status,
            remain_days: invitation.remain_days,
            invited_at: invitation.invited_at,
        }
    }
}

#[derive(Object, Debug)]
pub struct InviteListsReply {
    /// Newest first, at most 200.
    pub invitations: Vec<InvitationEntry>,
}
