//! SMTP sink (RFC 5321, plain TCP, no TLS) standing in for the transactional e-mail provider.
//!
//! It speaks what an ordinary client (lettre's `AsyncSmtpTransport`) needs: greeting, EHLO/HELO,
//! AUTH PLAIN/LOGIN (any credentials pass), MAIL, RCPT, DATA with dot-unstuffing, RSET, NOOP,
//! VRFY, QUIT. Replies carry RFC 3463 enhanced status codes, as ENHANCEDSTATUSCODES promises.
//!
//! Outcomes are decided per recipient at RCPT TO: a scenario forced through `SimHandle::force`
//! (taken at the first RCPT TO, where one scoped to a recipient can match, and covering every recipient of that
//! one message), else the recipient's
//! tag ([`crate::test_values::EMAIL_TAGS`]). Each refused recipient and each delivered message
//! is journaled, before any delay, as gateway `email`.

mod message;

use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt as _, AsyncReadExt as _, AsyncWriteExt as _, BufReader};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

pub use message::SentEmail;

use crate::exchange::{self, JournalEntry};
use crate::scenario::{EmailScenario, Gateway, Scenario};
use crate::state::SimState;
use crate::test_values;
use message::Envelope;

/// The name the sink gives itself in its greeting and EHLO reply.
const HOSTNAME: &str = "smtp.limoo-sim.local";
/// Advertised as SIZE and enforced on MAIL's SIZE= and on the DATA received.
const MAX_MESSAGE_SIZE: usize = 10 * 1024 * 1024;
/// RFC 5321 §4.5.3.1.4 allows 512 octets; being lenient costs nothing here.
const MAX_COMMAND_LINE: u64 = 4096;
/// RFC 5321 §4.5.3.1.8 asks servers to accept at least 100.
const MAX_RECIPIENTS: usize = 100;
/// RFC 5321 §4.5.3.2.7 suggests at least five minutes before a server gives up on a client.
const IDLE_TIMEOUT: Duration = Duration::from_secs(300);
/// How long a `+slow` message waits for its 250 before SIM_TIME_SCALE.
const SLOW_ACCEPT: Duration = Duration::from_secs(60);

