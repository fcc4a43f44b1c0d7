//! Two customers pay through one gateway in any order, and either posts the other's proof of payment on their own
//! payment's callback (before or after its owner's browser returns), while the sweeper runs in between: each
//! customer's money kept, as the simulator's ledger records it, is what their own paid order costs, once, or
//! nothing; no order is paid twice or with someone else's money, and nothing is left taken but not accounted for.
use limoo_bff::shop::{payments::sweep, settling::Settling};
use limoo_simulators::{Gateway, PageAction, browser, browser::Navigation};
use limoo_tests::{
    TestApp,
    payment::{borrow_proof, entry, money_by_payment, payment_ids, payment_request, texts_of_order, times_paid},
    spawn_app,
};
use proptest::prelude::*;
use serde_json::{Value, json};

/// Gateways whose proof a customer's browser carries back (Digipay's tracking code, PayPing's paymentRefId).
const GATEWAYS: [(Gateway, &str); 2] = [(Gateway::Digipay, "limoo_digipay"), (Gateway::PayPing, "PAYPING")];

#[derive(Debug, Clone, Copy)]
enum Step {
    /// Customer n pays on their hosted page; their browser has not come back yet.
    Pay(usize),
    /// Customer n's browser brings their own callback back (again, maybe).
    Return(usize),
    /// Customer n, who has not paid, posts their payment's callback with the other customer's proof.
    Borrow(usize),
    Sweep,
}

fn steps() -> impl Strategy<Value = Vec<Step>> {
    let one = prop_oneof![
        (0usize..2).prop_map(Step::Pay),
        (0usize..2).prop_map(Step::Return),
        (0usize..2).prop_map(Step::Borrow),
        Just(Step::Sweep)
    ];
    proptest::collection::vec(one, 1..10)
}

/// A customer, their order and where their payment is.
struct Customer {
    token: String,
    order: i64,
    reply: Value,
    /// Their hosted page was used (paid or declined to borrow): it cannot be used again.
    page_used: bool,
    paid: Option<Navigation>,
}

async fn customer(app: &TestApp, mobile: &str, product: i64, method: &str) -> Customer {
    let token = app.existing_customer(mobile).await;
    let order = app.create_order(&token, &[product]).await;
    let mut body = payment_request(app, &token, order, method);
    body["mobile"] = json!(mobile);
    let (status, reply) = app.post_as(&token, "/lemonade/api/payments", &body).await;
    assert_eq!(status, 200, "{reply}");
    Customer { token, order, reply, page_used: false, paid: None }
}

async fn two_customers(gateway: usize, dearer: bool, steps: Vec<Step>) -> Result<(), TestCaseError> {
    let (gateway, method) = GATEWAYS[gateway];
    let app = spawn_app().await;
    let sweeper = app.payment_sweeper(30);
    let mut customers = [
        customer(&app, "09121234567", 101, method).await,
        customer(&app, "09127654321", if dearer { 102 } else { 101 }, method).await,
    ];
    for step in &steps {
        match *step {
            Step::Pay(n) if !customers[n].page_used => {
                customers[n].page_used = true;
                let page = browser::press(entry(&customers[n].reply), PageAction::Pay).await.unwrap();
                customers[n].paid = page;
            }
            Step::Return(n) => {
                if let Some(callback) = &customers[n].paid {
                    limoo_tests::payment::follow(callback).await;
                }
            }
            Step::Borrow(n) if !customers[n].page_used => {
                if let Some(proof) = customers[1 - n].paid.clone() {
                    customers[n].page_used = true;
                    borrow_proof(gateway, &customers[n].reply, &proof).await;
                }
            }
            Step::Sweep => {
                sweep(Settling::from(&sweeper)).await.unwrap();
            }
            Step::Pay(_) | Step::Borrow(_) => {}
        }
    }
    // Every paying browser comes back in the end, and the sweeper settles what is left.
    for callback in customers.iter().filter_map(|c| c.paid.as_ref()) {
        limoo_tests::payment::follow(callback).await;
    }
    sweep(Settling::from(&sweeper)).await.unwrap();
    let money = money_by_payment(&app, gateway);
    for (n, customer) in customers.iter().enumerate() {
        let ids = payment_ids(&app, customer.order).await;
        let (kept, taken) = ids.iter().filter_map(|id| money.get(id)).fold((0, 0), |(k, t), m| (k + m.0, t + m.1));
        let paid = times_paid(&app, &customer.token, customer.order).await;
        let sql = "SELECT CAST(gateway_amount AS TEXT) FROM payment WHERE customer_order_id = $1";
        let price: i64 = texts_of_order(&app, sql, customer.order).await[0].parse().unwrap();
        prop_assert!(paid <= 1, "customer {}: order paid {} times: {:?}", n, paid, steps);
        prop_assert_eq!(kept, price * paid as i64, "customer {}: money kept against orders paid: {:?}", n, steps);
        prop_assert_eq!(taken, 0, "customer {}: money taken and not accounted for: {:?}", n, steps);
        let paid_by_self = customer.paid.is_some();
        prop_assert_eq!(paid == 1, paid_by_self, "customer {}: paid iff they paid themselves: {:?}", n, steps);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn borrowed_proofs_in_any_order_pay_only_their_own_customers_order(
        gateway in 0..GATEWAYS.len(),
        dearer in any::<bool>(),
        steps in steps(),
    ) {
        let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
        runtime.block_on(two_customers(gateway, dearer, steps))?;
    }
}
