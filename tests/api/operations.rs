//! What an operator does to a running shop: stop a replica (SIGTERM, a rolling deploy), back it up while customers
//! order and restore the copy, start replicas that leave migrating to `bff migrate`.
use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
    time::Duration,
};

use limoo_simulators::{Gateway, faults::FaultKind, forcing::Scope};
use limoo_tests::{
    TestApp,
    browser::poll_for,
    payment::{checkout_method, pay_online, payment_request, payment_states, press_pay},
    spawn_app,
};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

const MOBILE: &str = "09121234567";

/// A replica told to stop while a payment start waits on the gateway finishes that request, answers it, and exits
/// with success; it accepts no new connection meanwhile.
#[tokio::test]
async fn sigterm_lets_the_request_in_flight_finish_and_exits_with_success() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let order = app.create_order(&token, &[101]).await;
    let mut replica = app.start_process(&[("SHUTDOWN_GRACE_SECONDS", "20")]).await.expect("a replica");
    app.sims()
        .arm_fault(Gateway::Vandar, FaultKind::Latency { ms: 2_000 }, Scope::once(), 100)
        .expect("Vandar answers its next call late");
    let mut body = payment_request(&app, &token, order, "VANDAR");
    body["paymentConfig"]["paymentResultUrl"] = serde_json::json!(replica.url("/#/payment-result"));
    let start = app.client.post(replica.url("/lemonade/api/payments")).bearer_auth(&token).json(&body).send();
    let in_flight = tokio::spawn(start);
    poll_for(Duration::from_secs(10), || async {
        Ok(app.sims().journal().iter().any(|call| call.gateway == Gateway::Vandar).then_some(()))
    })
    .await
    .expect("the replica is waiting on Vandar");

    replica.terminate().expect("SIGTERM");

    let answered = in_flight.await.expect("the request task").expect("the request in flight is answered");
    assert_eq!(answered.status(), 200, "the payment start finished: {:?}", answered.text().await);
    let status = replica.exited(Duration::from_secs(30)).await.expect("the replica exits");
    assert!(status.success(), "a stop asked for is a success: {status}");
    let after = app.client.get(replica.url("/healthz")).send().await;
    assert!(after.is_err(), "the stopped replica accepts no connection");
}