/// Accepts connections until `stop` turns true; each session runs on its own task.
pub(crate) async fn serve(listener: TcpListener, state: Arc<SimState>, stop: watch::Receiver<bool>) {
    let mut stopping = stop.clone();
    loop {
        tokio::select! {
            () = stopped(&mut stopping) => return,
            accepted = listener.accept() => match accepted {
                Ok((stream, _peer)) => {
                    let session = Session { state: state.clone(), greeted: false, authenticated: false, tx: None };
                    let stop = stop.clone();
                    tokio::spawn(async move {
                        // A client that vanished mid-session leaves nothing to report to.
                        let _ = session.run(stream, stop).await;
                    });
                }
                // Out of file descriptors and the like: wait rather than spin.
                Err(e) => {
                    eprintln!("simulators: SMTP accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            },
        }
    }
}

/// Resolves once shutdown is asked for; never, if every `SimHandle` is gone without asking.
pub(crate) async fn stopped(stop: &mut watch::Receiver<bool>) {
    if stop.wait_for(|stopping| *stopping).await.is_err() {
        std::future::pending::<()>().await;
    }
}

struct Session {
    state: Arc<SimState>,
    greeted: bool,
    authenticated: bool,
    tx: Option<Transaction>,
}

/// One message being sent: from MAIL FROM until DATA's reply or RSET.
struct Transaction {
    from: String,
    forced: Option<EmailScenario>,
    /// Accepted recipients with the scenario each selected.
    recipients: Vec<(String, EmailScenario)>,
}

struct Connection {
    reader: BufReader<OwnedReadHalf>,
    writer: OwnedWriteHalf,
}

enum Line {
    Complete(String),
    TooLong,
    Closed,
}

impl Connection {
    async fn reply(&mut self, code: u16, text: &str) -> std::io::Result<()> {
        self.writer.write_all(format!("{code} {text}\r\n").as_bytes()).await?;
        self.writer.flush().await
    }

    /// Every line but the last carries `code-`, the last `code ` (RFC 5321 §4.2.1).
    async fn reply_lines(&mut self, code: u16, lines: &[String]) -> std::io::Result<()> {
        let last = lines.len().saturating_sub(1);
        let text: String = lines
            .iter()
            .enumerate()
            .map(|(i, line)| format!("{code}{}{line}\r\n", if i == last { ' ' } else { '-' }))
            .collect();
        self.writer.write_all(text.as_bytes()).await?;
        self.writer.flush().await
    }

    /// One line without its line ending (CRLF, or a bare LF from a sloppy client).
    async fn read_raw_line(&mut self, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
        let mut line = Vec::new();
        let read = (&mut self.reader).take(limit).read_until(b'\n', &mut line).await?;
        if read == 0 {
            return Ok(None);
        }
        Ok(Some(line))
    }

    async fn read_command(&mut self) -> std::io::Result<Line> {
        let Some(mut line) = self.read_raw_line(MAX_COMMAND_LINE).await? else {
            return Ok(Line::Closed);
        };
        if !line.ends_with(b"\n") {
            // Either over-long or cut off by the client closing: neither can be answered well.
            return Ok(if line.len() as u64 >= MAX_COMMAND_LINE { Line::TooLong } else { Line::Closed });
        }
        trim_line_ending(&mut line);
        Ok(Line::Complete(String::from_utf8_lossy(&line).into_owned()))
    }

    /// The message after 354, dot-unstuffed, with CRLF line endings. `None` when the client
    /// closed before the final dot; `Some(Err(size))` when it was larger than allowed.
    async fn read_data(&mut self) -> std::io::Result<Option<Result<Vec<u8>, usize>>> {
        let mut data = Vec::new();
        let mut size = 0usize;
        loop {
            // Lines are read whole whatever their length; the size check bounds what is kept.
            let Some(mut line) = self.read_raw_line(MAX_MESSAGE_SIZE as u64 + 2).await? else {
                return Ok(None);
            };
            let complete = line.ends_with(b"\n");
            trim_line_ending(&mut line);
            if complete && line == b"." {
                break;
            }
            let unstuffed = line.strip_prefix(b".").unwrap_or(&line);
            size = size.saturating_add(unstuffed.len() + 2);
            if size <= MAX_MESSAGE_SIZE {
                data.extend_from_slice(unstuffed);
                data.extend_from_slice(b"\r\n");
            }
            if !complete {
                return Ok(None);
            }
        }
        Ok(Some(if size <= MAX_MESSAGE_SIZE { Ok(data) } else { Err(size) }))
    }
}

fn trim_line_ending(line: &mut Vec<u8>) {
    if line.ends_with(b"\n") {
        line.pop();
    }
    if line.ends_with(b"\r") {
        line.pop();
    }
}

impl Session {
    async fn run(mut self, stream: TcpStream, mut stop: watch::Receiver<bool>) -> std::io::Result<()> {
        let (read, writer) = stream.into_split();
        let mut conn = Connection { reader: BufReader::new(read), writer };
        conn.reply(220, &format!("{HOSTNAME} ESMTP Limoo simulator ready")).await?;
        loop {
            let line = tokio::select! {
                line = conn.read_command() => line?,
                () = stopped(&mut stop) => {
                    return conn.reply(421, "4.3.2 Service shutting down, closing transmission channel").await;
                }
                () = tokio::time::sleep(IDLE_TIMEOUT) => {
                    return conn.reply(421, "4.4.2 Idle too long, closing transmission channel").await;
                }
            };
            let line = match line {
                Line::Complete(line) => line,
                Line::TooLong => return conn.reply(500, "5.5.2 Line too long").await,
                Line::Closed => return Ok(()),
            };
            let (verb, args) = line.split_once(' ').unwrap_or((line.as_str(), ""));
            let args = args.trim();
            match verb.to_ascii_uppercase().as_str() {
                "EHLO" => self.ehlo(&mut conn, args).await?,
                "HELO" => self.helo(&mut conn, args).await?,
                "AUTH" => self.auth(&mut conn, args).await?,
                "MAIL" => self.mail(&mut conn, args).await?,
                "RCPT" => self.rcpt(&mut conn, args).await?,
                "DATA" => self.data(&mut conn, &mut stop).await?,
                "RSET" => {
                    self.tx = None;
                    conn.reply(250, "2.0.0 Ok").await?;
                }
                "NOOP" => conn.reply(250, "2.0.0 Ok").await?,
                "VRFY" => conn.reply(252, "2.5.2 Cannot VRFY user, but will accept the message").await?,
                "QUIT" => return conn.reply(221, "2.0.0 Bye").await,
                "" => conn.reply(500, "5.5.2 Syntax error, empty command").await?,
                _ => conn.reply(502, "5.5.1 Command not implemented").await?,
            }
        }
    }

    async fn ehlo(&mut self, conn: &mut Connection, client: &str) -> std::io::Result<()> {
        if client.is_empty() {
            return conn.reply(501, "5.5.4 EHLO needs a domain or address literal").await;
        }
        self.greeted = true;
        self.tx = None;
        let lines = [
            format!("{HOSTNAME} greets {client}"),
            "8BITMIME".to_owned(),
            "SMTPUTF8".to_owned(),
            "ENHANCEDSTATUSCODES".to_owned(),
            format!("SIZE {MAX_MESSAGE_SIZE}"),
            "AUTH PLAIN LOGIN".to_owned(),
        ];
        conn.reply_lines(250, &lines).await
    }

    async fn helo(&mut self, conn: &mut Connection, client: &str) -> std::io::Result<()> {
        if client.is_empty() {
            return conn.reply(501, "5.5.4 HELO needs a domain").await;
        }
        self.greeted = true;
        self.tx = None;
        conn.reply(250, HOSTNAME).await
    }

    /// Any credentials are accepted: the point is that configs with a user and password work.
    async fn auth(&mut self, conn: &mut Connection, args: &str) -> std::io::Result<()> {
        if !self.greeted {
            return conn.reply(503, "5.5.1 EHLO first").await;
        }
        if self.authenticated {
            return conn.reply(503, "5.5.1 Already authenticated").await;
        }
        if self.tx.is_some() {
            return conn.reply(503, "5.5.1 AUTH not allowed during a mail transaction").await;
        }
        let (mechanism, initial) = args.split_once(' ').unwrap_or((args, ""));
        // base64 of "Username:" and "Password:", the challenges LOGIN clients expect.
        let challenges: &[&str] = match mechanism.to_ascii_uppercase().as_str() {
            "PLAIN" if initial.is_empty() => &[""],
            "PLAIN" => &[],
            "LOGIN" if initial.is_empty() => &["VXNlcm5hbWU6", "UGFzc3dvcmQ6"],
            "LOGIN" => &["UGFzc3dvcmQ6"],
            "" => return conn.reply(501, "5.5.4 AUTH needs a mechanism").await,
            _ => return conn.reply(504, "5.5.4 Unrecognized authentication type").await,
        };
        for challenge in challenges {
            conn.reply(334, challenge).await?;
            match conn.read_command().await? {
                Line::Complete(answer) if answer.trim() == "*" => {
                    return conn.reply(501, "5.0.0 Authentication cancelled").await;
                }
                Line::Complete(_) => {}
                Line::TooLong => return conn.reply(500, "5.5.6 Authentication exchange line too long").await,
                Line::Closed => return Ok(()),
            }
        }
        self.authenticated = true;
        conn.reply(235, "2.7.0 Authentication successful").await
    }

    async fn mail(&mut self, conn: &mut Connection, args: &str) -> std::io::Result<()> {
        if !self.greeted {
            return conn.reply(503, "5.5.1 EHLO or HELO first").await;
        }
        if self.tx.is_some() {
            return conn.reply(503, "5.5.1 Nested MAIL command").await;
        }
        let Some((from, params)) = path_argument(args, "FROM:") else {
            return conn.reply(501, "5.5.4 Syntax: MAIL FROM:<address>").await;
        };
        let declared_size = params.split_whitespace().find_map(|param| {
            let (name, value) = param.split_once('=')?;
            name.eq_ignore_ascii_case("SIZE").then(|| value.parse::<usize>().ok()).flatten()
        });
        if declared_size.is_some_and(|size| size > MAX_MESSAGE_SIZE) {
            return conn.reply(552, "5.3.4 Message size exceeds fixed maximum message size").await;
        }
        // The forced scenario is taken at the first RCPT TO, where a forcing scoped to a recipient can see it.
        self.tx = Some(Transaction { from, forced: None, recipients: Vec::new() });
        conn.reply(250, "2.1.0 Ok").await
    }

    async fn rcpt(&mut self, conn: &mut Connection, args: &str) -> std::io::Result<()> {
        let Some(tx) = &mut self.tx else {
            return conn.reply(503, "5.5.1 MAIL first").await;
        };
        let Some((to, _params)) = path_argument(args, "TO:").filter(|(to, _)| !to.is_empty()) else {
            return conn.reply(501, "5.5.4 Syntax: RCPT TO:<address>").await;
        };
        if tx.recipients.len() >= MAX_RECIPIENTS {
            return conn.reply(452, "4.5.3 Too many recipients").await;
        }
        if tx.recipients.is_empty() && tx.forced.is_none() {
            // `force` only stores scenarios the e-mail gateway accepts; it then applies to the whole transaction.
            tx.forced = self.state.take_forced(Gateway::Email, &to, |_| true).and_then(|s| match s {
                Scenario::Email(email) => Some(email),
                Scenario::Sms(_) | Scenario::Payment(_) => None,
            });
        }
        let scenario = tx.forced.unwrap_or_else(|| test_values::scenario_for_email(&to));
        let refusal = match scenario {
            EmailScenario::MailboxUnavailable => Some((550, format!("5.1.1 <{to}>: Mailbox unavailable"))),
            EmailScenario::Deferred => Some((450, format!("4.2.1 <{to}>: Mailbox temporarily unavailable"))),
            EmailScenario::Delivered | EmailScenario::SlowAccept => None,
        };
        match refusal {
            Some((code, text)) => {
                let query = envelope_query(&tx.from, std::slice::from_ref(&to));
                self.state.record(journal_entry("RCPT TO", query, to, scenario, code));
                conn.reply(code, &text).await
            }
            None => {
                tx.recipients.push((to, scenario));
                conn.reply(250, "2.1.5 Ok").await
            }
        }
    }

    async fn data(&mut self, conn: &mut Connection, stop: &mut watch::Receiver<bool>) -> std::io::Result<()> {
        let Some(tx) = &self.tx else {
            return conn.reply(503, "5.5.1 MAIL first").await;
        };
        if tx.recipients.is_empty() {
            return conn.reply(554, "5.5.1 No valid recipients").await;
        }
        conn.reply(354, "End data with <CR><LF>.<CR><LF>").await?;
        let data = conn.read_data().await?;
        // The transaction ends with DATA's reply, whatever it is (RFC 5321 §4.1.1.4).
        let Some(tx) = self.tx.take() else { return Ok(()) };
        let raw = match data {
            None => return Ok(()),
            Some(Err(_too_big)) => {
                return conn.reply(552, "5.3.4 Message size exceeds fixed maximum message size").await;
            }
            Some(Ok(raw)) => raw,
        };
        let slow = tx.forced == Some(EmailScenario::SlowAccept)
            || tx.recipients.iter().any(|(_, scenario)| *scenario == EmailScenario::SlowAccept);
        let scenario = if slow { EmailScenario::SlowAccept } else { EmailScenario::Delivered };
        let to: Vec<String> = tx.recipients.into_iter().map(|(to, _)| to).collect();
        let id = self.state.next_queue_id();
        let query = envelope_query(&tx.from, &to);
        let envelope = Envelope { id: id.clone(), from: tx.from, to, received_at_ms: exchange::now_ms() };
        let email = SentEmail::parse(envelope, &raw);
        self.state.record(journal_entry("DATA", query, email.raw.clone(), scenario, 250));
        self.state.push_email(email);
        if slow {
            let delay = SLOW_ACCEPT.mul_f64(self.state.time_scale);
            tokio::select! {
                () = tokio::time::sleep(delay) => {}
                () = stopped(stop) => {
                    return conn.reply(421, "4.3.2 Service shutting down, closing transmission channel").await;
                }
            }
        }
        conn.reply(250, &format!("2.0.0 Ok: queued as {id}")).await
    }
}

/// `FROM:<a@b> PARAMS` → (`a@b`, `PARAMS`); lenient about a space after the colon and about
/// missing angle brackets, as many servers are.
fn path_argument(args: &str, keyword: &str) -> Option<(String, String)> {
    let head = args.get(..keyword.len())?;
    if !head.eq_ignore_ascii_case(keyword) {
        return None;
    }
    let rest = args[keyword.len()..].trim_start();
    let (path, params) = match rest.strip_prefix('<') {
        Some(inner) => inner.split_once('>')?,
        None => rest.split_once(' ').unwrap_or((rest, "")),
    };
    // A source route (`@a,@b:user@c`, RFC 5321 §4.1.2) is obsolete; keep the mailbox only.
    let mailbox = path.rsplit_once(':').filter(|_| path.starts_with('@')).map_or(path, |(_, mailbox)| mailbox);
    Some((mailbox.trim().to_owned(), params.trim().to_owned()))
}

fn envelope_query(from: &str, to: &[String]) -> String {
    let pairs = std::iter::once(("from", from)).chain(to.iter().map(|to| ("to", to.as_str())));
    serde_urlencoded::to_string(pairs.collect::<Vec<_>>()).unwrap_or_default()
}

fn journal_entry(command: &str, query: String, body: String, scenario: EmailScenario, status: u16) -> JournalEntry {
    JournalEntry {
        at_ms: exchange::now_ms(),
        gateway: Gateway::Email,
        method: "SMTP".to_owned(),
        path: command.to_owned(),
        query,
        body,
        scenario: scenario.name().to_owned(),
        status,
        outgoing: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_arguments_parse() {
        let parsed = path_argument("FROM:<a@b.c> BODY=8BITMIME SIZE=12", "FROM:");
        assert_eq!(parsed, Some(("a@b.c".to_owned(), "BODY=8BITMIME SIZE=12".to_owned())));
        assert_eq!(path_argument("from: <>", "FROM:"), Some((String::new(), String::new())));
        assert_eq!(path_argument("to:x@y", "TO:"), Some(("x@y".to_owned(), String::new())));
        assert_eq!(path_argument("TO:<@relay.example:x@y>", "TO:"), Some(("x@y".to_owned(), String::new())));
        assert_eq!(path_argument("TO <x@y>", "TO:"), None);
        assert_eq!(path_argument("TO:<x@y", "TO:"), None);
    }

    #[test]
    fn envelope_query_lists_every_recipient() {
        let query = envelope_query("a@b", &["c+1@d".to_owned(), "e@f".to_owned()]);
        assert_eq!(query, "from=a%40b&to=c%2B1%40d&to=e%40f");
    }
}
