//! `GET /_sim/`: a page for people (QA, a developer watching a payment): what is forced, the latest SMS, e-mails,
//! payments and journal entries, with links to the JSON endpoints, and forms to force, clear and reset. Server-rendered HTML, no script; `?gateway=`
//! narrows the payments and the journal, `?refresh=N` reloads it every N seconds (1–60).

use std::fmt::Write;
use std::sync::Arc;

use poem::http::StatusCode;
use poem::web::{Data, Form, Query};
use poem::{Response, handler};
use serde::Deserialize;

use crate::error::SimError;
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
        let forced = state.forced(gateway);
        let mut form = format!(
            r#"<form method="post" action="/_sim/"><input type="hidden" name="gateway" value="{}"><select name="scenario" aria-label="scenario for {}">"#,
            gateway.name(),
            gateway.name()
        );
        for scenario in Scenario::all().filter(|scenario| gateway.accepts(*scenario)) {
            let _ = write!(form, "<option>{}</option>", scenario.name());
        }
        form.push_str(r#"</select> <button name="action" value="force">force</button>"#);
        if forced.is_some() {
            form.push_str(r#" <button name="action" value="clear">clear</button>"#);
        }
        form.push_str("</form>");
        vec![Cell::Text(gateway.name().to_owned()), Cell::Text(forced.map(Scenario::name).unwrap_or("—").to_owned()), Cell::Html(form)]
    });
    let note = "Forced on the gateway's next fitting call; <a href=\"/_sim/scenarios\">what each does</a>. \
                <form method=\"post\" action=\"/_sim/\" class=\"inline\"><button name=\"action\" value=\"clear\">clear all</button> \
                <button name=\"action\" value=\"reset\">reset everything</button></form>";
    table("forced", "Forced scenarios", note, &["gateway", "forced now", "force"], rows)
}

/// `POST /_sim/` from the dashboard's forms: force a scenario, clear one or all, or reset; then back to the page.
#[derive(Deserialize)]
pub(crate) struct DashboardAction {
    action: String,
    gateway: Option<String>,
    scenario: Option<String>,
}

#[handler]
pub(crate) fn act(Form(form): Form<DashboardAction>, Data(state): Data<&Arc<SimState>>) -> Response {
    let gateway = || form.gateway.as_deref().filter(|name| !name.is_empty()).map(str::parse::<Gateway>).transpose();
    let done: Result<(), SimError> = match form.action.as_str() {
        "force" => gateway().and_then(|gateway| {
            let gateway = gateway.ok_or(SimError::Missing("gateway"))?;
            let scenario = form.scenario.as_deref().unwrap_or_default().parse()?;
            state.force(gateway, scenario)
        }),
        "clear" => gateway().map(|gateway| {
            state.clear_forced(gateway);
        }),
        "reset" => {
            state.reset();
            Ok(())
        }
        other => Err(SimError::UnknownAction(other.to_owned())),
    };
    match done {
        Ok(()) => Response::builder().status(StatusCode::SEE_OTHER).header("Location", "/_sim/").finish(),
        Err(e) => html(StatusCode::BAD_REQUEST, &page("Limoo simulators", None, &paragraph(&e.to_string()))),
    }
}

fn sms_table(state: &SimState) -> String {
    let rows = state.outbox(None).into_iter().rev().take(RECENT).map(|sms| {
        texts(vec![
            time_of_day(u64::try_from(sms.date).unwrap_or_default() * 1000),
            sms.receptor,
            sms.token.unwrap_or_default(),
            sms.message,
        ])
    });
    table("sms", "SMS outbox", "", &["sent (UTC)", "receptor", "token", "message"], rows)
}

fn email_table(state: &SimState) -> String {
    let rows =
        state.emails(None).into_iter().rev().take(RECENT).map(|email| {
            texts(vec![time_of_day(email.received_at_ms), email.to.join(", "), email.subject, email.text])
        });
    table("email", "E-mail outbox", "", &["received (UTC)", "to", "subject", "text"], rows)
}

fn payments_table(state: &SimState, gateway: Option<Gateway>) -> String {
    let rows = state.payments(gateway, SimPayment::of).into_iter().rev().take(RECENT).map(|payment| {
        texts(vec![
            payment.gateway.name().to_owned(),
            payment.reference.to_string(),
            payment.amount.to_string(),
            payment.order_ref,
            payment.stage,
            payment.scenario,
            payment.verify_calls.to_string(),
        ])
    });
    let headers = ["gateway", "reference", "amount (gateway's unit)", "order", "stage", "scenario", "verify calls"];
    table("payments", "Payments", "", &headers, rows)
}

fn journal_table(state: &SimState, gateway: Option<Gateway>) -> String {
    let rows = state.journal(gateway).into_iter().rev().take(RECENT).map(|entry| {
        let direction = if entry.outgoing { "out" } else { "in" };
        let target = if entry.query.is_empty() { entry.path } else { format!("{}?{}", entry.path, entry.query) };
        texts(vec![
            time_of_day(entry.at_ms),
            entry.gateway.name().to_owned(),
            direction.to_owned(),
            format!("{} {target}", entry.method),
            entry.scenario,
            entry.status.to_string(),
        ])
    });
    let headers = ["at (UTC)", "gateway", "", "call", "scenario", "status"];
    table("journal", "Journal", "", &headers, rows)
}

/// A table cell: text is escaped, markup (the dashboard's own forms) is not.
enum Cell {
    Text(String),
    Html(String),
}

fn texts(cells: Vec<String>) -> Vec<Cell> {
    cells.into_iter().map(Cell::Text).collect()
}

/// A titled table in its own scrolling box (wide rows stay readable on a 390 px phone).
fn table(id: &str, title: &str, note: &str, headers: &[&str], rows: impl Iterator<Item = Vec<Cell>>) -> String {
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
            let _ = match cell {
                Cell::Text(text) => write!(out, "<td>{}</td>", escape(&text)),
                Cell::Html(markup) => write!(out, "<td>{markup}</td>"),
            };
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
th{{background:#f4f4f4}}form{{margin:0}}.inline{{display:inline}}select,button{{font:inherit}}a[aria-current]{{font-weight:bold}}nav p{{margin:4px 0}}
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
