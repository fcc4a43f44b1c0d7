//! The SMTP sink, as the BFF's mailer (lettre over plain SMTP) and e2e fixtures see it.

use std::time::{Duration, Instant};

use lettre::message::{Mailbox, MultiPart};
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::response::Response as SmtpResponse;
use lettre::{AsyncSmtpTransport, AsyncTransport as _, Message, Tokio1Executor};
use limoo_simulators::{EmailScenario, Gateway, SimConfig, SimHandle, SmsScenario, spawn};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt as _, AsyncWriteExt as _, BufReader};
use tokio::net::TcpStream;

const SUBJECT: &str = "کد ورود به لیمو";
const BODY: &str = "کد تایید شما: 482913\nاین کد تا ۲ دقیقه معتبر است.";

async fn simulator(time_scale: f64) -> SimHandle {
    spawn(SimConfig { time_scale, ..SimConfig::default() }).await.expect("simulator starts")
}

fn mailer(sim: &SimHandle) -> AsyncSmtpTransport<Tokio1Executor> {
    let addr = sim.smtp_addr();
    AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(addr.ip().to_string()).port(addr.port()).build()
}

fn mailbox(address: &str) -> Mailbox {
    address.parse().expect("valid mailbox")
}

fn otp_message(to: &str) -> Message {
    Message::builder()
        .from(mailbox("لیمو <no-reply@limoo.ir>"))
        .to(mailbox(to))
        .subject(SUBJECT)
        .body(BODY.to_owned())
        .expect("message builds")
}

async fn send(sim: &SimHandle, message: Message) -> Result<SmtpResponse, lettre::transport::smtp::Error> {
    mailer(sim).send(message).await
}

fn queue_id(response: &SmtpResponse) -> String {
    let line = response.message().next().expect("reply text");
    line.rsplit(' ').next().expect("queue id last").to_owned()
}

#[tokio::test]
async fn lettre_delivers_a_persian_otp_mail_and_the_outbox_has_it_decoded() {
    let sim = simulator(1.0).await;

    let response = send(&sim, otp_message("Ali Rezaei <ali@example.com>")).await.expect("delivered");

    assert_eq!(u16::from(response.code()), 250);
    let email = sim.last_email("ali@example.com").expect("in the outbox");
    assert_eq!(email.id, queue_id(&response));
    assert_eq!(email.from, "no-reply@limoo.ir");
    assert_eq!(email.to, ["ali@example.com"]);
    assert_eq!(email.from_header.as_deref(), Some("لیمو <no-reply@limoo.ir>"));
    assert_eq!(email.subject, SUBJECT);
    assert_eq!(email.text.replace("\r\n", "\n").trim_end(), BODY);
    assert!(email.text.contains("482913"));
    assert_eq!(email.html, None);
    // lettre encodes the non-ASCII subject as RFC 2047 words: the raw message does not show it.
    assert!(email.raw.contains("=?utf-8?"), "{}", email.raw);
    assert!(!email.raw.contains(SUBJECT));
    let age_ms = limoo_now_ms().saturating_sub(email.received_at_ms);
    assert!(age_ms < 60_000, "received {age_ms} ms ago");

    assert_eq!(sim.email_outbox("ALI@Example.COM").len(), 1, "addresses compare case-insensitively");
    assert!(sim.last_email("someone-else@example.com").is_none());
}

fn limoo_now_ms() -> u64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("after 1970");
    u64::try_from(since.as_millis()).expect("fits")
}

#[tokio::test]
async fn multipart_alternative_yields_the_plain_part_and_the_html() {
    let sim = simulator(1.0).await;
    let html = "<p>کد تایید شما: <b>731904</b></p>";
    let message = Message::builder()
        .from(mailbox("no-reply@limoo.ir"))
        .to(mailbox("sara@example.com"))
        .subject("Your code")
        .multipart(MultiPart::alternative_plain_html("کد تایید شما: 731904".to_owned(), html.to_owned()))
        .expect("message builds");

    send(&sim, message).await.expect("delivered");

    let email = sim.last_email("sara@example.com").expect("in the outbox");
    assert_eq!(email.subject, "Your code");
    assert_eq!(email.text.trim_end(), "کد تایید شما: 731904");
    assert_eq!(email.html.as_deref().map(str::trim_end), Some(html));
}

#[tokio::test]
async fn dots_at_line_starts_survive_the_round_trip() {
    let sim = simulator(1.0).await;
    let body = ".hidden line\n..two dots\n.\nend";
    let message = Message::builder()
        .from(mailbox("no-reply@limoo.ir"))
        .to(mailbox("dots@example.com"))
        .subject("dots")
        .body(body.to_owned())
        .expect("message builds");

    send(&sim, message).await.expect("delivered");

    let email = sim.last_email("dots@example.com").expect("in the outbox");
    assert_eq!(email.text.replace("\r\n", "\n").trim_end(), body);
}

