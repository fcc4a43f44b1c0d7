//! The logout deny-list: a signed-out token is read back, by when it was signed out, until it would have expired
//! anyway.
use limoo_bff::store::revoked_tokens;

use crate::on_every_backend;

#[tokio::test]
async fn signed_out_tokens_are_read_by_when_they_were_signed_out_until_their_expiry() {
    on_every_backend(|db| async move {
        let backend = db.backend();
        revoked_tokens::insert(&db, "short", 1_000, 500).await.unwrap();
        revoked_tokens::insert(&db, "long", 5_000, 500).await.unwrap();
        revoked_tokens::insert(&db, "long", 5_000, 600).await.expect("signing out twice is fine");
        revoked_tokens::insert(&db, "later", 5_000, 700).await.unwrap();
        let read = |since, now| {
            let db = db.clone();
            async move {
                let mut rows = revoked_tokens::revoked_since(&db, since, now).await.unwrap();
                rows.sort();
                rows
            }
        };
        let all = vec![("later".to_owned(), 5_000), ("long".to_owned(), 5_000), ("short".to_owned(), 1_000)];
        assert_eq!(read(0, 900).await, all, "{backend}");
        assert_eq!(read(700, 900).await, vec![("later".to_owned(), 5_000)], "{backend}: only the newer");
        assert_eq!(read(0, 1_000).await.len(), 2, "{backend}: an expired token is not read");

        assert_eq!(revoked_tokens::purge_expired(&db, 1_000).await.unwrap(), 1, "{backend}: expired rows go");
        assert_eq!(read(0, 0).await.len(), 2, "{backend}: live rows stay");
    })
    .await;
}