/// A replica told to stop drains first (`SHUTDOWN_DRAIN_SECONDS`, set longer than the proxy keeps idle connections):
/// it refuses new connections, answers a connection the proxy kept alive once more with `Connection: close` and
/// closes it after the answer (never under a request being sent), and `/readyz` says `stopping`. A second SIGTERM
/// ends the drain, and the replica exits with success.
#[tokio::test]
async fn a_draining_replica_answers_a_kept_alive_connection_once_more_then_closes_it() {
    let app = spawn_app().await;
    let mut replica = app.start_process(&[("SHUTDOWN_DRAIN_SECONDS", "600")]).await.expect("a replica");
    let address = replica.address.trim_start_matches("http://").to_owned();
    let mut kept = TcpStream::connect(&address).await.expect("connect");
    let first = exchange(&mut kept, "/healthz").await;
    assert!(first.starts_with("HTTP/1.1 200") && !closes(&first), "kept alive before the stop: {first}");

    replica.terminate().expect("SIGTERM");
    poll_for(Duration::from_secs(20), || async { Ok(TcpStream::connect(&address).await.is_err().then_some(())) })
        .await
        .expect("the stopping replica refuses new connections");

    let drained = exchange(&mut kept, "/readyz").await;
    assert!(drained.starts_with("HTTP/1.1 503"), "a stopping replica is not ready: {drained}");
    assert!(drained.contains(r#""status":"stopping""#), "{drained}");
    assert!(closes(&drained), "the answer closes its connection: {drained}");
    let mut after = Vec::new();
    let read = kept.read_to_end(&mut after).await.unwrap_or(0);
    assert_eq!(read, 0, "the replica closed the connection after its answer: {:?}", String::from_utf8_lossy(&after));

    replica.terminate().expect("a second SIGTERM");
    let status = replica.exited(Duration::from_secs(30)).await.expect("the second signal ends the drain");
    assert!(status.success(), "a stop asked for is a success: {status}");
}

/// One HTTP/1.1 request on `stream` and its answer (head and body), leaving the connection as the server does.
async fn exchange(stream: &mut TcpStream, path: &str) -> String {
    let request = format!("GET {path} HTTP/1.1\r\nHost: limoo\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("the request is sent");
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        if let Some(head_end) = received.windows(4).position(|window| window == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&received[..head_end]).to_ascii_lowercase();
            let length = head
                .lines()
                .find_map(|line| line.strip_prefix("content-length:"))
                .and_then(|value| value.trim().parse::<usize>().ok())
                .unwrap_or(0);
            if received.len() >= head_end + 4 + length {
                return String::from_utf8_lossy(&received).into_owned();
            }
        }
        let read = tokio::time::timeout(Duration::from_secs(30), stream.read(&mut buffer))
            .await
            .expect("the answer comes")
            .expect("the answer is read");
        assert!(read > 0, "closed before the answer was whole: {:?}", String::from_utf8_lossy(&received));
        received.extend_from_slice(&buffer[..read]);
    }
}

fn closes(answer: &str) -> bool {
    answer.to_ascii_lowercase().lines().any(|line| line.trim() == "connection: close")
}

/// `bff backup` while a customer keeps ordering: the copy holds every order answered before it started, the paid
/// order, its payment, the money owed back on another and the points, and a BFF started on the copy serves them.
#[tokio::test]
async fn a_backup_taken_while_customers_order_restores_into_a_bff_that_serves_every_paid_order() {
    let app = spawn_app().await;
    if app.db().backend() != "sqlite" {
        // PostgreSQL is backed up with pg_dump (docs/operations.md); `bff backup` refuses it.
        let refused = app.db().back_up_to(&std::env::temp_dir().join("never.db")).await.expect_err("refused");
        assert!(refused.to_string().contains("pg_dump"), "{refused}");
        return;
    }
    let token = app.customer_with_points(MOBILE, 250).await;
    let order = app.create_order(&token, &[101]).await;
    pay_online(&app, &token, order, MOBILE, "VANDAR").await;
    let owed = refund_due(&app, &token).await;

    let writing = Arc::new(AtomicBool::new(true));
    let answered = Arc::new(AtomicUsize::new(0));
    let writer =
        tokio::spawn(keep_ordering(app.client.clone(), app.url(""), token.clone(), writing.clone(), answered.clone()));
    poll_for(Duration::from_secs(20), || async { Ok((answered.load(Ordering::SeqCst) >= 5).then_some(())) })
        .await
        .expect("the customer is ordering");
    let answered_before = answered.load(Ordering::SeqCst);
    let copy = std::env::temp_dir().join(format!("limoo-backup-{}.db", uuid::Uuid::new_v4().simple()));
    let bytes = app.db().back_up_to(&copy).await.expect("the backup");
    assert!(bytes > 0);
    let refused = app.db().back_up_to(&copy).await.expect_err("a second backup to the same file");
    assert!(refused.to_string().contains("never overwrites"), "{refused}");
    writing.store(false, Ordering::SeqCst);
    let answered_in_all = writer.await.expect("the writer");

    let restored = app
        .start_process(&[("DATABASE_URL", &format!("sqlite://{}", copy.display())), ("MIGRATE_ON_START", "false")])
        .await
        .expect("a BFF on the restored copy");
    let (status, orders) = get_as(&app, &token, &restored.url("/lemonade/api/orders")).await;
    assert_eq!(status, 200, "{orders}");
    let orders = orders.as_array().cloned().unwrap_or_default();
    // The paid order and the one with money owed back, plus what the writer had been answered before the copy
    // began (and perhaps a few more).
    assert!(
        (answered_before + 2..=answered_in_all + 2).contains(&orders.len()),
        "{} orders restored; {answered_before} answered before the backup, {answered_in_all} in all",
        orders.len()
    );
    let paid = orders.iter().find(|o| o["id"] == order).expect("the paid order is restored");
    let statuses: Vec<&str> =
        paid["orderStatuses"].as_array().into_iter().flatten().filter_map(|s| s["status"].as_str()).collect();
    assert!(statuses.contains(&"PAYMENT_SUCCESS"), "{paid}");
    let refunded = orders.iter().find(|o| o["id"] == owed).expect("the order with money owed back is restored");
    assert_eq!(refunded["refunds"][0]["status"], "REFUND_DUE", "{refunded}");
    let (status, points) = get_as(&app, &token, &restored.url("/lemonade/api/userPoints/totalPoints")).await;
    assert_eq!((status, &points["unUsedPoints"]["count"]), (200, &serde_json::json!(250)), "{points}");
    drop(restored);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", copy.display()));
    }
}

/// An order whose Tara payment took another amount than asked: Tara's verify kept it and Tara's refund is not the
/// shop's to call, so the money is owed back (REFUND_DUE) for finance to pay.
async fn refund_due(app: &TestApp, token: &str) -> i64 {
    let order = app.create_order(token, &[101]).await;
    app.sims().force(Gateway::Tara, limoo_simulators::PaymentScenario::AmountMismatch).expect("forced");
    press_pay(app, token, order, MOBILE, checkout_method(Gateway::Tara)).await;
    assert_eq!(payment_states(app, order).await, ["REFUND_DUE"]);
    order
}

