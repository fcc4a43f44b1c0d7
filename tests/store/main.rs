//! Store tests: each runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
use limoo_bff::{
    domain::catalogue::ProductType,
    store::{Db, demo, products},
};
use limoo_tests::TestDb;

mod franchise;
mod migrations;
mod payments;
mod revoked_tokens;
mod shop;

/// Runs `check` against a fresh, migrated database of every available backend.
async fn on_every_backend<F, Fut>(check: F)
where
    F: Fn(Db) -> Fut,
    Fut: Future<Output = ()>,
{
    for database in TestDb::every_backend().await.expect("test databases") {
        let db = Db::connect(&database.url).await.expect("connect");
        db.migrate().await.expect("migrate");
        check(db.clone()).await;
        db.close().await;
    }
}

#[tokio::test]
async fn demo_catalogue_round_trips_with_persian_text_and_meta() {
    on_every_backend(|db| async move {
        let added = demo::load_if_empty(&db, "LIMOO_SHOP").await.unwrap();
        let expected = demo::catalogue("LIMOO_SHOP").unwrap();
        assert_eq!(added, expected.len(), "{}", db.backend());
        let stored = products::list_by_service(&db, "LIMOO_SHOP").await.unwrap();
        assert_eq!(stored, expected, "{}: what was stored is what is read back", db.backend());
    })
    .await;
}

#[tokio::test]
async fn demo_catalogue_loads_only_into_an_empty_database() {
    on_every_backend(|db| async move {
        demo::load_if_empty(&db, "LIMOO_SHOP").await.unwrap();
        assert_eq!(demo::load_if_empty(&db, "LIMOO_SHOP").await.unwrap(), 0, "{}", db.backend());
        assert_eq!(products::count(&db).await.unwrap() as usize, demo::catalogue("LIMOO_SHOP").unwrap().len());
    })
    .await;
}

#[tokio::test]
async fn service_is_matched_case_insensitively_and_other_services_are_apart() {
    on_every_backend(|db| async move {
        demo::load_if_empty(&db, "LIMOO_SHOP").await.unwrap();
        let mut other = demo::catalogue("OTHER_SHOP").unwrap().remove(0);
        other.id = 9_001;
        products::insert(&db, &other).await.unwrap();
        let lower = products::list_by_service(&db, "limoo_shop").await.unwrap();
        assert!(!lower.is_empty() && lower.iter().all(|p| p.service == "LIMOO_SHOP"), "{}", db.backend());
        let others = products::list_by_service(&db, "OTHER_SHOP").await.unwrap();
        assert_eq!(others.iter().map(|p| p.id).collect::<Vec<_>>(), vec![9_001]);
    })
    .await;
}

#[tokio::test]
async fn inserting_an_existing_id_keeps_the_stored_product() {
    on_every_backend(|db| async move {
        let mut product = demo::catalogue("LIMOO_SHOP").unwrap().remove(0);
        products::insert(&db, &product).await.unwrap();
        product.title = "عنوان دیگر".into();
        product.product_type = ProductType::Bundle;
        products::insert(&db, &product).await.unwrap();
        let stored = products::list_by_service(&db, "LIMOO_SHOP").await.unwrap();
        assert_eq!(stored.len(), 1);
        assert_eq!(stored[0].title, "رژیم یک ماهه", "{}", db.backend());
    })
    .await;
}

#[tokio::test]
async fn large_toman_amounts_survive_storage() {
    on_every_backend(|db| async move {
        let mut product = demo::catalogue("LIMOO_SHOP").unwrap().remove(0);
        product.price = limoo_bff::domain::Toman::new(9_000_000_000_000).unwrap();
        products::insert(&db, &product).await.unwrap();
        let stored = products::list_by_service(&db, "LIMOO_SHOP").await.unwrap();
        assert_eq!(stored[0].price.get(), 9_000_000_000_000, "{}", db.backend());
    })
    .await;
}
