//! A payment the shop had given up on (it expired unanswered by any callback, or a newer payment replaced it) that
//! the customer paid after all still counts while the gateway allows: it pays the order when nothing else did, and
//! otherwise its money goes back at once through the gateway, not at the end of the gateway's window.
use limoo_bff::shop::{payments::sweep, settling::Settling};
use limoo_simulators::{Gateway, PageAction, browser};
use limoo_tests::{
    TestApp,
    payment::{
        checkout_method, entry, follow, money_by_payment, payment_ids, payment_request, payment_states, result_url,
        times_paid,
    },
    spawn_app,
};
use serde_json::{Value, json};

async fn start(app: &TestApp, token: &str, order: i64, method: &str) -> Value {
    let mut body = payment_request(app, token, order, method);
    body["mobile"] = json!("09121234567");
    let (status, reply) = app.post_as(token, "/lemonade/api/payments", &body).await;
    assert_eq!(status, 200, "{reply}");
    reply
}

/// Every open payment expires: the sweeper with a window of zero minutes.
async fn expire_everything(app: &TestApp) {
    sweep(Settling::from(&app.payment_sweeper(0))).await.expect("swept");
}

/// The customer pays on the page, and their browser comes back only after the shop expired the payment.
#[tokio::test]
async fn a_payment_whose_browser_returns_after_it_expired_still_pays_the_order() {
    for (gateway, method) in
        [(Gateway::PayPing, "PAYPING"), (Gateway::Digipay, "limoo_digipay"), (Gateway::Saman, "LIMOO_SAMAN")]
    {
        let app = spawn_app().await;
        let token = app.existing_customer("09121234567").await;
        let order = app.create_order(&token, &[101]).await;
        let reply = start(&app, &token, order, method).await;
        let callback = browser::press(entry(&reply), PageAction::Pay).await.expect("the page").expect("a callback");
        expire_everything(&app).await;
        assert_eq!(payment_states(&app, order).await, ["EXPIRED"], "{gateway:?}");
        assert_eq!(follow(&callback).await, result_url(&app, true, order), "{gateway:?}");
        assert_eq!(times_paid(&app, &token, order).await, 1, "{gateway:?}: the late payment pays the order");
        assert_eq!(payment_states(&app, order).await, ["VERIFIED"], "{gateway:?}");
        let money = money_by_payment(&app, gateway);
        let id = payment_ids(&app, order).await.remove(0);
        assert!(money.get(&id).is_some_and(|(kept, taken)| *kept > 0 && *taken == 0), "{gateway:?}: {money:?}");
    }
}

/// A replaced payment paid late, once the order was paid through its newer payment: the money goes back at once
/// through the gateway and shows as REVERSED; the order stays paid once.
#[tokio::test]
async fn a_replaced_payment_paid_late_of_an_order_paid_otherwise_goes_back_at_once() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    let old = start(&app, &token, order, "PAYPING").await;
    let late = browser::press(entry(&old), PageAction::Pay).await.expect("the page").expect("a callback");
    let newer = start(&app, &token, order, "VANDAR").await;
    let paid = browser::press(entry(&newer), PageAction::Pay).await.expect("the page").expect("a callback");
    follow(&paid).await;
    assert_eq!(times_paid(&app, &token, order).await, 1);
    follow(&late).await;
    assert_eq!(times_paid(&app, &token, order).await, 1, "paid once");
    let states = payment_states(&app, order).await;
    assert!(states.contains(&"REVERSED".to_owned()), "the late money went back at once: {states:?}");
    let taken: i64 = money_by_payment(&app, Gateway::PayPing).values().map(|(kept, taken)| kept + taken).sum();
    assert_eq!(taken, 0, "PayPing keeps nothing");
}

/// The customer pays on the page of a gateway that is asked by its token alone, after the shop expired the payment,
/// and never comes back (the tab closed): the sweeper still finds the money, and it pays the order once. An expired
/// payment nobody paid stays unpaid, and is asked about no differently.
#[tokio::test]
async fn a_payment_paid_after_it_expired_with_no_browser_coming_back_is_found_by_the_sweeper() {
    for gateway in [Gateway::Vandar, Gateway::SnappPay, Gateway::Tara] {
        let method = checkout_method(gateway);
        let app = spawn_app().await;
        let token = app.existing_customer("09121234567").await;
        let order = app.create_order(&token, &[101]).await;
        let reply = start(&app, &token, order, method).await;
        let other = app.existing_customer("09127654321").await;
        let abandoned = app.create_order(&other, &[101]).await;
        start(&app, &other, abandoned, method).await;
        expire_everything(&app).await;
        assert_eq!(payment_states(&app, order).await, ["EXPIRED"], "{gateway:?}");
        browser::press(entry(&reply), PageAction::Pay).await.expect("the page").expect("a callback, never brought");
        expire_everything(&app).await;
        assert_eq!(times_paid(&app, &token, order).await, 1, "{gateway:?}: the late money pays the order");
        assert_eq!(payment_states(&app, order).await, ["VERIFIED"], "{gateway:?}");
        expire_everything(&app).await;
        assert_eq!(times_paid(&app, &token, order).await, 1, "{gateway:?}: once");
        assert_eq!(times_paid(&app, &other, abandoned).await, 0, "{gateway:?}: the unpaid one stays unpaid");
        assert_eq!(payment_states(&app, abandoned).await, ["EXPIRED"], "{gateway:?}");
        let money = money_by_payment(&app, gateway);
        let id = payment_ids(&app, order).await.remove(0);
        assert!(money.get(&id).is_some_and(|(kept, taken)| *kept > 0 && *taken == 0), "{gateway:?}: {money:?}");
    }
}
