//! What the BFF costs on the way to the wire: three answers it serves from memory (the liveness probe through all
//! its middleware, the catalogue, the web app's hashed entry chunk as brotli), each measured beside a bare poem
//! server answering the same bytes in the same run (the yardstick), so each figure is a ratio to the machine's own
//! limit rather than a count of requests another machine would not reproduce.
use std::path::Path;

use limoo_tests::TestDb;

use crate::{
    bff,
    load::{self, Figures, HEADER, Pace},
    report,
    yardstick::Yardstick,
};

/// One answer: what to ask the BFF, with which headers, and the ratio it should reach.
struct Answer {
    figure: &'static str,
    path: String,
    request_headers: &'static [(&'static str, &'static str)],
    goal: f64,
}

pub async fn measure(requests: usize, connections: usize, web_dir: &Path) {
    let database = TestDb::sqlite();
    let app = bff::start(&database.url, web_dir, None).await;
    let client = load::client(connections);
    let mut answers = vec![
        Answer { figure: "GET /healthz (all middleware)", path: "/healthz".into(), request_headers: &[], goal: 0.7 },
        Answer {
            figure: "GET /lemonade/api/products",
            path: "/lemonade/api/products".into(),
            request_headers: &[],
            goal: 0.6,
        },
    ];
    match entry_chunk(web_dir) {
        Some(path) => answers.push(Answer {
            figure: "the entry chunk, brotli",
            path,
            request_headers: &[("Accept-Encoding", "br, gzip")],
            goal: 0.6,
        }),
        None => report::skipped("the entry chunk, brotli", "web/dist is not built", "≥ 0.6 of the yardstick"),
    }
    for answer in answers {
        let url = app.url(&answer.path);
        let ask = |url: String, headers: &'static [(&'static str, &'static str)]| {
            move |client: &reqwest::Client| {
                headers.iter().fold(client.get(&url), |request, (name, value)| request.header(*name, *value))
            }
        };
        // The BFF's exact answer (body and the headers that shape it) is what the yardstick repeats.
        let mut request = client.get(&url);
        for (name, value) in answer.request_headers {
            request = request.header(*name, *value);
        }
        let reply = request.send().await.expect("the BFF answers");
        let kept: Vec<(String, String)> = ["content-type", "content-encoding", "cache-control", "etag"]
            .iter()
            .filter_map(|name| {
                reply.headers().get(*name).map(|v| ((*name).to_owned(), v.to_str().unwrap_or("").to_owned()))
            })
            .collect();
        let body = reply.bytes().await.expect("its body");
        let file = std::env::temp_dir().join(format!("limoo-yardstick-{}", std::process::id()));
        std::fs::write(&file, &body).expect("the yardstick's body");
        let headers: Vec<(&str, &str)> = kept.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
        let yardstick = Yardstick::start(&file, &headers).await;
        let bare = yardstick.url(&answer.path);

        load::run(&client, 500, connections, Pace::Flat, ask(url.clone(), answer.request_headers)).await;
        load::run(&client, 500, connections, Pace::Flat, ask(bare.clone(), answer.request_headers)).await;
        println!("\n{}: {requests} requests, {connections} connections, {} bytes\n{HEADER}", answer.figure, body.len());
        let served: Figures =
            load::run(&client, requests, connections, Pace::Flat, ask(url, answer.request_headers)).await;
        let limit: Figures =
            load::run(&client, requests, connections, Pace::Flat, ask(bare, answer.request_headers)).await;
        println!("{}", served.row("the BFF"));
        println!("{}", limit.row("bare poem, the same bytes (yardstick)"));
        let ratio = served.requests_per_second / limit.requests_per_second;
        report::figure(
            &format!("{} ÷ yardstick", answer.figure),
            &format!("{:.0} ÷ {:.0} req/s = {ratio:.2}", served.requests_per_second, limit.requests_per_second),
            &format!("≥ {}", answer.goal),
            ratio >= answer.goal,
        );
        let _ = std::fs::remove_file(file);
    }
    drop(app);
}

/// `/assets/…js`: the entry chunk index.html loads first, when the web app is built.
fn entry_chunk(web_dir: &Path) -> Option<String> {
    let html = std::fs::read_to_string(web_dir.join("index.html")).ok()?;
    let start = html.find("src=\"/assets/")? + "src=\"".len();
    let end = start + html[start..].find('"')?;
    Some(html[start..end].to_owned())
}
