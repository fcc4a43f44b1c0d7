//! The sweeper's reading of the payments it works through.
use std::collections::HashSet;

use limoo_bff::{
    domain::{MobileNumber, payment::Gateway},
    store::{
        Db,
        customers::{self, AuthType, NewCustomer},
        demo, now_ms, orders,
        payments::{self, NewPayment, Sweep},
        products,
    },
};

use crate::on_every_backend;

/// `count` new payments of one order, all stamped within the same few milliseconds; their ids.
async fn waiting_payments(db: &Db, count: usize) -> Vec<i64> {
    demo::load_if_empty(db, "LIMOO_SHOP").await.unwrap();
    let number = MobileNumber::parse("09121234567", 1, "98").unwrap();
    let new = NewCustomer { mobile: &number, email: None, first_name: "x", last_name: "y", auth_type: AuthType::Sms };
    let customer = customers::insert_or_get(db, new).await.unwrap();
    let catalogue = products::list_by_service(db, "LIMOO_SHOP").await.unwrap();
    let order = orders::NewOrder {
        customer_id: customer.id,
        service: "LIMOO_SHOP".into(),
        session_id: None,
        utm_campaign: None,
        meta: "{}".into(),
        products: catalogue.into_iter().filter(|p| p.id == 101).collect(),
    };
    let order_id = orders::create(db, order).await.unwrap();
    let mut tx = db.begin().await.unwrap();
    let mut ids = Vec::new();
    for _ in 0..count {
        let payment = NewPayment {
            order_id,
            customer_id: customer.id,
            gateway: Gateway::Vandar,
            amount: 1_000,
            gateway_amount: 10_000,
            result_url: "https://shop.test/result",
            idempotency_key: None,
            product_permalink: None,
        };
        ids.push(payments::insert(&mut tx, &payment).await.unwrap().expect("stored"));
    }
    tx.commit().await.unwrap();
    ids
}

#[tokio::test]
async fn a_sweep_reads_every_waiting_payment_once_however_many_wait() {
    on_every_backend(|db| async move {
        // Two and a half pages, most sharing one timestamp: the pages must not skip or repeat one of equals.
        let stored = waiting_payments(&db, payments::SWEEP_PAGE * 5 / 2).await;
        let mut sweep = Sweep::stale(now_ms() + 1);
        let mut read = Vec::new();
        while let Some(payment) = sweep.next(&db).await.unwrap() {
            read.push((payment.updated_at, payment.id));
        }
        assert_eq!(read.len(), stored.len(), "{}: each payment once", db.backend());
        assert_eq!(read.iter().map(|(_, id)| *id).collect::<HashSet<_>>(), stored.into_iter().collect());
        assert!(read.is_sorted(), "{}: oldest untouched first", db.backend());
        assert!(Sweep::stale(read[0].0).next(&db).await.unwrap().is_none(), "only payments untouched since `before`");
    })
    .await;
}
