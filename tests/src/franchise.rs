//! Franchise arrangements: members granted and revoked as the team does, through the staff API; customers who sign
//! up with a referral code through the real API.
use crate::{SignIn, TestApp};

/// Who the harness says granted a membership.
pub const GRANTED_BY: &str = "QA";

impl TestApp {
    /// Makes an Iranian customer (stored directly when new) a franchise member through the staff API; answers their
    /// bearer token and referral code.
    pub async fn franchise_member(&self, mobile: &str) -> (String, String) {
        let token = self.existing_customer(mobile).await;
        let body = serde_json::json!({ "mobileNumber": mobile, "by": GRANTED_BY });
        let (status, membership) = self.staff_api().staff_grant_franchise(&body).await;
        assert_eq!(status, 200, "membership granted: {membership}");
        (token, membership["referralCode"].as_str().expect("a referral code").to_owned())
    }

    /// Ends an Iranian customer's membership through the staff API.
    pub async fn revoke_franchise(&self, mobile: &str) {
        let body = serde_json::json!({ "mobileNumber": mobile, "by": GRANTED_BY });
        let (status, reply) = self.staff_api().staff_revoke_franchise(&body).await;
        assert_eq!(status, 200, "membership revoked: {reply}");
    }

    /// `POST /auth/check-mobile` for an Iranian number, with `referral` when given; answers the status and body.
    pub async fn check_mobile(&self, mobile: &str, referral: Option<&str>) -> (u16, serde_json::Value) {
        let mut check = serde_json::json!({ "mobileNumber": mobile, "countryId": 1 });
        if let Some(referral) = referral {
            check["referral"] = referral.into();
        }
        crate::app::status_and_json(self.client.post(self.url("/auth/check-mobile")).json(&check)).await
    }

    /// Checks the number with a referral code (as the sign-in popup does when the visit carries one), then
    /// registers it through the real API; answers the sign-in.
    pub async fn sign_up_with_referral(&self, mobile: &str, referral: &str) -> SignIn {
        self.sign_up_after_check(mobile, Some(referral)).await
    }

    /// Checks the number as the sign-in popup does (with `referral` when given), then registers it through the real
    /// API; answers the sign-in.
    pub async fn sign_up_after_check(&self, mobile: &str, referral: Option<&str>) -> SignIn {
        let (status, body) = self.check_mobile(mobile, referral).await;
        assert_eq!(status, 200, "check-mobile failed: {body}");
        self.register_customer(mobile).await
    }
}
