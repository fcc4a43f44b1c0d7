//! The machine's own limit, measured in the same run: a bare poem server (no middleware, no database, no logging)
//! answering fixed bytes, as its own process like the BFF (this bench binary started again with `YARDSTICK_ARG`).
//! A figure divided by its yardstick reads the same on a fast machine and a slow one.
use std::{path::Path, process::Stdio};

use poem::{
    Body, Response, Route, Server,
    endpoint::make_sync,
    listener::{Acceptor, Listener, TcpListener},
};
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, Command},
};

/// The first argument that makes this binary the yardstick server instead of the bench.
const YARDSTICK_ARG: &str = "__yardstick";

/// A running yardstick; killed when dropped.
pub struct Yardstick {
    pub address: String,
    _child: Child,
}

impl Yardstick {
    /// Starts a server that answers every path with `body` (read from a file) and `headers`.
    pub async fn start(body: &Path, headers: &[(&str, &str)]) -> Yardstick {
        let mut command = Command::new(std::env::current_exe().expect("this bench's binary"));
        command.arg(YARDSTICK_ARG).arg(body);
        for (name, value) in headers {
            command.arg(format!("{name}:{value}"));
        }
        let mut child = command.stdout(Stdio::piped()).kill_on_drop(true).spawn().expect("the yardstick starts");
        let stdout = child.stdout.take().expect("its standard output");
        let port = BufReader::new(stdout).lines().next_line().await.expect("its port").expect("a port line");
        Yardstick { address: format!("http://127.0.0.1:{}", port.trim()), _child: child }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }
}

/// Serves as the yardstick when the bench binary was started as one; returns otherwise.
pub async fn serve_if_asked() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) != Some(YARDSTICK_ARG) {
        return;
    }
    let body = std::fs::read(&args[2]).expect("the yardstick's body");
    let headers: Vec<(String, String)> = args[3..]
        .iter()
        .filter_map(|pair| pair.split_once(':').map(|(name, value)| (name.to_owned(), value.to_owned())))
        .collect();
    // Read once for the process's life: answering must cost the yardstick nothing but the answer.
    let body: &'static [u8] = Box::leak(body.into_boxed_slice());
    let answer = make_sync(move |_| {
        let mut response = Response::builder();
        for (name, value) in &headers {
            response = response.header(name.as_str(), value.as_str());
        }
        response.body(Body::from(body))
    });
    let acceptor = TcpListener::bind("127.0.0.1:0").into_acceptor().await.expect("a free port");
    let port = acceptor.local_addr().first().and_then(|a| a.as_socket_addr().map(|a| a.port())).expect("its port");
    println!("{port}");
    Server::new_with_acceptor(acceptor).run(Route::new().at("/*path", answer)).await.expect("the yardstick serves");
    std::process::exit(0);
}
