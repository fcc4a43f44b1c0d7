//! The catalogue from memory: listings carry an `ETag` and answer 304 to it, and a change made anywhere (the store,
//! another replica) reaches every replica through the catalogue's version row.
use limoo_tests::spawn_app;
use serde_json::Value;

const PRODUCTS: &str = "/lemonade/api/products";

#[tokio::test]
async fn a_listing_is_revalidated_by_its_etag() {
    let app = spawn_app().await;
    let first = app.client.get(app.url(PRODUCTS)).send().await.unwrap();
    assert_eq!(first.status(), 200);
    assert_eq!(first.headers()["cache-control"], "no-cache");
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    let body = first.text().await.unwrap();

    let again = app.client.get(app.url(PRODUCTS)).header("If-None-Match", &etag).send().await.unwrap();
    assert_eq!(again.status(), 304, "the client's copy is current");
    assert_eq!(again.headers()["etag"].to_str().unwrap(), etag);
    assert!(again.text().await.unwrap().is_empty());

    let other = app.client.get(app.url(PRODUCTS)).header("If-None-Match", "\"stale\"").send().await.unwrap();
    assert_eq!(other.status(), 200);
    assert_eq!(other.text().await.unwrap(), body, "the same bytes from memory");

    let filtered = app.client.get(app.url(PRODUCTS)).query(&[("where", r#"{"productType":"BUNDLE"}"#)]);
    let filtered = filtered.header("If-None-Match", &etag).send().await.unwrap();
    assert_eq!(filtered.status(), 200, "another query is another listing");
    assert_ne!(filtered.headers()["etag"].to_str().unwrap(), etag);
}

/// A phone on a slow network gets the listing gzipped, named by a weak validator it can revalidate with.
#[tokio::test]
async fn a_gzipped_listing_is_smaller_and_revalidates_by_its_weak_etag() {
    let app = spawn_app().await;
    let plain = app.client.get(app.url(PRODUCTS)).send().await.unwrap();
    let strong = plain.headers()["etag"].to_str().unwrap().to_owned();
    let plain = plain.bytes().await.unwrap();

    let gzipped = app.client.get(app.url(PRODUCTS)).header("Accept-Encoding", "gzip, br").send().await.unwrap();
    assert_eq!(gzipped.headers()["content-encoding"], "gzip");
    assert_eq!(gzipped.headers()["vary"], "accept-encoding");
    let weak = gzipped.headers()["etag"].to_str().unwrap().to_owned();
    assert_eq!(weak, format!("W/{strong}"));
    let compressed = gzipped.bytes().await.unwrap();
    assert!(compressed.len() * 3 < plain.len(), "{} of {} bytes", compressed.len(), plain.len());

    let again = app.client.get(app.url(PRODUCTS)).header("Accept-Encoding", "gzip").header("If-None-Match", &weak);
    assert_eq!(again.send().await.unwrap().status(), 304);
}

#[tokio::test]
async fn a_change_reaches_every_replica_through_the_version_row() {
    let app = spawn_app().await;
    let replica = app.start_process(&[("CATALOGUE_RECHECK_MS", "0")]).await.expect("a second replica");
    let listing = |url: String| {
        let client = app.client.clone();
        async move {
            let reply = client.get(url).send().await.unwrap();
            let etag = reply.headers()["etag"].to_str().unwrap().to_owned();
            let products: Vec<Value> = reply.json().await.unwrap();
            (etag, products.iter().map(|p| p["finalPrice"].clone()).collect::<Vec<_>>())
        }
    };
    let (here_before, prices_before) = listing(app.url(PRODUCTS)).await;
    let (there_before, _) = listing(replica.url(PRODUCTS)).await;
    assert_eq!(here_before, there_before, "replicas name the same listing alike");

    app.execute_sql("UPDATE product SET final_price = final_price - 1000 WHERE product_id = 101").await;

    let (here_after, prices_after) = listing(app.url(PRODUCTS)).await;
    let (there_after, _) = listing(replica.url(PRODUCTS)).await;
    assert_ne!(here_after, here_before, "the cached listing was dropped");
    assert_ne!(prices_after, prices_before);
    assert_eq!(there_after, here_after, "the other replica sees the change too");
}

/// The wizard's config is kept like a listing: revalidated by its `ETag`, dropped when a product it offers changes,
/// and an unknown id stays a 404 however often it is asked.
#[tokio::test]
async fn a_wizard_config_is_revalidated_and_follows_the_catalogue() {
    let app = spawn_app().await;
    let url = app.url("/lemonade/api/limoo-integrations/config/SELECT_PACKAGE_F_PRODUCTS");
    let first = app.client.get(&url).send().await.unwrap();
    assert_eq!(first.status(), 200);
    assert_eq!(first.headers()["cache-control"], "no-cache");
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    let before: Value = first.json().await.unwrap();
    assert!(before["products"]["101"].is_object(), "{before}");

    let again = app.client.get(&url).header("If-None-Match", &etag).send().await.unwrap();
    assert_eq!(again.status(), 304);

    app.execute_sql("UPDATE product SET final_price = final_price - 1000 WHERE product_id = 101").await;
    let changed = app.client.get(&url).header("If-None-Match", &etag).send().await.unwrap();
    assert_eq!(changed.status(), 200, "the product's price moved");
    let after: Value = changed.json().await.unwrap();
    assert_eq!(
        after["products"]["101"]["finalPrice"].as_i64(),
        before["products"]["101"]["finalPrice"].as_i64().map(|p| p - 1000)
    );

    for _ in 0..3 {
        let unknown =
            app.client.get(app.url("/lemonade/api/limoo-integrations/config/NO_SUCH_CONFIG")).send().await.unwrap();
        assert_eq!(unknown.status(), 404);
    }
}

#[tokio::test]
async fn a_bad_filter_is_still_a_400_and_never_kept() {
    let app = spawn_app().await;
    for _ in 0..2 {
        let reply = app.client.get(app.url(PRODUCTS)).query(&[("where", "{not json")]).send().await.unwrap();
        assert_eq!(reply.status(), 400);
        assert!(reply.headers().get("etag").is_none());
    }
}

/// An order prices its basket from the kept catalogue: a change made behind a replica's back reaches its next order,
/// in price and in what is for sale.
#[tokio::test]
async fn an_order_follows_the_catalogue_as_it_now_is() {
    let app = spawn_app().await;
    let replica = app.start_process(&[("CATALOGUE_RECHECK_MS", "0")]).await.expect("a second replica");
    let token = app.existing_customer("09121234567").await;
    let order = |url: String| {
        let request = app.client.post(url).bearer_auth(&token).json(&serde_json::json!({ "productIds": [101] }));
        async move {
            let reply = request.send().await.unwrap();
            (reply.status().as_u16(), reply.json::<Value>().await.unwrap())
        }
    };
    let (app, token) = (&app, &token);
    let total = |created: Value| async move {
        let (status, bill) = app.invoice(token, created["id"].as_i64().expect("an order id")).await;
        assert_eq!(status, 200, "{bill}");
        bill["totalFinalPrice"].as_i64().expect("a total")
    };
    let (status, before) = order(replica.url("/lemonade/api/orders")).await;
    assert_eq!(status, 200, "{before}");
    let before = total(before).await;

    app.execute_sql("UPDATE product SET final_price = final_price - 1000 WHERE product_id = 101").await;
    let (status, after) = order(replica.url("/lemonade/api/orders")).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(total(after).await, before - 1000, "the new price, not the kept one");

    app.execute_sql("UPDATE product SET is_enabled = 0 WHERE product_id = 101").await;
    for url in [replica.url("/lemonade/api/orders"), app.url("/lemonade/api/orders")] {
        let (status, refused) = order(url).await;
        assert_eq!(status, 400, "no longer for sale: {refused}");
    }
}