/// Orders one product after another until told to stop; the number answered 200.
async fn keep_ordering(
    client: reqwest::Client,
    address: String,
    token: String,
    writing: Arc<AtomicBool>,
    answered: Arc<AtomicUsize>,
) -> usize {
    while writing.load(Ordering::SeqCst) {
        let sent = client
            .post(format!("{address}/lemonade/api/orders"))
            .bearer_auth(&token)
            .json(&serde_json::json!({ "productIds": [102] }))
            .send()
            .await;
        if sent.is_ok_and(|reply| reply.status() == 200) {
            answered.fetch_add(1, Ordering::SeqCst);
        }
    }
    answered.load(Ordering::SeqCst)
}

async fn get_as(app: &TestApp, token: &str, url: &str) -> (u16, serde_json::Value) {
    let reply = app.client.get(url).bearer_auth(token).send().await.expect("answered");
    let status = reply.status().as_u16();
    (status, reply.json().await.unwrap_or_default())
}

/// Replicas that leave migrating to the deployment's `bff migrate` refuse a database behind them, naming the step.
#[tokio::test]
async fn a_replica_that_does_not_migrate_refuses_a_database_behind_it() {
    let app = spawn_app().await;
    if app.db().backend() != "sqlite" {
        return; // The same check on PostgreSQL: tests/store/migrations.rs.
    }
    let empty = std::env::temp_dir().join(format!("limoo-empty-{}.db", uuid::Uuid::new_v4().simple()));
    let database = format!("sqlite://{}", empty.display());
    // Without a backtrace the refusal is the log's last line, whatever the run's RUST_BACKTRACE.
    let quiet = [("RUST_BACKTRACE", "0"), ("RUST_LIB_BACKTRACE", "0")];
    let refused = app
        .start_process(&[("DATABASE_URL", database.as_str()), ("MIGRATE_ON_START", "false"), quiet[0], quiet[1]])
        .await
        .expect_err("an empty database is refused");
    assert!(refused.to_string().contains("run `bff migrate` before `bff serve`"), "{refused:#}");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", empty.display()));
    }
}

/// A database that does not answer (here its pool is closed, as when every connection is lost) makes calls fail
/// with 503 in the error envelope and `Retry-After`, not an unexpected 500, and `/readyz` keeps traffic away.
#[tokio::test]
async fn while_the_database_does_not_answer_calls_are_503_in_the_envelope_and_readyz_says_so() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    app.db().close().await;
    for path in ["/lemonade/api/orders", "/lemonade/api/userPoints/totalPoints"] {
        let reply = app.client.get(app.url(path)).bearer_auth(&token).send().await.expect("answered");
        assert_eq!(reply.status(), 503, "{path}");
        assert_eq!(reply.headers()["retry-after"], "2", "{path}");
        let body: serde_json::Value = reply.json().await.expect("the envelope");
        assert_eq!(body["err"]["code"], "503", "{path}: {body}");
        assert_eq!(body["err"]["message"], limoo_bff::messages::UNAVAILABLE, "{path}");
    }
    let (status, ready) = get_as(&app, &token, &app.url("/readyz")).await;
    assert_eq!((status, &ready["status"]), (503, &serde_json::json!("unavailable")));
}

/// A replica whose payment sweeper has not finished a run for `SWEEPER_STALE_SECONDS` says so on `/readyz`, where
/// the orchestrator and the monitor look: payments nobody came back from would wait there unsettled.
#[tokio::test]
async fn readyz_fails_once_the_sweeper_has_been_silent_too_long() {
    let app = spawn_app().await;
    // Its sweeper runs once at the start, then not for an hour; one second of silence is too long here.
    let replica = app
        .start_process(&[("PAYMENT_SWEEP_SECONDS", "3600"), ("SWEEPER_STALE_SECONDS", "1")])
        .await
        .expect("a replica");
    let ready = replica.url("/readyz");
    let said = poll_for(Duration::from_secs(20), || async {
        let reply = reqwest::get(&ready).await?;
        let status = reply.status().as_u16();
        let body: serde_json::Value = reply.json().await.unwrap_or_default();
        Ok((status == 503).then_some(body))
    })
    .await
    .expect("the replica stops saying it is ready");
    assert_eq!(said["status"], "sweeper-stale");
    let on_schedule = app.client.get(app.url("/readyz")).send().await.expect("answered");
    assert_eq!(on_schedule.status(), 200, "a replica whose sweeper runs on schedule stays ready");
}
