//! Slow and idle clients are closed: a raw TCP client against a BFF whose listener timeouts are 1 s. Each test
//! waits for the server to close (reads until EOF, with a generous bound that only stops a hung test).
use std::time::Duration;

use limoo_bff::config::ConnectionSettings;
use limoo_tests::{AppOptions, TestApp};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

/// Far longer than any timeout here: reaching it means the server kept the connection open.
const PATIENCE: Duration = Duration::from_secs(30);
/// How often a trickling client sends: well inside the 1 s timeouts, so only a deadline on the whole closes it.
const TRICKLE: Duration = Duration::from_millis(200);

async fn spawn_with_short_timeouts() -> TestApp {
    let connections = ConnectionSettings {
        header_read_timeout_seconds: 1,
        body_read_timeout_seconds: 1,
        idle_timeout_seconds: 1,
        max_connections: 64,
    };
    TestApp::spawn(AppOptions { connections: Some(connections), ..Default::default() }).await.expect("test app")
}

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.address.trim_start_matches("http://")).await.expect("connect")
}

/// Everything the server sends until it closes the connection; panics when it is still open after [`PATIENCE`].
/// A reset counts as closed.
async fn read_until_closed(stream: &mut tokio::net::tcp::ReadHalf<'_>) -> Vec<u8> {
    let mut received = Vec::new();
    let closed = tokio::time::timeout(PATIENCE, async {
        let mut buffer = [0u8; 4096];
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the connection is still open; received {:?}", String::from_utf8_lossy(&received));
    received
}

/// Sends `first`, then `each` every [`TRICKLE`] until the server closes the connection; answers what it sent.
async fn trickle_until_closed(app: &TestApp, first: &[u8], each: &[u8]) -> Vec<u8> {
    let mut stream = connect(app).await;
    let (mut reader, mut writer) = stream.split();
    let trickle = async {
        if writer.write_all(first).await.is_err() {
            return;
        }
        loop {
            tokio::time::sleep(TRICKLE).await;
            // A refused write is the server having closed: the reader sees it too.
            if writer.write_all(each).await.is_err() {
                return;
            }
        }
    };
    tokio::select! {
        received = read_until_closed(&mut reader) => received,
        () = trickle => read_until_closed(&mut reader).await,
    }
}

#[tokio::test]
async fn a_connection_that_sends_nothing_is_closed() {
    let app = spawn_with_short_timeouts().await;
    let mut stream = connect(&app).await;
    let (mut reader, _writer) = stream.split();
    assert_eq!(read_until_closed(&mut reader).await, b"", "closed without an answer");
}

#[tokio::test]
async fn headers_sent_a_line_at_a_time_are_cut_off() {
    let app = spawn_with_short_timeouts().await;
    let received = trickle_until_closed(&app, b"GET /healthz HTTP/1.1\r\nHost: limoo\r\n", b"X-Slow: 1\r\n").await;
    assert_eq!(String::from_utf8_lossy(&received), "", "closed without an answer");
}

#[tokio::test]
async fn a_body_sent_a_byte_at_a_time_is_answered_408_and_closed() {
    let app = spawn_with_short_timeouts().await;
    let head = b"POST /lemonade/api/analytics HTTP/1.1\r\nHost: limoo\r\nContent-Type: application/json\r\n\
                 Content-Length: 1000\r\n\r\n{";
    let received = trickle_until_closed(&app, head, b" ").await;
    let answer = String::from_utf8_lossy(&received);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("ارسال درخواست بیش از حد طول کشید"), "{answer}");
}

#[tokio::test]
async fn an_idle_kept_alive_connection_is_closed_after_its_answer() {
    let app = spawn_with_short_timeouts().await;
    let mut stream = connect(&app).await;
    let (mut reader, mut writer) = stream.split();
    writer.write_all(b"GET /healthz HTTP/1.1\r\nHost: limoo\r\n\r\n").await.expect("request sent");
    let received = read_until_closed(&mut reader).await;
    let answer = String::from_utf8_lossy(&received);
    assert!(answer.starts_with("HTTP/1.1 200"), "answered, then closed: {answer}");
    assert!(!answer.to_ascii_lowercase().contains("connection: close"), "kept alive until idle: {answer}");
}

/// A request whose operation takes its time is not cut off: no deadline runs while the server works.
#[tokio::test]
async fn a_request_sent_in_time_is_answered_on_a_kept_alive_connection_twice() {
    let app = spawn_with_short_timeouts().await;
    let client = reqwest::Client::new();
    for _ in 0..2 {
        let sent = client.get(app.url("/healthz")).send().await.expect("answered");
        assert_eq!(sent.status(), 200);
    }
}
