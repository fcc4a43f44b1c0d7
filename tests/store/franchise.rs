//! Franchise memberships record every grant and revoke; referral claims stay bounded whoever sends them.
use limoo_bff::{
    auth::parse_mobile,
    domain::{MobileNumber, franchise::MembershipAction, mobile_number::IRAN},
    store::{
        Db,
        customers::{self, AuthType, NewCustomer},
        franchise::{self, ClaimLimits},
    },
};

use crate::on_every_backend;

fn number(mobile: &str) -> MobileNumber {
    parse_mobile(mobile, IRAN).expect("valid Iranian mobile")
}

async fn customer(db: &Db, mobile: &str) -> i64 {
    let mobile = number(mobile);
    let new = NewCustomer { mobile: &mobile, email: None, first_name: "a", last_name: "b", auth_type: AuthType::Sms };
    customers::insert_or_get(db, new).await.expect("customer stored").id
}

/// Moves every kept claim an age into the past.
async fn age_claims(db: &Db) {
    let sql = "UPDATE referral_claim SET created_at = 0";
    match db {
        Db::Sqlite(pool) => sqlx::query(sql).execute(pool).await.map(|_| ()),
        Db::Postgres(pool) => sqlx::query(sql).execute(pool).await.map(|_| ()),
    }
    .expect("claims aged");
}

#[tokio::test]
async fn grants_and_revokes_are_recorded_with_who_and_the_code_is_kept() {
    on_every_backend(|db| async move {
        let backend = db.backend();
        let member = customer(&db, "09121110001").await;
        let code = franchise::grant(&db, member, "maryam").await.unwrap();
        assert_eq!(franchise::grant(&db, member, "maryam").await.unwrap(), code, "{backend}: granted again");
        assert!(franchise::revoke(&db, member, "sara").await.unwrap(), "{backend}");
        assert!(!franchise::revoke(&db, member, "sara").await.unwrap(), "{backend}: nothing to revoke");
        assert_eq!(franchise::grant(&db, member, "ali").await.unwrap(), code, "{backend}: the old code comes back");

        let membership = franchise::membership(&db, member).await.unwrap().expect("a membership");
        assert!(membership.active, "{backend}");
        let changes: Vec<(MembershipAction, &str)> =
            membership.changes.iter().map(|c| (c.action, c.by.as_str())).collect();
        use MembershipAction::{Grant, Revoke};
        assert_eq!(changes, vec![(Grant, "ali"), (Revoke, "sara"), (Grant, "maryam")], "{backend}: newest first");
        assert!(membership.changes.iter().all(|c| c.at > 0), "{backend}");
        assert_eq!(franchise::membership(&db, customer(&db, "09121110002").await).await.unwrap(), None);
    })
    .await;
}

#[tokio::test]
async fn claims_are_bounded_per_address_and_in_total_and_expire() {
    on_every_backend(|db| async move {
        let backend = db.backend();
        let member = customer(&db, "09121110001").await;
        let code = franchise::grant(&db, member, "qa").await.unwrap();
        let limits = ClaimLimits { per_address: 2, total: 3, ttl_ms: 3_600_000 };
        let claim = |mobile: &'static str, ip: &'static str| {
            let db = db.clone();
            let code = code.clone();
            async move { franchise::replace_claim(&db, &number(mobile), Some(&code), ip, limits).await.unwrap() }
        };
        assert!(claim("09350000001", "10.0.0.1").await, "{backend}");
        assert!(claim("09350000002", "10.0.0.1").await, "{backend}");
        assert!(!claim("09350000003", "10.0.0.1").await, "{backend}: the address holds its most");
        assert!(claim("09350000001", "10.0.0.1").await, "{backend}: a number's new claim replaces its own");
        assert!(claim("09350000003", "10.0.0.2").await, "{backend}");
        assert!(!claim("09350000004", "10.0.0.3").await, "{backend}: the table holds its most");

        // A check without a code drops the number's claim, which frees room.
        let dropped = franchise::replace_claim(&db, &number("09350000003"), None, "10.0.0.2", limits).await.unwrap();
        assert!(!dropped, "{backend}");
        assert!(claim("09350000004", "10.0.0.3").await, "{backend}");

        // Old claims are pruned by the next check and never accepted.
        age_claims(&db).await;
        let invitee = customer(&db, "09350000001").await;
        assert_eq!(franchise::accept_claim(&db, &number("09350000001"), invitee, limits.ttl_ms).await.unwrap(), None);
        assert!(claim("09350000005", "10.0.0.4").await, "{backend}: expired claims no longer count");
        assert!(claim("09350000006", "10.0.0.4").await, "{backend}");
        let invitee = customer(&db, "09350000006").await;
        let accepted = franchise::accept_claim(&db, &number("09350000006"), invitee, limits.ttl_ms).await.unwrap();
        assert_eq!(accepted, Some(member), "{backend}");
    })
    .await;
}
