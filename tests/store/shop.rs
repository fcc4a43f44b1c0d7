//! The shop tables: wizard configs, promotion uses, one code per order, one live points hold per
//! customer, the demo data loading once, and order statuses read back strictly.
use limoo_bff::{
    domain::{MobileNumber, points::HoldStatus},
    store::{
        Db,
        customers::{self, AuthType, NewCustomer},
        demo, now_ms, order_queue, orders,
        points::{self, NewHold},
        products, promotions, wizard_configs,
    },
};

use crate::on_every_backend;

/// A stored customer with one order of product 101; `(customer id, order id)`.
async fn customer_with_order(db: &Db, mobile: &str) -> (i64, i64) {
    demo::load_if_empty(db, "LIMOO_SHOP").await.unwrap();
    let number = MobileNumber::parse(mobile, 1, "98").unwrap();
    let new = NewCustomer { mobile: &number, email: None, first_name: "x", last_name: "y", auth_type: AuthType::Sms };
    let customer = customers::insert_or_get(db, new).await.unwrap();
    let order = order_of(db, customer.id, &[101]).await;
    (customer.id, orders::create(db, order).await.unwrap())
}

/// A new order of the demo products `ids`, in that order.
async fn order_of(db: &Db, customer_id: i64, ids: &[i64]) -> orders::NewOrder {
    let catalogue = products::list_by_service(db, "LIMOO_SHOP").await.unwrap();
    let products = ids.iter().map(|id| catalogue.iter().find(|p| p.id == *id).expect("a demo product").clone());
    orders::NewOrder {
        customer_id,
        service: "LIMOO_SHOP".into(),
        session_id: None,
        utm_campaign: None,
        meta: "{}".into(),
        products: products.collect(),
    }
}

#[tokio::test]
async fn demo_wizards_and_codes_load_once_and_round_trip() {
    on_every_backend(|db| async move {
        demo::load_if_empty(&db, "LIMOO_SHOP").await.unwrap();
        demo::load_if_empty(&db, "LIMOO_SHOP").await.unwrap();
        let expected = demo::wizard_configs().unwrap();
        assert_eq!(wizard_configs::count(&db).await.unwrap() as usize, expected.len(), "{}", db.backend());
        for config in &expected {
            let stored = wizard_configs::find(&db, "limoo_shop", &config.id).await.unwrap();
            assert_eq!(stored.as_ref(), Some(config), "{}: {}", db.backend(), config.id);
        }
        assert!(wizard_configs::find(&db, "OTHER_SHOP", &expected[0].id).await.unwrap().is_none());
        assert_eq!(promotions::count(&db).await.unwrap() as usize, demo::promotions().unwrap().len());
        let mut tx = db.read().await.unwrap();
        let stored = promotions::find_by_code(&mut tx, " limoo20").await.unwrap().expect("LIMOO20");
        let demo = demo::promotions().unwrap().into_iter().find(|p| p.code == "LIMOO20").unwrap();
        assert_eq!(stored, demo, "{}", db.backend());
    })
    .await;
}

#[tokio::test]
async fn demo_customers_get_their_points_once() {
    on_every_backend(|db| async move {
        assert_eq!(demo::load_customers(&db).await.unwrap(), 3);
        demo::load_customers(&db).await.unwrap();
        let turkish = MobileNumber::parse("+905321234567", 220, "90").unwrap();
        let customer = customers::find_by_mobile(&db, &turkish).await.unwrap().expect("stored");
        assert_eq!(customer.email.as_deref(), Some("foreign@example.com"), "{}", db.backend());
        assert_eq!(customer.auth_type, AuthType::Email);
        let mut tx = db.read().await.unwrap();
        assert_eq!(points::balance(&mut tx, customer.id, now_ms()).await.unwrap(), 100, "{}", db.backend());
    })
    .await;
}

