//! Online payments: amounts in each gateway's unit, the mobile formats gateways take, the state
//! machine, and random interleavings of browser returns, gateway callbacks and the sweeper on one
//! real payment, which complete the order exactly once; and random starts, payments, callbacks and sweeps
//! across several payments of one order, which keep the money at most once.
use limoo_bff::{
    domain::{
        MobileNumber, Toman,
        mobile_number::IRAN,
        payment::{PaymentState, Unit, plus_prefixed_mobile, zero_prefixed_mobile},
    },
    shop::{payments::sweep, settling::Settling},
};
use limoo_simulators::{
    PageAction,
    browser::{self, Navigation},
};
use limoo_tests::spawn_app;
use proptest::prelude::*;
use serde_json::json;

proptest! {
    #[test]
    fn toman_goes_to_rial_and_back_exactly(amount in 0i64..1_000_000_000_000) {
        let toman = Toman::new(amount).unwrap();
        prop_assert_eq!(Unit::Rial.of(toman), Some(amount * 10));
        prop_assert_eq!(Unit::Rial.to_toman(amount * 10), Some(toman));
        prop_assert_eq!(Unit::Toman.of(toman), Some(amount));
        prop_assert_eq!(Unit::Toman.to_toman(amount), Some(toman));
    }

    #[test]
    fn rial_that_is_not_whole_toman_is_refused(amount in 0i64..1_000_000_000, rest in 1i64..10) {
        prop_assert_eq!(Unit::Rial.to_toman(amount * 10 + rest), None);
    }

    #[test]
    fn online_gateways_get_09_and_the_others_plus_98(
        digits in "9[0-9]{9}",
        prefix in prop_oneof![Just(""), Just("0"), Just("98"), Just("+98"), Just("0098")],
        persian in any::<bool>(),
    ) {
        let typed = format!("{prefix}{digits}");
        let typed = if persian {
            typed.chars().map(|c| c.to_digit(10).map_or(c, |d| char::from_u32(0x06F0 + d).unwrap())).collect()
        } else {
            typed
        };
        let mobile = MobileNumber::parse(&typed, IRAN, "98").unwrap();
        prop_assert_eq!(zero_prefixed_mobile(&mobile), Some(format!("0{digits}")));
        prop_assert_eq!(plus_prefixed_mobile(&mobile), format!("+98{digits}"));
    }

    #[test]
    fn verified_is_reached_once_never_left_and_money_only_moves_back(
        steps in proptest::collection::vec(proptest::sample::select(PaymentState::ALL.to_vec()), 0..12),
    ) {
        let mut state = PaymentState::Created;
        let mut verified = 0;
        for to in steps {
            if state.can_become(to) {
                prop_assert!(state.is_open() || to.is_refund(), "{state:?} → {to:?}: only money going back leaves a final state");
                prop_assert!(state != PaymentState::Verified, "a verified payment paid its order: {state:?} → {to:?}");
                state = to;
                verified += usize::from(to == PaymentState::Verified);
            }
        }
        prop_assert!(verified <= 1);
    }
}

#[derive(Debug, Clone, Copy)]
enum Arrival {
    /// The browser (or the gateway's repeated delivery) brings the callback.
    Callback,
    Sweeper,
}

fn arrivals() -> impl Strategy<Value = Vec<(Arrival, u64)>> {
    let one = (prop_oneof![Just(Arrival::Callback), Just(Arrival::Sweeper)], 0u64..40);
    proptest::collection::vec(one, 1..6)
}

