//! What the customer paid is one number everywhere: for random prices, promotion codes, points and gift cards,
//! the invoice's payable total, the amount the gateway took and the orders-history line agree: what the customer is shown is what was charged.
use limoo_tests::{TestApp, payment::pay_online, spawn_app};
use proptest::prelude::*;
use serde_json::{Value, json};

const MOBILE: &str = "09121234567";

/// One random purchase.
#[derive(Debug, Clone)]
struct Purchase {
    /// Original and final price of the one-month diet (101), toman.
    original: i64,
    final_price: i64,
    /// The mentor add-on (151) joins the basket.
    with_mentor: bool,
    /// A demo promotion code typed at checkout.
    code: Option<&'static str>,
    /// Points the customer has; put on the order when `use_points`.
    points: i64,
    use_points: bool,
    /// The customer first redeemed the demo gift card GIFT1M (a free, paid order of 101).
    gift_card: bool,
}

fn purchase() -> impl Strategy<Value = Purchase> {
    (
        (1i64..5_000).prop_flat_map(|thousands| (Just(thousands), 1..=thousands)),
        any::<bool>(),
        prop_oneof![Just(None), Just(Some("LIMOO20")), Just(Some("YALDA50000")), Just(Some("FREE100"))],
        0i64..2_000,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|((original, final_price), with_mentor, code, points, use_points, gift_card)| Purchase {
            original: original * 1_000,
            final_price: final_price * 1_000,
            with_mentor,
            code,
            points,
            use_points,
            gift_card,
        })
}

/// The orders-history line of `order`.
async fn history_line(app: &TestApp, token: &str, order: i64) -> Value {
    let (status, paid) = app.get_as(token, "/lemonade/api/orders?status=PAYMENT_SUCCESS").await;
    assert_eq!(status, 200, "{paid}");
    paid.as_array().and_then(|orders| orders.iter().find(|o| o["id"] == order)).cloned().expect("the order is listed")
}

async fn buy(purchase: Purchase) -> Result<(), TestCaseError> {
    let app = spawn_app().await;
    app.execute_sql(format!(
        "UPDATE product SET price = {}, final_price = {} WHERE product_id = 101",
        purchase.original, purchase.final_price
    ))
    .await;
    let token = match purchase.points {
        0 => app.existing_customer(MOBILE).await,
        points => app.customer_with_points(MOBILE, points).await,
    };
    if purchase.gift_card {
        let (status, redeemed) =
            app.post_as(&token, "/lemonade/api/limoo-cards", &json!({ "giftCode": "gift1m" })).await;
        prop_assert_eq!(status, 200, "{}", redeemed);
        let gift_order = redeemed["orderId"].as_i64().expect("the card's order");
        let line = history_line(&app, &token, gift_order).await;
        prop_assert_eq!(&line["totalPrice"], &json!(0), "a gift card costs nothing: {}", line);
    }
    let products: &[i64] = if purchase.with_mentor { &[101, 151] } else { &[101] };
    let order = app.create_order(&token, products).await;
    if let Some(code) = purchase.code {
        let (status, reply) =
            app.post_as(&token, "/lemonade/api/usedDiscounts", &json!({ "code": code, "orderId": order })).await;
        prop_assert_eq!(status, 200, "{}: {}", code, reply);
    }
    if purchase.use_points {
        // Refused when the customer has no points or no line may take them; the invoice then has none.
        app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": order })).await;
    }
    let (status, invoice) = app.invoice(&token, order).await;
    prop_assert_eq!(status, 200, "{}", invoice);
    let payable = invoice["totalPrice"].as_i64().expect("totalPrice");
    let deduction = invoice["userPointDeduction"].as_i64().expect("userPointDeduction");
    let gateway_took = if payable > 0 {
        pay_online(&app, &token, order, MOBILE, "VANDAR").await
    } else {
        let (status, reply) =
            app.post_as(&token, "/lemonade/api/orders/finalize-order", &json!({ "orderId": order })).await;
        prop_assert_eq!(status, 200, "{}", reply);
        prop_assert!(app.sims().payments(None).is_empty(), "nothing to pay goes to no gateway");
        0
    };
    prop_assert_eq!(gateway_took, payable, "the gateway took the invoice's payable total: {:?}", purchase);
    let line = history_line(&app, &token, order).await;
    prop_assert_eq!(&line["totalPrice"], &json!(payable), "the history shows what was paid: {} {:?}", line, purchase);
    prop_assert_eq!(&line["userPointDeduction"], &json!(deduction), "{}", line);
    prop_assert_eq!(&line["totalFinalPrice"], &invoice["totalFinalPrice"], "{}", line);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn the_invoice_the_gateway_and_the_orders_history_agree_on_what_was_paid(purchase in purchase()) {
        let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
        runtime.block_on(buy(purchase))?;
    }
}
