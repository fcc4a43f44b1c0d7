//! What every gateway test needs: a simulator, a tiny merchant server that records the callbacks
//! it receives, and the customer's browser pressing a button on the hosted page.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use limoo_simulators::browser::{self, Navigation};
use limoo_simulators::{Gateway, JournalEntry, PageAction, SimConfig, SimHandle, spawn};
use poem::listener::{Acceptor as _, Listener as _, TcpListener};
use poem::{Body, Request, Response, Route, Server, handler};
use reqwest::Client;
use serde_json::Value;

pub async fn simulator(time_scale: f64) -> SimHandle {
    spawn(SimConfig { time_scale, ..SimConfig::default() }).await.expect("simulator starts")
}

/// Does not follow redirects, so tests see each hop.
pub fn client() -> Client {
    Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client")
}

pub fn applied(response: &reqwest::Response) -> String {
    let header = response.headers().get("X-Sim-Applied").expect("X-Sim-Applied present");
    header.to_str().expect("ASCII scenario name").to_owned()
}

pub async fn json(response: reqwest::Response) -> Value {
    let text = response.text().await.expect("body");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// One request the merchant received.
#[derive(Clone, Debug)]
pub struct Hit {
    pub method: String,
    pub path: String,
    pub fields: Vec<(String, String)>,
    /// `X-Sim-Applied` when the simulator itself called (repeated callback, Gumroad ping).
    pub applied: Option<String>,
}

impl Hit {
    pub fn field(&self, name: &str) -> &str {
        self.fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {name} in {self:?}"))
    }
}

/// The merchant's callback endpoint: answers 200 with `answer` (Gumroad's legacy redirect
/// reads a URL there) and records every request.
pub struct Merchant {
    pub base: String,
    hits: Arc<Mutex<Vec<Hit>>>,
}

#[derive(Clone)]
struct Recorder {
    hits: Arc<Mutex<Vec<Hit>>>,
    answer: String,
}

#[handler]
async fn record(req: &Request, body: Body, poem::web::Data(recorder): poem::web::Data<&Recorder>) -> Response {
    let text = body.into_string().await.unwrap_or_default();
    let mut fields: Vec<(String, String)> =
        serde_urlencoded::from_str(req.uri().query().unwrap_or_default()).unwrap_or_default();
    fields.extend(serde_urlencoded::from_str::<Vec<(String, String)>>(&text).unwrap_or_default());
    let applied = req.headers().get("X-Sim-Applied").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let hit = Hit { method: req.method().to_string(), path: req.uri().path().to_owned(), fields, applied };
    recorder.hits.lock().unwrap_or_else(PoisonError::into_inner).push(hit);
    Response::builder().content_type("text/plain").body(recorder.answer.clone())
}

impl Merchant {
    pub async fn start() -> Merchant {
        Merchant::answering("OK").await
    }

    pub async fn answering(answer: &str) -> Merchant {
        let acceptor = TcpListener::bind("127.0.0.1:0").into_acceptor().await.expect("merchant binds");
        let addr = acceptor.local_addr()[0].as_socket_addr().copied().expect("TCP address");
        let hits = Arc::new(Mutex::new(Vec::new()));
        let recorder = Recorder { hits: hits.clone(), answer: answer.to_owned() };
        let app = poem::EndpointExt::data(Route::new().at("/*path", record), recorder);
        tokio::spawn(Server::new_with_acceptor(acceptor).run(app));
        Merchant { base: format!("http://{addr}"), hits }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub fn hits(&self) -> Vec<Hit> {
        self.hits.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Waits (bounded) until `n` requests have arrived.
    pub async fn wait_for(&self, n: usize) -> Vec<Hit> {
        for _ in 0..200 {
            let hits = self.hits();
            if hits.len() >= n {
                return hits;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("expected {n} callbacks, got {:?}", self.hits())
    }
}

/// The simulator's own calls to the merchant for `gateway`, once `n` are journaled (bounded wait). The simulator
/// journals a call when the merchant has answered it: a moment after the merchant saw it.
pub async fn outgoing(sim: &SimHandle, gateway: Gateway, n: usize) -> Vec<JournalEntry> {
    let journaled = || sim.journal().into_iter().filter(|e| e.outgoing && e.gateway == gateway).collect::<Vec<_>>();
    for _ in 0..200 {
        let entries = journaled();
        if entries.len() >= n {
            return entries;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("expected {n} outgoing calls for {gateway:?}, got {:?}", journaled())
}

/// The customer presses `action`; the browser then delivers the callback to the merchant.
/// Returns what the merchant received, or `None` when the gateway kept the browser.
pub async fn customer(entry: Navigation, action: PageAction, merchant: &Merchant) -> Option<Hit> {
    let callback = browser::press(entry, action).await.expect("the hosted page works")?;
    let before = merchant.hits().len();
    let response = callback.send(&client()).await.expect("merchant reachable");
    assert!(response.status().is_success(), "merchant answered {}", response.status());
    merchant.wait_for(before + 1).await.pop()
}
