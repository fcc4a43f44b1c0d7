//! `GET /_sim/`: a page for people (QA, a developer watching a payment): what is forced, the latest SMS, e-mails,
//! payments and journal entries, with links to the JSON endpoints. Server-rendered HTML, no script; `?gateway=`
//! narrows the payments and the journal, `?refresh=N` reloads it every N seconds (1–60).

use std::fmt::Write;
use std::sync::Arc;

use poem::http::StatusCode;
use poem::web::{Data, Query};
use poem::{Response, handler};
use serde::Deserialize;

use crate::payment::SimPayment;
use crate::scenario::{Gateway, Scenario};
use crate::state::SimState;

/// Rows per table: the newest first.
const RECENT: usize = 50;

#[derive(Deserialize)]
pub(crate) struct DashboardQuery {
    gateway: Option<String>,
    refresh: Option<u8>,
}

#[handler]
pub(crate) fn dashboard(Query(q): Query<DashboardQuery>, Data(state): Data<&Arc<SimState>>) -> Response {
    let gateway = match q.gateway.as_deref().filter(|name| !name.is_empty()).map(str::parse::<Gateway>).transpose() {
        Ok(gateway) => gateway,
        Err(e) => return html(StatusCode::BAD_REQUEST, &page("Limoo simulators", None, &paragraph(&e.to_string()))),
    };
    let refresh = q.refresh.filter(|seconds| (1..=60).contains(seconds));
    let body = [
        links(gateway, refresh),
        forced_table(state),
        sms_table(state),
        email_table(state),
        payments_table(state, gateway),
        journal_table(state, gateway),
    ]
    .concat();
    html(StatusCode::OK, &page("Limoo simulators", refresh, &body))
}