#[tokio::test]
async fn one_message_to_several_recipients_lands_in_each_outbox() {
    let sim = simulator(1.0).await;
    let message = Message::builder()
        .from(mailbox("no-reply@limoo.ir"))
        .to(mailbox("a@example.com"))
        .to(mailbox("b@example.com"))
        .cc(mailbox("c@example.com"))
        .bcc(mailbox("hidden@example.com"))
        .subject(SUBJECT)
        .body(BODY.to_owned())
        .expect("message builds");

    send(&sim, message).await.expect("delivered");

    for to in ["a@example.com", "b@example.com", "c@example.com", "hidden@example.com"] {
        let outbox = sim.email_outbox(to);
        assert_eq!(outbox.len(), 1, "{to}");
        assert_eq!(outbox[0].to.len(), 4, "{to}");
        assert_eq!(outbox[0].subject, SUBJECT);
    }
    // The Bcc header itself is not sent; only the envelope knows.
    let raw = sim.last_email("a@example.com").expect("sent").raw;
    assert!(!raw.to_ascii_lowercase().contains("hidden@"), "{raw}");
}

#[tokio::test]
async fn fail_tag_is_a_permanent_refusal_and_delivers_nothing() {
    let sim = simulator(1.0).await;

    let error = send(&sim, otp_message("ali+fail@example.com")).await.expect_err("refused");

    assert!(error.is_permanent(), "{error}");
    assert_eq!(error.status().map(u16::from), Some(550));
    assert!(sim.email_outbox("ali+fail@example.com").is_empty());

    // One refused recipient stops lettre before DATA, so the good one gets nothing either.
    let message = Message::builder()
        .from(mailbox("no-reply@limoo.ir"))
        .to(mailbox("ok@example.com"))
        .to(mailbox("Bad+FAIL@example.com"))
        .subject("x")
        .body("y".to_owned())
        .expect("message builds");
    let error = send(&sim, message).await.expect_err("refused");
    assert!(error.is_permanent(), "{error}");
    assert!(sim.email_outbox("ok@example.com").is_empty());
}

#[tokio::test]
async fn slow_tag_holds_the_final_reply_for_a_scaled_minute() {
    let sim = simulator(0.005).await; // 60 s × 0.005 = 0.3 s

    let started = Instant::now();
    send(&sim, otp_message("ali+slow@example.com")).await.expect("delivered after the delay");

    assert!(started.elapsed() >= Duration::from_millis(300), "took {:?}", started.elapsed());
    assert!(sim.last_email("ali+slow@example.com").is_some());
}

#[tokio::test]
async fn a_client_that_gives_up_on_a_slow_reply_still_left_the_message() {
    let sim = simulator(1.0).await;

    // lettre's own `timeout` bounds only the TCP connect under tokio, so a caller that must not
    // wait a minute for the reply to DATA has to bound the whole send itself.
    let send = send(&sim, otp_message("ali+slow@example.com"));
    let gave_up = tokio::time::timeout(Duration::from_millis(300), send).await;

    assert!(gave_up.is_err(), "answered within 300 ms: {gave_up:?}");
    let journal: Vec<_> = sim.journal().into_iter().filter(|e| e.gateway == Gateway::Email).collect();
    assert_eq!(journal.len(), 1);
    assert_eq!(journal[0].scenario, "slow-accept");
    assert!(sim.last_email("ali+slow@example.com").is_some(), "accepted before the late reply");
}

#[tokio::test]
async fn forced_scenarios_apply_to_the_next_message_only() {
    let sim = simulator(1.0).await;

    sim.force(Gateway::Email, EmailScenario::MailboxUnavailable).expect("email scenario accepted");
    let error = send(&sim, otp_message("ali@example.com")).await.expect_err("forced refusal");
    assert!(error.is_permanent(), "{error}");
    send(&sim, otp_message("ali@example.com")).await.expect("back to normal");

    sim.force(Gateway::Email, EmailScenario::Deferred).expect("email scenario accepted");
    let error = send(&sim, otp_message("ali@example.com")).await.expect_err("forced deferral");
    assert!(error.is_transient(), "{error}");
    assert_eq!(error.status().map(u16::from), Some(450));

    // Forcing success overrides the recipient's tag.
    sim.force(Gateway::Email, EmailScenario::Delivered).expect("email scenario accepted");
    send(&sim, otp_message("ali+fail@example.com")).await.expect("forced delivery");

    assert_eq!(sim.email_outbox("ali@example.com").len(), 1);
    assert_eq!(sim.email_outbox("ali+fail@example.com").len(), 1);
    assert!(sim.force(Gateway::Email, SmsScenario::RateLimited).is_err());
    assert!(sim.force(Gateway::Kavenegar, EmailScenario::Delivered).is_err());
}

