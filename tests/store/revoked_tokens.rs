//! The logout deny-list: a signed-out token is found by its id until it would have expired anyway.
use limoo_bff::store::revoked_tokens;

use crate::on_every_backend;

#[tokio::test]
async fn a_signed_out_token_is_denied_until_its_expiry_purges_it() {
    on_every_backend(|db| async move {
        let backend = db.backend();
        revoked_tokens::insert(&db, "short", 1_000, 500).await.unwrap();
        revoked_tokens::insert(&db, "long", 5_000, 500).await.unwrap();
        revoked_tokens::insert(&db, "long", 5_000, 600).await.expect("signing out twice is fine");
        assert!(revoked_tokens::is_revoked(&db, "short").await.unwrap(), "{backend}");
        assert!(!revoked_tokens::is_revoked(&db, "other").await.unwrap(), "{backend}");

        assert_eq!(revoked_tokens::purge_expired(&db, 1_000).await.unwrap(), 1, "{backend}: expired rows go");
        assert!(!revoked_tokens::is_revoked(&db, "short").await.unwrap(), "{backend}");
        assert!(revoked_tokens::is_revoked(&db, "long").await.unwrap(), "{backend}: live rows stay");
    })
    .await;
}