fn links(gateway: Option<Gateway>, refresh: Option<u8>) -> String {
    let filter = |g: Option<Gateway>| match g {
        Some(g) => format!("?gateway={}", g.name()),
        None => String::new(),
    };
    let mut out = String::from("<nav><p>JSON: ");
    for path in ["health", "scenarios", "events", "sms/outbox", "email/outbox", "payments", "openapi.json"] {
        let _ = write!(out, r#"<a href="/_sim/{path}">{path}</a> "#);
    }
    out.push_str("</p><p>Gateway: ");
    let _ = write!(out, r#"<a href="/_sim/"{}>all</a> "#, current(gateway.is_none()));
    for g in Gateway::ALL {
        let _ = write!(out, r#"<a href="/_sim/{}"{}>{}</a> "#, filter(Some(g)), current(gateway == Some(g)), g.name());
    }
    let toggle = match refresh {
        Some(_) => format!(r#"<a href="/_sim/{}">stop refreshing</a>"#, filter(gateway)),
        None => {
            let join = if gateway.is_some() { '&' } else { '?' };
            format!(r#"<a href="/_sim/{}{join}refresh=2">refresh every 2 s</a>"#, filter(gateway))
        }
    };
    let _ = write!(out, "</p><p>{toggle}</p></nav>");
    out
}

fn current(yes: bool) -> &'static str {
    if yes { r#" aria-current="page""# } else { "" }
}

fn forced_table(state: &SimState) -> String {
    let rows = Gateway::ALL.into_iter().map(|gateway| {
        let accepts: Vec<&str> =
            Scenario::all().filter(|scenario| gateway.accepts(*scenario)).map(Scenario::name).collect();
        vec![
            gateway.name().to_owned(),
            state.forced(gateway).map(Scenario::name).unwrap_or("—").to_owned(),
            accepts.join(", "),
        ]
    });
    table(
        "forced",
        "Forced scenarios",
        "Force one with <code>POST /_sim/force</code>, clear with <code>DELETE /_sim/force</code>; \
         <a href=\"/_sim/scenarios\">what each does</a>.",
        &["gateway", "forced now", "accepts"],
        rows,
    )
}

fn sms_table(state: &SimState) -> String {
    let rows = state.outbox(None).into_iter().rev().take(RECENT).map(|sms| {
        vec![
            time_of_day(u64::try_from(sms.date).unwrap_or_default() * 1000),
            sms.receptor,
            sms.token.unwrap_or_default(),
            sms.message,
        ]
    });
    table("sms", "SMS outbox", "", &["sent (UTC)", "receptor", "token", "message"], rows)
}

fn email_table(state: &SimState) -> String {
    let rows = state
        .emails(None)
        .into_iter()
        .rev()
        .take(RECENT)
        .map(|email| vec![time_of_day(email.received_at_ms), email.to.join(", "), email.subject, email.text]);
    table("email", "E-mail outbox", "", &["received (UTC)", "to", "subject", "text"], rows)
}

fn payments_table(state: &SimState, gateway: Option<Gateway>) -> String {
    let rows = state.payments(gateway, SimPayment::of).into_iter().rev().take(RECENT).map(|payment| {
        vec![
            payment.gateway.name().to_owned(),
            payment.reference.to_string(),
            payment.amount.to_string(),
            payment.order_ref,
            payment.stage,
            payment.scenario,
            payment.verify_calls.to_string(),
        ]
    });
    let headers = ["gateway", "reference", "amount (gateway's unit)", "order", "stage", "scenario", "verify calls"];
    table("payments", "Payments", "", &headers, rows)
}

fn journal_table(state: &SimState, gateway: Option<Gateway>) -> String {
    let rows = state.journal(gateway).into_iter().rev().take(RECENT).map(|entry| {
        let direction = if entry.outgoing { "out" } else { "in" };
        let target = if entry.query.is_empty() { entry.path } else { format!("{}?{}", entry.path, entry.query) };
        vec![
            time_of_day(entry.at_ms),
            entry.gateway.name().to_owned(),
            direction.to_owned(),
            format!("{} {target}", entry.method),
            entry.scenario,
            entry.status.to_string(),
        ]
    });
    let headers = ["at (UTC)", "gateway", "", "call", "scenario", "status"];
    table("journal", "Journal", "", &headers, rows)
}

/// A titled table in its own scrolling box (wide rows stay readable on a 390 px phone). Cells are escaped.
fn table(id: &str, title: &str, note: &str, headers: &[&str], rows: impl Iterator<Item = Vec<String>>) -> String {
    let mut out = format!(r#"<section id="{id}"><h2>{title}</h2>"#);
    if !note.is_empty() {
        let _ = write!(out, "<p>{note}</p>");
    }
    out.push_str(r#"<div class="scroll"><table><thead><tr>"#);
    for header in headers {
        let _ = write!(out, "<th>{}</th>", escape(header));
    }
    out.push_str("</tr></thead><tbody>");
    let mut empty = true;
    for row in rows {
        empty = false;
        out.push_str("<tr>");
        for cell in row {
            let _ = write!(out, "<td>{}</td>", escape(&cell));
        }
        out.push_str("</tr>");
    }
    if empty {
        let _ = write!(out, r#"<tr><td colspan="{}">nothing yet</td></tr>"#, headers.len());
    }
    out.push_str("</tbody></table></div></section>");
    out
}

fn paragraph(text: &str) -> String {
    format!("<p>{}</p>", escape(text))
}

fn page(title: &str, refresh: Option<u8>, body: &str) -> String {
    let refresh =
        refresh.map(|seconds| format!(r#"<meta http-equiv="refresh" content="{seconds}">"#)).unwrap_or_default();
    format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">{refresh}<title>{title}</title><style>
body{{font:14px/1.4 system-ui,sans-serif;margin:0 auto;padding:8px;max-width:1200px}}
h1{{font-size:20px}}h2{{font-size:16px;margin-top:24px}}
.scroll{{overflow-x:auto}}table{{border-collapse:collapse;min-width:100%}}
th,td{{border:1px solid #ccc;padding:4px 6px;text-align:start;vertical-align:top;max-width:40ch;overflow-wrap:break-word}}
th{{background:#f4f4f4}}a[aria-current]{{font-weight:bold}}nav p{{margin:4px 0}}
</style></head><body><h1>{title}</h1>{body}</body></html>"#
    )
}

/// `HH:MM:SS` of a Unix time in milliseconds, UTC.
fn time_of_day(ms: u64) -> String {
    let seconds = ms / 1000 % 86_400;
    format!("{:02}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60)
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

fn html(status: StatusCode, page: &str) -> Response {
    Response::builder().status(status).content_type("text/html; charset=utf-8").body(page.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_neutralises_markup() {
        assert_eq!(escape(r#"<script>"a"&'b'</script>"#), "&lt;script&gt;&quot;a&quot;&amp;&#39;b&#39;&lt;/script&gt;");
    }

    #[test]
    fn time_of_day_is_utc_hours_minutes_seconds() {
        assert_eq!(time_of_day(1_763_000_000_000), "02:13:20");
    }
}