#[tokio::test]
async fn a_code_is_never_used_more_than_its_limit_and_a_use_can_be_given_back() {
    on_every_backend(|db| async move {
        demo::load_if_empty(&db, "LIMOO_SHOP").await.unwrap();
        let mut tx = db.begin().await.unwrap();
        let once = promotions::find_by_code(&mut tx, "ONCE").await.unwrap().unwrap();
        assert!(promotions::take_use(&mut tx, once.id).await.unwrap());
        assert!(!promotions::take_use(&mut tx, once.id).await.unwrap(), "{}", db.backend());
        promotions::give_back_use(&mut tx, once.id).await.unwrap();
        assert!(promotions::take_use(&mut tx, once.id).await.unwrap());
        let unlimited = promotions::find_by_code(&mut tx, "LIMOO20").await.unwrap().unwrap();
        for _ in 0..3 {
            assert!(promotions::take_use(&mut tx, unlimited.id).await.unwrap());
        }
        tx.commit().await.unwrap();
    })
    .await;
}

#[tokio::test]
async fn an_order_holds_one_active_code() {
    on_every_backend(|db| async move {
        let (_, order) = customer_with_order(&db, "09121234567").await;
        let mut tx = db.begin().await.unwrap();
        let code = promotions::find_by_code(&mut tx, "LIMOO20").await.unwrap().unwrap();
        let used = promotions::insert_used(&mut tx, code.id, order).await.unwrap().expect("first code");
        tx.commit().await.unwrap();
        let mut tx = db.begin().await.unwrap();
        assert_eq!(promotions::insert_used(&mut tx, code.id, order).await.unwrap(), None, "{}", db.backend());
        drop(tx);
        let mut tx = db.begin().await.unwrap();
        assert!(promotions::change_status(&mut tx, used, promotions::ACTIVE, promotions::CANCELED).await.unwrap());
        assert!(promotions::insert_used(&mut tx, code.id, order).await.unwrap().is_some(), "after cancelling");
        tx.commit().await.unwrap();
    })
    .await;
}

#[tokio::test]
async fn a_customer_has_at_most_one_live_points_hold() {
    on_every_backend(|db| async move {
        let (customer, first) = customer_with_order(&db, "09121234567").await;
        let (_, second_order) = customer_with_order(&db, "09121234567").await;
        points::grant(&db, customer, 250, "test").await.unwrap();
        let hold = |order_id, status| NewHold {
            customer_id: customer,
            order_id,
            status,
            points: 100,
            amount: 100_000,
            created_at: now_ms(),
            expires_at: now_ms() + 60_000,
        };
        let mut tx = db.begin().await.unwrap();
        let held = points::store_hold(&mut tx, &hold(first, HoldStatus::AddedToOrder), None).await.unwrap().unwrap();
        assert_eq!(points::balance(&mut tx, customer, now_ms()).await.unwrap(), 150);
        let released = points::store_hold(&mut tx, &hold(second_order, HoldStatus::Canceled), None).await.unwrap();
        let released = released.expect("a released hold is not live").id;
        tx.commit().await.unwrap();
        let mut tx = db.begin().await.unwrap();
        let second = points::store_hold(&mut tx, &hold(second_order, HoldStatus::Reserved), None).await.unwrap();
        assert_eq!(second, None, "{}: the partial unique index refuses a second live hold", db.backend());
        drop(tx);
        let mut tx = db.begin().await.unwrap();
        let revived = points::store_hold(&mut tx, &hold(second_order, HoldStatus::Reserved), Some(released)).await;
        assert_eq!(revived.unwrap(), None, "{}: nor a released one made live again", db.backend());
        drop(tx);
        let mut tx = db.begin().await.unwrap();
        assert!(points::set_status(&mut tx, held.id, HoldStatus::AddedToOrder, HoldStatus::Used).await.unwrap());
        assert_eq!(points::balance(&mut tx, customer, now_ms()).await.unwrap(), 150, "spent, not held");
        let live = hold(second_order, HoldStatus::AddedToOrder);
        let revived = points::store_hold(&mut tx, &live, Some(released)).await.unwrap();
        assert_eq!(revived.map(|h| h.id), Some(released), "the order's released hold, live again");
        assert_eq!(points::balance(&mut tx, customer, now_ms()).await.unwrap(), 50);
        let again = points::store_hold(&mut tx, &live, Some(released)).await.unwrap();
        assert_eq!(again, None, "a live hold is not reused");
        tx.commit().await.unwrap();
    })
    .await;
}