#[tokio::test]
async fn journal_records_deliveries_and_refusals() {
    let sim = simulator(1.0).await;
    let response = send(&sim, otp_message("ali@example.com")).await.expect("delivered");
    send(&sim, otp_message("bad+fail@example.com")).await.expect_err("refused");

    let journal: Vec<_> = sim.journal().into_iter().filter(|e| e.gateway == Gateway::Email).collect();

    assert_eq!(journal.len(), 2);
    let delivered = &journal[0];
    assert_eq!(delivered.method, "SMTP");
    assert_eq!(delivered.path, "DATA");
    assert_eq!(delivered.scenario, "delivered");
    assert_eq!(delivered.status, 250);
    assert_eq!(delivered.query, "from=no-reply%40limoo.ir&to=ali%40example.com");
    assert!(delivered.body.contains("Subject: =?utf-8?"), "{}", delivered.body);
    assert!(!queue_id(&response).is_empty());
    let refused = &journal[1];
    assert_eq!(refused.path, "RCPT TO");
    assert_eq!(refused.scenario, "mailbox-unavailable");
    assert_eq!(refused.status, 550);
    assert_eq!(refused.body, "bad+fail@example.com");
}

#[tokio::test]
async fn credentials_are_accepted_with_plain_and_login() {
    let sim = simulator(1.0).await;
    let addr = sim.smtp_addr();
    for mechanism in [Mechanism::Plain, Mechanism::Login] {
        let mailer = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(addr.ip().to_string())
            .port(addr.port())
            .credentials(Credentials::new("limoo".to_owned(), "s3cret".to_owned()))
            .authentication(vec![mechanism])
            .build();
        mailer.send(otp_message("auth@example.com")).await.expect("authenticated and delivered");
    }
    assert_eq!(sim.email_outbox("auth@example.com").len(), 2);
}

#[tokio::test]
async fn control_endpoints_serve_the_outbox_as_json() {
    let sim = simulator(1.0).await;
    send(&sim, otp_message("ali@example.com")).await.expect("delivered");
    send(&sim, otp_message("sara@example.com")).await.expect("delivered");

    let (status, latest) = get_json(format!("{}/_sim/email?to=ALI%40example.com", sim.base_url())).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(latest["to"], json!(["ali@example.com"]));
    assert_eq!(latest["from"], "no-reply@limoo.ir");
    assert_eq!(latest["subject"], SUBJECT);
    assert!(latest["text"].as_str().is_some_and(|t| t.contains("482913")));
    assert!(latest["id"].as_str().is_some_and(|id| !id.is_empty()));
    assert!(latest["received_at_ms"].as_u64().is_some());

    let (status, _) = get_json(format!("{}/_sim/email?to=nobody%40example.com", sim.base_url())).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = get_json(format!("{}/_sim/email", sim.base_url())).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let (_, mine) = get_json(format!("{}/_sim/email/outbox?to=sara%40example.com", sim.base_url())).await;
    let (_, all) = get_json(format!("{}/_sim/email/outbox", sim.base_url())).await;
    assert_eq!(mine.as_array().map(Vec::len), Some(1));
    assert_eq!(all.as_array().map(Vec::len), Some(2));

    let (status, events) = get_json(format!("{}/_sim/events?gateway=email", sim.base_url())).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(events.as_array().map(Vec::len), Some(2));
    assert_eq!(events[0]["gateway"], "email");

    let force = Client::new()
        .post(format!("{}/_sim/force", sim.base_url()))
        .json(&json!({"gateway": "email", "scenario": "mailbox-unavailable"}))
        .send()
        .await
        .expect("answered");
    assert_eq!(force.status(), StatusCode::OK);
    assert!(send(&sim, otp_message("ali@example.com")).await.expect_err("forced").is_permanent());
}

async fn get_json(url: String) -> (StatusCode, Value) {
    let response = reqwest::get(url).await.expect("answered");
    let status = response.status();
    (status, response.json().await.expect("JSON body"))
}

/// A hand-driven session for what lettre never sends.
struct Dialogue {
    reader: BufReader<tokio::net::tcp::OwnedReadHalf>,
    writer: tokio::net::tcp::OwnedWriteHalf,
}

impl Dialogue {
    async fn open(sim: &SimHandle) -> (Dialogue, String) {
        let (read, writer) = TcpStream::connect(sim.smtp_addr()).await.expect("connects").into_split();
        let mut dialogue = Dialogue { reader: BufReader::new(read), writer };
        let greeting = dialogue.reply().await;
        (dialogue, greeting)
    }

