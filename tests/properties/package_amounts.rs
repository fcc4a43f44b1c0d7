//! The older package flow charges what its page shows: for random diet, mentor and bundle prices, lengths, hami and
//! points, the offer's total in the packages info is the selected order's invoice before points, never dearer than
//! the diet and the hami bought side by side, and the invoice's payable total is what the gateway takes.
use limoo_tests::{TestApp, payment::pay_online, spawn_app};
use proptest::prelude::*;
use serde_json::{Value, json};

const MOBILE: &str = "09121234567";

/// One random visit to the package page.
#[derive(Debug, Clone)]
struct Visit {
    /// Final prices of the three-month diet (102), its mentor (152) and the three-month bundle (121), toman.
    diet: i64,
    mentor: i64,
    bundle: i64,
    /// Months of the chosen offer (1, 3 or 6 in the demo catalogue).
    months: i64,
    hami: bool,
    points: i64,
    use_points: bool,
}

fn visit() -> impl Strategy<Value = Visit> {
    let lengths = prop_oneof![Just(1i64), Just(3), Just(6)];
    (1i64..1_290, 0i64..790, 0i64..2_290, lengths, any::<bool>(), 0i64..2_000, any::<bool>()).prop_map(
        |(diet, mentor, bundle, months, hami, points, use_points)| Visit {
            diet: diet * 1_000,
            mentor: mentor * 1_000,
            bundle: bundle * 1_000,
            months,
            hami,
            points,
            use_points,
        },
    )
}

fn amount(value: &Value, field: &str) -> i64 {
    value[field].as_i64().unwrap_or_else(|| panic!("{field} in {value}"))
}

async fn price(app: &TestApp, product: i64, final_price: i64) {
    app.execute_sql(format!("UPDATE product SET final_price = {final_price} WHERE product_id = {product}")).await;
}

async fn buy(visit: Visit) -> Result<(), TestCaseError> {
    let app = spawn_app().await;
    price(&app, 102, visit.diet).await;
    price(&app, 152, visit.mentor).await;
    price(&app, 121, visit.bundle).await;
    let token = match visit.points {
        0 => app.existing_customer(MOBILE).await,
        points => app.customer_with_points(MOBILE, points).await,
    };
    let (status, info) = app.get_as(&token, "/diet/package-infos?orExtend=true").await;
    prop_assert_eq!(status, 200, "{}", info);
    let offer = info["allOffers"]
        .as_array()
        .and_then(|offers| offers.iter().find(|o| o["productCount"] == visit.months))
        .cloned()
        .expect("every length of the demo catalogue is offered");
    let hami = visit.hami && offer["hasHami"] == true;
    let shown = amount(&offer, if hami { "totalWithHami" } else { "totalWithoutHami" });
    if hami {
        let parts = amount(&offer, "dietFinalPriceWithoutHami") + amount(&offer, "hamiFinalPriceWithHami");
        prop_assert!(shown <= parts, "with hami never dearer than the parts: {} {:?}", offer, visit);
    }

    let body = json!({ "dietCount": visit.months, "hasHami": hami, "hasPoints": visit.use_points });
    let (status, selected) = app.post_as(&token, "/diet/select-package", &body).await;
    prop_assert_eq!(status, 200, "{}", selected);
    let order = amount(&selected, "orderId");
    let (status, invoice) = app.invoice(&token, order).await;
    prop_assert_eq!(status, 200, "{}", invoice);
    prop_assert_eq!(amount(&invoice, "totalFinalPrice"), shown, "the order costs what the offer showed: {:?}", visit);
    prop_assert_eq!(&selected["invoice"]["totalPrice"], &invoice["totalPrice"], "{}", selected);
    let payable = amount(&invoice, "totalPrice");
    prop_assert_eq!(payable, (shown - amount(&invoice, "userPointDeduction")).max(0), "{}", invoice);
    prop_assert_eq!(selected["needPayment"] == true, payable > 0, "{}", selected);
    if payable > 0 {
        let took = pay_online(&app, &token, order, MOBILE, "VANDAR").await;
        prop_assert_eq!(took, payable, "the gateway took the invoice's payable total: {:?}", visit);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn the_package_page_the_invoice_and_the_gateway_agree_on_what_an_offer_costs(visit in visit()) {
        let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
        runtime.block_on(buy(visit))?;
    }
}