#[tokio::test]
async fn a_stored_order_status_the_bff_does_not_know_fails_the_read() {
    on_every_backend(|db| async move {
        let (customer, order) = customer_with_order(&db, "09121234567").await;
        for table in ["customer_order", "order_status"] {
            let sql = format!("UPDATE {table} SET status = 'SHIPPED' WHERE customer_order_id = $1");
            let sql = sqlx::AssertSqlSafe(sql);
            match &db {
                Db::Sqlite(pool) => sqlx::query(sql).bind(order).execute(pool).await.map(|_| ()),
                Db::Postgres(pool) => sqlx::query(sql).bind(order).execute(pool).await.map(|_| ()),
            }
            .unwrap();
        }
        let mut tx = db.read().await.unwrap();
        let read = orders::find_for_customer(&mut tx, order, customer).await;
        let refused = read.expect_err("an unknown status is refused, not defaulted").to_string();
        assert_eq!(refused, format!("order {order} has status SHIPPED"), "{}", db.backend());
        let history = orders::status_history(&mut tx, order).await;
        assert!(history.is_err(), "{}: the history is refused too", db.backend());
    })
    .await;
}

#[tokio::test]
async fn orders_queued_at_once_are_each_stored_whole_with_their_own_lines() {
    on_every_backend(|db| async move {
        let (customer, _) = customer_with_order(&db, "09121234567").await;
        let baskets = [vec![101], vec![151, 101], vec![111, 121, 151], vec![151]];
        let mut new = Vec::new();
        for ids in &baskets {
            new.push(order_of(&db, customer, ids).await);
        }
        let queue = order_queue::OrderQueue::new(db.clone());
        let made = futures::future::join_all(new.into_iter().map(|order| queue.create(order))).await;
        let ids: Vec<i64> = made.into_iter().map(|made| made.unwrap()).collect();
        let mut distinct = ids.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), baskets.len(), "{}: one id per order", db.backend());
        let mut tx = db.read().await.unwrap();
        for (id, basket) in ids.iter().zip(&baskets) {
            let order = orders::find_for_customer(&mut tx, *id, customer).await.unwrap().expect("stored");
            let lines: Vec<i64> = order.items.iter().map(|line| line.product_id).collect();
            assert_eq!(&lines, basket, "{}: the order's own lines, in basket order", db.backend());
            let history = orders::status_history(&mut tx, *id).await.unwrap();
            assert_eq!(history.len(), 1, "{}: created once", db.backend());
        }
    })
    .await;
}

#[tokio::test]
async fn an_order_that_cannot_be_stored_fails_alone() {
    on_every_backend(|db| async move {
        let (customer, _) = customer_with_order(&db, "09121234567").await;
        let queue = order_queue::OrderQueue::new(db.clone());
        // No such customer: the foreign key refuses that order, whichever transaction it shares.
        let mut new = Vec::new();
        for customer_id in [customer, -1, customer] {
            new.push(order_of(&db, customer_id, &[101]).await);
        }
        let made = futures::future::join_all(new.into_iter().map(|order| queue.create(order))).await;
        assert!(made[0].is_ok() && made[2].is_ok(), "{}: {made:?}", db.backend());
        assert!(made[1].is_err(), "{}: the order of an unknown customer is refused", db.backend());
        assert_eq!(orders::count(&db).await.unwrap(), 3, "{}: the first order and the two good ones", db.backend());
    })
    .await;
}