    /// The whole reply, lines joined with '\n'.
    async fn reply(&mut self) -> String {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            self.reader.read_line(&mut line).await.expect("reply line");
            assert!(line.ends_with("\r\n"), "CRLF-terminated: {line:?}");
            let line = line.trim_end().to_owned();
            let last = line.as_bytes().get(3) != Some(&b'-');
            lines.push(line);
            if last {
                return lines.join("\n");
            }
        }
    }

    async fn say(&mut self, text: &str) -> String {
        self.writer.write_all(format!("{text}\r\n").as_bytes()).await.expect("sent");
        self.reply().await
    }
}

#[tokio::test]
async fn raw_dialogue_follows_rfc_5321() {
    let sim = simulator(1.0).await;
    let (mut smtp, greeting) = Dialogue::open(&sim).await;
    assert!(greeting.starts_with("220 "), "{greeting}");

    assert!(smtp.say("MAIL FROM:<a@b.c>").await.starts_with("503 "));
    let ehlo = smtp.say("EHLO client.example").await;
    let lines: Vec<&str> = ehlo.lines().collect();
    assert!(lines[..lines.len() - 1].iter().all(|l| l.starts_with("250-")), "{ehlo}");
    assert!(lines.last().is_some_and(|l| l.starts_with("250 ")), "{ehlo}");
    for extension in ["8BITMIME", "SMTPUTF8", "SIZE ", "AUTH PLAIN LOGIN"] {
        assert!(ehlo.contains(extension), "{extension} in {ehlo}");
    }
    assert!(smtp.say("HELO client.example").await.starts_with("250 "));
    assert!(smtp.say("NOOP").await.starts_with("250 "));
    assert!(smtp.say("STARTTLS").await.starts_with("502 "));
    assert!(smtp.say("XYZZY").await.starts_with("502 "));
    assert!(smtp.say("RCPT TO:<x@y.z>").await.starts_with("503 "), "RCPT before MAIL");
    assert!(smtp.say("DATA").await.starts_with("503 "), "DATA before MAIL");

    assert_eq!(smtp.say("AUTH LOGIN").await, "334 VXNlcm5hbWU6");
    assert_eq!(smtp.say("bGltb28=").await, "334 UGFzc3dvcmQ6");
    assert!(smtp.say("czNjcmV0").await.starts_with("235 "));

    assert!(smtp.say("MAIL FROM:<a@b.c> SIZE=99999999999").await.starts_with("552 "));
    assert!(smtp.say("MAIL FROM:<a@b.c>").await.starts_with("250 "));
    assert!(smtp.say("RCPT TO:<no+fail@y.z>").await.starts_with("550 "));
    assert!(smtp.say("DATA").await.starts_with("554 "), "no valid recipient yet");
    assert!(smtp.say("RSET").await.starts_with("250 "));
    assert!(smtp.say("RCPT TO:<x@y.z>").await.starts_with("503 "), "RSET ended the transaction");

    assert!(smtp.say("MAIL FROM:<>").await.starts_with("250 "));
    assert!(smtp.say("RCPT TO:<one@y.z>").await.starts_with("250 "));
    assert!(smtp.say("rcpt to:<Two@Y.z>").await.starts_with("250 "));
    assert!(smtp.say("DATA").await.starts_with("354 "));
    let message = "Subject: =?utf-8?q?=D8=B3=D9=84=D8=A7=D9=85?=\r\n\
                   Content-Type: text/plain; charset=utf-8\r\n\
                   Content-Transfer-Encoding: quoted-printable\r\n\r\n\
                   =DA=A9=D8=AF: 123456\r\n..leading dot\r\n.";
    let queued = smtp.say(message).await;
    assert!(queued.starts_with("250 ") && queued.contains("queued as"), "{queued}");
    assert!(smtp.say("QUIT").await.starts_with("221 "));

    let email = sim.last_email("two@y.z").expect("delivered");
    assert_eq!(email.from, "");
    assert_eq!(email.to, ["one@y.z", "Two@Y.z"]);
    assert_eq!(email.subject, "سلام");
    assert_eq!(email.text.replace("\r\n", "\n").trim_end(), "کد: 123456\n.leading dot");
}

#[tokio::test]
async fn shutdown_closes_the_smtp_port_and_open_sessions() {
    let sim = simulator(1.0).await;
    let (mut smtp, _) = Dialogue::open(&sim).await;
    assert!(smtp.say("EHLO client.example").await.starts_with("250"));

    sim.shutdown();

    assert!(smtp.reply().await.starts_with("421 "));
    let mut refused = false;
    for _ in 0..100 {
        if TcpStream::connect(sim.smtp_addr()).await.is_err() {
            refused = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(refused, "SMTP still accepting after shutdown");
}