async fn interleave(arrivals: Vec<(Arrival, u64)>) -> Result<(), TestCaseError> {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    let customer = app.tokens().verify(&token).unwrap().sub;
    let body = json!({
        "orderId": order, "customerId": customer, "mobile": "09121234567",
        "paymentConfig": { "gateway": "online", "paymentResultUrl": app.url("/#/payment-result") },
    });
    let (status, reply) = app.post_as(&token, "/lemonade/api/payments", &body).await;
    prop_assert_eq!(status, 200, "{}", reply);
    let link = reply["paymentLink"].as_str().unwrap().to_owned();
    let callback = browser::press(Navigation::get(&link), PageAction::Pay).await.unwrap().unwrap();
    let state = app.payment_sweeper(30);
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let tasks = arrivals.iter().map(|&(arrival, delay)| {
        let (state, callback, browser) = (state.clone(), callback.clone(), browser.clone());
        async move {
            tokio::time::sleep(std::time::Duration::from_millis(delay)).await;
            match arrival {
                Arrival::Callback => {
                    callback.send(&browser).await.unwrap();
                }
                Arrival::Sweeper => {
                    sweep(Settling::from(&state)).await.unwrap();
                }
            }
        }
    });
    futures::future::join_all(tasks).await;
    // Whatever arrived, a last sweep settles the payment.
    sweep(Settling::from(&state)).await.unwrap();
    let (_, paid) = app.get_as(&token, "/lemonade/api/orders?status=PAYMENT_SUCCESS").await;
    let paid = paid.as_array().unwrap();
    prop_assert_eq!(paid.len(), 1, "{:?}", arrivals);
    let statuses: Vec<&str> =
        paid[0]["orderStatuses"].as_array().unwrap().iter().map(|s| s["status"].as_str().unwrap()).collect();
    prop_assert_eq!(statuses, vec!["CREATED", "PAYMENT_SUCCESS"], "completed exactly once: {:?}", arrivals);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn returns_callbacks_and_sweeps_in_any_order_complete_the_order_once(arrivals in arrivals()) {
        let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
        runtime.block_on(interleave(arrivals))?;
    }
}

/// One thing a customer, a browser or the service does to one order's payments.
#[derive(Debug, Clone, Copy)]
enum Step {
    /// A start through one of [`GATEWAYS`] (a new tab, a retry, another method).
    Start(usize),
    /// The customer pays on the page of the n-th start.
    Pay(usize),
    /// The browser brings the n-th page's callback back (again, maybe).
    Callback(usize),
    Sweep,
}

const GATEWAYS: [&str; 3] = ["VANDAR", "PAYPING", "LIMOO_SAMAN"];

fn steps() -> impl Strategy<Value = Vec<Step>> {
    let one = prop_oneof![
        (0..GATEWAYS.len()).prop_map(Step::Start),
        (0usize..4).prop_map(Step::Pay),
        (0usize..4).prop_map(Step::Callback),
        Just(Step::Sweep),
    ];
    proptest::collection::vec(one, 1..12)
}

async fn several_payments(steps: Vec<Step>) -> Result<(), TestCaseError> {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    let sweeper = app.payment_sweeper(30);
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let mut pages: Vec<serde_json::Value> = Vec::new();
    let mut callbacks: Vec<Option<Navigation>> = Vec::new();
    let mut paid_links: Vec<String> = Vec::new();
    for step in &steps {
        match *step {
            Step::Start(g) => {
                let mut body = limoo_tests::payment::payment_request(&app, &token, order, GATEWAYS[g]);
                body["mobile"] = json!("09121234567");
                let (status, reply) = app.post_as(&token, "/lemonade/api/payments", &body).await;
                prop_assert!(status < 500, "{:?}: {} {}", steps, status, reply);
                if status == 200 {
                    pages.push(reply);
                    callbacks.push(None);
                }
            }
            Step::Pay(n) if n < pages.len() => {
                let link = pages[n]["paymentLink"].as_str().unwrap().to_owned();
                // A second tab shows the same page: it is paid once.
                if !paid_links.contains(&link) {
                    callbacks[n] =
                        browser::press(limoo_tests::payment::entry(&pages[n]), PageAction::Pay).await.unwrap();
                    paid_links.push(link);
                }
            }
            Step::Callback(n) if n < pages.len() => {
                if let Some(callback) = &callbacks[n] {
                    let answer = callback.send(&browser).await.unwrap();
                    prop_assert!(answer.status().as_u16() < 500, "{:?}", steps);
                }
            }
            Step::Sweep => {
                sweep(Settling::from(&sweeper)).await.unwrap();
            }
            Step::Pay(_) | Step::Callback(_) => {}
        }
    }
    // Every browser comes back in the end, and the sweeper settles what is left.
    for callback in callbacks.iter().flatten() {
        callback.send(&browser).await.unwrap();
    }
    sweep(Settling::from(&sweeper)).await.unwrap();
    let kept = app.sims().payments(None).into_iter().filter(|p| p.stage == "verified").count();
    let paid = limoo_tests::payment::times_paid(&app, &token, order).await;
    prop_assert!(kept <= 1, "money kept {} times: {:?}", kept, steps);
    prop_assert!(paid <= 1, "order paid {} times: {:?}", paid, steps);
    prop_assert_eq!(kept, paid, "money kept without the order paid, or the reverse: {:?}", steps);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    #[test]
    fn starts_payments_callbacks_and_sweeps_of_one_order_in_any_order_keep_money_at_most_once(steps in steps()) {
        let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
        runtime.block_on(several_payments(steps))?;
    }
}
