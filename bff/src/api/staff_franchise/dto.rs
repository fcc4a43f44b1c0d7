use poem_openapi::Object;

use crate::{
    domain::{MobileNumber, franchise::MembershipAction},
    store::franchise::Membership,
};

/// Grant or revoke the membership of the customer with this mobile number.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct MembershipRequest {
    /// As the customer types it: Persian digits and 0 / 98 / +98 prefixes are accepted.
    pub mobile_number: String,
    /// Country id of the number; default 1 (Iran).
    pub country_id: Option<i64>,
    /// Who grants or revokes it, recorded with the change.
    pub by: String,
}

/// One recorded grant or revoke.
#[derive(Object, Debug)]
pub struct MembershipChangeItem {
    pub action: MembershipAction,
    /// The team member who made it.
    pub by: String,
    /// Epoch milliseconds.
    pub at: i64,
}

/// A customer's franchise membership as the team sees it.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct StaffMembership {
    pub mobile_number: String,
    /// The member's code; a member granted again keeps it.
    pub referral_code: String,
    /// False once revoked.
    pub active: bool,
    /// Newest first, at most 100.
    pub changes: Vec<MembershipChangeItem>,
}

impl StaffMembership {
    pub fn new(mobile: &MobileNumber, membership: Membership) -> Self {
        StaffMembership {
            mobile_number: mobile.display(),
            referral_code: membership.referral_code.to_string(),
            active: membership.active,
            changes: membership
                .changes
                .into_iter()
                .map(|c| MembershipChangeItem { action: c.action, by: c.by, at: c.at })
                .collect(),
        }
    }
}
