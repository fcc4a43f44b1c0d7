//! `GET /_sim/`: a page for people (QA, a developer watching a payment): what is forced, the latest SMS, e-mails,
//! payments and journal entries, with links to the JSON endpoints, and forms to force, clear and reset. Server-rendered
//! HTML, no script; Persian and right-to-left by default, `?lang=en` for English; `?gateway=` narrows the payments
//! and the journal, `?refresh=N` reloads it every N seconds (1–60).

use std::fmt::Write;
use std::sync::Arc;

use poem::http::StatusCode;
use poem::web::{Data, Form, Query};
use poem::{Response, handler};
use serde::Deserialize;

use crate::error::SimError;
use crate::forcing::Armed;
use crate::payment::SimPayment;
use crate::payment::page::NO_ICON;
use crate::scenario::{Gateway, Scenario};
use crate::state::SimState;

/// Rows per table: the newest first.
const RECENT: usize = 50;

/// The page's language: Persian (our QA engineers') unless `lang=en` asks for English.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Lang {
    #[default]
    Fa,
    En,
}

impl Lang {
    /// An absent or empty `lang` is the default; anything but `fa` or `en` is refused.
    fn parse(value: Option<&str>) -> Result<Lang, SimError> {
        match value.map(str::trim).unwrap_or_default() {
            "" | "fa" => Ok(Lang::Fa),
            "en" => Ok(Lang::En),
            other => Err(SimError::UnknownLanguage(other.to_owned())),
        }
    }

    fn code(self) -> &'static str {
        match self {
            Lang::Fa => "fa",
            Lang::En => "en",
        }
    }

    fn dir(self) -> &'static str {
        match self {
            Lang::Fa => "rtl",
            Lang::En => "ltr",
        }
    }

    fn other(self) -> Lang {
        match self {
            Lang::Fa => Lang::En,
            Lang::En => Lang::Fa,
        }
    }

    fn labels(self) -> &'static Labels {
        match self {
            Lang::Fa => &FA,
            Lang::En => &EN,
        }
    }
}

/// Every word the page shows, once per language; the markup is built once from them.
struct Labels {
    title: &'static str,
    /// This language's own name, on the other language's switch link.
    name: &'static str,
    gateway: &'static str,
    all: &'static str,
    refresh: &'static str,
    stop_refreshing: &'static str,
    forced: &'static str,
    forced_note: &'static str,
    what_each_does: &'static str,
    /// The heading of the table the link above leads to.
    scenarios: &'static str,
    scenario_headers: [&'static str; 3],
    forced_headers: [&'static str; 3],
    /// Followed by the gateway's name, for the scenario list's accessible name.
    scenario_for: &'static str,
    force: &'static str,
    clear: &'static str,
    clear_all: &'static str,
    reset: &'static str,
    sms: &'static str,
    sms_headers: [&'static str; 4],
    email: &'static str,
    email_headers: [&'static str; 4],
    payments: &'static str,
    payment_headers: [&'static str; 8],
    journal: &'static str,
    journal_headers: [&'static str; 6],
    incoming: &'static str,
    outgoing: &'static str,
    nothing_yet: &'static str,
    refused: &'static str,
}

const FA: Labels = Labels {
    title: "شبیه‌سازهای لیمو",
    name: "فارسی",
    gateway: "درگاه:",
    all: "همه",
    refresh: "بازخوانی هر ۲ ثانیه",
    stop_refreshing: "توقف بازخوانی",
    forced: "سناریوهای اجباری",
    forced_note: "روی تماس مناسب بعدی همان درگاه اعمال می‌شود، یا با POST /_sim/force و matching فقط روی تماس‌هایی که آن متن را دارند؛",
    what_each_does: "کار هر سناریو",
    scenarios: "سناریوها و کار هر یک",
    scenario_headers: ["سناریو", "کار آن (انگلیسی)", "درگاه‌ها"],
    forced_headers: ["درگاه", "اجباری فعلی", "اجبار"],
    scenario_for: "سناریو برای",
    force: "اعمال",
    clear: "پاک کردن",
    clear_all: "پاک کردن همه",
    reset: "بازنشانی همه چیز",
    sms: "صندوق پیامک",
    sms_headers: ["ارسال (UTC)", "گیرنده", "توکن", "متن پیام"],
    email: "صندوق ایمیل",
    email_headers: ["دریافت (UTC)", "گیرنده", "موضوع", "متن"],
    payments: "پرداخت‌ها",
    payment_headers: [
        "درگاه",
        "شناسه",
        "مبلغ (واحد درگاه)",
        "شماره پرداخت پذیرنده",
        "شرح پذیرنده",
        "مرحله",
        "سناریو",
        "دفعات تأیید",
    ],
    journal: "گزارش تماس‌ها",
    journal_headers: ["زمان (UTC)", "درگاه", "جهت", "تماس", "سناریو", "وضعیت"],
    incoming: "ورودی",
    outgoing: "خروجی",
    nothing_yet: "هنوز چیزی نیست",
    refused: "درخواست انجام نشد:",
};

const EN: Labels = Labels {
    title: "Limoo simulators",
    name: "English",
    gateway: "Gateway:",
    all: "all",
    refresh: "refresh every 2 s",
    stop_refreshing: "stop refreshing",
    forced: "Forced scenarios",
    forced_note: "Forced on the gateway's next fitting call, or, scoped with POST /_sim/force and matching, on the calls holding that text;",
    what_each_does: "what each does",
    scenarios: "Scenarios and what each does",
    scenario_headers: ["scenario", "what it does", "gateways"],
    forced_headers: ["gateway", "forced now", "force"],
    scenario_for: "scenario for",
    force: "force",
    clear: "clear",
    clear_all: "clear all",
    reset: "reset everything",
    sms: "SMS outbox",
    sms_headers: ["sent (UTC)", "receptor", "token", "message"],
    email: "E-mail outbox",
    email_headers: ["received (UTC)", "to", "subject", "text"],
    payments: "Payments",
    payment_headers: [
        "gateway",
        "reference",
        "amount (gateway's unit)",
        "merchant's payment number",
        "merchant's description",
        "stage",
        "scenario",
        "verify calls",
    ],
    journal: "Journal",
    journal_headers: ["at (UTC)", "gateway", "direction", "call", "scenario", "status"],
    incoming: "in",
    outgoing: "out",
    nothing_yet: "nothing yet",
    refused: "Not done:",
};

/// What the page shows: its language, gateway filter and reload period; links keep what they do not change.
#[derive(Clone, Copy)]
struct View {
    lang: Lang,
    gateway: Option<Gateway>,
    refresh: Option<u8>,
}

impl View {
    /// The page's address (not yet escaped for HTML); the defaults are left out.
    fn url(self) -> String {
        let mut query = Vec::new();
        if let Some(gateway) = self.gateway {
            query.push(format!("gateway={}", gateway.name()));
        }
        if let Some(seconds) = self.refresh {
            query.push(format!("refresh={seconds}"));
        }
        if self.lang != Lang::default() {
            query.push(format!("lang={}", self.lang.code()));
        }
        if query.is_empty() { "/_sim/".to_owned() } else { format!("/_sim/?{}", query.join("&")) }
    }

    fn href(self) -> String {
        escape(&self.url())
    }
}

#[derive(Deserialize)]
pub(crate) struct DashboardQuery {
    gateway: Option<String>,
    refresh: Option<u8>,
    lang: Option<String>,
}

#[handler]
pub(crate) fn dashboard(Query(q): Query<DashboardQuery>, Data(state): Data<&Arc<SimState>>) -> Response {
    let lang = match Lang::parse(q.lang.as_deref()) {
        Ok(lang) => lang,
        Err(e) => return refused(Lang::default(), &e),
    };
    let gateway = match parse_gateway(q.gateway.as_deref()) {
        Ok(gateway) => gateway,
        Err(e) => return refused(lang, &e),
    };
    let view = View { lang, gateway, refresh: q.refresh.filter(|seconds| (1..=60).contains(seconds)) };
    let labels = lang.labels();
    let body = [
        links(view),
        forced_table(state, lang),
        sms_table(state, labels),
        email_table(state, labels),
        payments_table(state, gateway, labels),
        journal_table(state, gateway, labels),
        scenarios_table(labels),
    ]
    .concat();
    html(StatusCode::OK, &page(lang, view.refresh, &body))
}

fn parse_gateway(name: Option<&str>) -> Result<Option<Gateway>, SimError> {
    Ok(name.filter(|name| !name.is_empty()).map(str::parse::<Gateway>).transpose()?)
}

fn links(view: View) -> String {
    let labels = view.lang.labels();
    let mut out = String::from(r#"<nav><p><bdi dir="ltr">JSON:</bdi> "#);
    for path in ["health", "scenarios", "events", "sms/outbox", "email/outbox", "payments", "ledger", "openapi.json"] {
        let _ = write!(out, r#"<a href="/_sim/{path}" dir="ltr">{path}</a> "#);
    }
    let _ = write!(out, "</p><p>{} ", labels.gateway);
    let all = View { gateway: None, ..view };
    let _ = write!(out, r#"<a href="{}"{}>{}</a> "#, all.href(), current(view.gateway.is_none()), labels.all);
    for g in Gateway::ALL {
        let filtered = View { gateway: Some(g), ..view };
        let _ = write!(out, r#"<a href="{}"{}>{}</a> "#, filtered.href(), current(view.gateway == Some(g)), g.name());
    }
    let toggle = match view.refresh {
        Some(_) => format!(r#"<a href="{}">{}</a>"#, View { refresh: None, ..view }.href(), labels.stop_refreshing),
        None => format!(r#"<a href="{}">{}</a>"#, View { refresh: Some(2), ..view }.href(), labels.refresh),
    };
    let other = view.lang.other();
    let switch = format!(
        r#"<a href="{}" lang="{}" hreflang="{}" data-lang-switch>{}</a>"#,
        View { lang: other, ..view }.href(),
        other.code(),
        other.code(),
        other.labels().name
    );
    let _ = write!(out, "</p><p>{toggle} · {switch}</p></nav>");
    out
}

fn current(yes: bool) -> &'static str {
    if yes { r#" aria-current="page""# } else { "" }
}

/// The forms' common start: a post back here that remembers the page's language.
fn form_start(lang: Lang, class: &str) -> String {
    format!(r#"<form method="post" action="/_sim/"{class}><input type="hidden" name="lang" value="{}">"#, lang.code())
}

fn forced_table(state: &SimState, lang: Lang) -> String {
    let labels = lang.labels();
    let rows = Gateway::ALL.into_iter().map(|gateway| {
        let armed = state.armed(Some(gateway));
        let mut form = form_start(lang, "");
        let _ = write!(
            form,
            r#"<input type="hidden" name="gateway" value="{name}"><select name="scenario" dir="ltr" aria-label="{} {name}">"#,
            labels.scenario_for,
            name = gateway.name(),
        );
        // The option's title says what it does: a QA engineer choosing one need not leave the page.
        for scenario in Scenario::all().filter(|scenario| gateway.accepts(*scenario)) {
            let _ = write!(form, r#"<option title="{}">{}</option>"#, escape(scenario.description()), scenario.name());
        }
        let _ = write!(form, r#"</select> <button name="action" value="force">{}</button>"#, labels.force);
        if !armed.is_empty() {
            let _ = write!(form, r#" <button name="action" value="clear">{}</button>"#, labels.clear);
        }
        form.push_str("</form>");
        // Scenario names, mobiles and counts read left to right, whatever the page's direction.
        let forced = match armed.is_empty() {
            true => Cell::Text("—".to_owned()),
            false => Cell::Code(armed.iter().map(describe).collect::<Vec<_>>().join("; ")),
        };
        vec![Cell::Text(gateway.name().to_owned()), forced, Cell::Html(form)]
    });
    let note = format!(
        r##"{} <a href="#scenarios">{}</a>. {}<button name="action" value="clear">{}</button> <button name="action" value="reset">{}</button></form>"##,
        labels.forced_note,
        labels.what_each_does,
        form_start(lang, r#" class="inline""#),
        labels.clear_all,
        labels.reset,
    );
    table("forced", labels.forced, &note, &labels.forced_headers, labels, rows)
}

/// One armed forcing in a line: its scenario, then only what differs from "the next call, once": the text it is
/// scoped to, the calls left (∞ until cleared) and the seconds until it lapses.
fn describe(armed: &Armed) -> String {
    let mut text = armed.scenario.to_owned();
    if let Some(matching) = &armed.scope.matching {
        let _ = write!(text, " · {matching}");
    }
    match armed.scope.remaining {
        Some(1) => {}
        Some(left) => {
            let _ = write!(text, " · ×{left}");
        }
        None => text.push_str(" · ∞"),
    }
    if let Some(seconds) = armed.scope.expires_in_seconds {
        let _ = write!(text, " · {seconds} s");
    }
    text
}

/// `POST /_sim/` from the dashboard's forms: force a scenario, clear one or all, or reset; then back to the page
/// in the form's language.
#[derive(Deserialize)]
pub(crate) struct DashboardAction {
    action: String,
    gateway: Option<String>,
    scenario: Option<String>,
    lang: Option<String>,
}

#[handler]
pub(crate) fn act(Form(form): Form<DashboardAction>, Data(state): Data<&Arc<SimState>>) -> Response {
    let lang = match Lang::parse(form.lang.as_deref()) {
        Ok(lang) => lang,
        Err(e) => return refused(Lang::default(), &e),
    };
    let gateway = || parse_gateway(form.gateway.as_deref());
    let done: Result<(), SimError> = match form.action.as_str() {
        "force" => gateway().and_then(|gateway| {
            let gateway = gateway.ok_or(SimError::Missing("gateway"))?;
            let scenario = form.scenario.as_deref().unwrap_or_default().parse()?;
            state.force(gateway, scenario)
        }),
        "clear" => gateway().map(|gateway| {
            state.clear_forced(gateway, None);
        }),
        "reset" => {
            state.reset();
            Ok(())
        }
        other => Err(SimError::UnknownAction(other.to_owned())),
    };
    match done {
        Ok(()) => {
            let back = View { lang, gateway: None, refresh: None }.url();
            Response::builder().status(StatusCode::SEE_OTHER).header("Location", back).finish()
        }
        Err(e) => refused(lang, &e),
    }
}

/// A 400 page: the simulators' own (English) reason, kept left-to-right under a heading in the page's language.
fn refused(lang: Lang, error: &SimError) -> Response {
    let body = format!(r#"<p>{} <bdi dir="ltr">{}</bdi></p>"#, lang.labels().refused, escape(&error.to_string()));
    html(StatusCode::BAD_REQUEST, &page(lang, None, &body))
}

fn sms_table(state: &SimState, labels: &Labels) -> String {
    let rows = state.outbox(None).into_iter().rev().take(RECENT).map(|sms| {
        vec![
            Cell::Code(time_of_day(u64::try_from(sms.date).unwrap_or_default() * 1000)),
            Cell::Code(sms.receptor),
            Cell::Code(sms.token.unwrap_or_default()),
            Cell::Free(sms.message),
        ]
    });
    table("sms", labels.sms, "", &labels.sms_headers, labels, rows)
}

fn email_table(state: &SimState, labels: &Labels) -> String {
    let rows = state.emails(None).into_iter().rev().take(RECENT).map(|email| {
        vec![
            Cell::Code(time_of_day(email.received_at_ms)),
            Cell::Code(email.to.join(", ")),
            Cell::Free(email.subject),
            Cell::Free(email.text),
        ]
    });
    table("email", labels.email, "", &labels.email_headers, labels, rows)
}

fn payments_table(state: &SimState, gateway: Option<Gateway>, labels: &Labels) -> String {
    let rows = state.payments(gateway, SimPayment::of).into_iter().rev().take(RECENT).map(|payment| {
        vec![
            Cell::Text(payment.gateway.name().to_owned()),
            Cell::Code(payment.reference.to_string()),
            Cell::Code(payment.amount.to_string()),
            Cell::Code(payment.order_ref),
            Cell::Free(payment.description),
            Cell::Text(payment.stage),
            Cell::Text(payment.scenario),
            Cell::Code(payment.verify_calls.to_string()),
        ]
    });
    table("payments", labels.payments, "", &labels.payment_headers, labels, rows)
}

fn journal_table(state: &SimState, gateway: Option<Gateway>, labels: &Labels) -> String {
    let rows = state.journal(gateway).into_iter().rev().take(RECENT).map(|entry| {
        let direction = if entry.outgoing { labels.outgoing } else { labels.incoming };
        let target = if entry.query.is_empty() { entry.path } else { format!("{}?{}", entry.path, entry.query) };
        vec![
            Cell::Code(time_of_day(entry.at_ms)),
            Cell::Text(entry.gateway.name().to_owned()),
            Cell::Text(direction.to_owned()),
            Cell::Code(format!("{} {target}", entry.method)),
            Cell::Text(entry.scenario),
            Cell::Code(entry.status.to_string()),
        ]
    });
    table("journal", labels.journal, "", &labels.journal_headers, labels, rows)
}

/// Every scenario, what it does and the gateways that take it: the page's own answer to "what does this one do?"
/// (`GET /_sim/scenarios` says the same in JSON).
fn scenarios_table(labels: &Labels) -> String {
    let rows = Scenario::all().map(|scenario| {
        let gateways: Vec<&str> = Gateway::ALL.into_iter().filter(|g| g.accepts(scenario)).map(|g| g.name()).collect();
        vec![
            Cell::Code(scenario.name().to_owned()),
            Cell::Free(scenario.description().to_owned()),
            Cell::Code(gateways.join(", ")),
        ]
    });
    table("scenarios", labels.scenarios, "", &labels.scenario_headers, labels, rows)
}

/// A table cell. Text is escaped and follows the page's direction (a gateway's or scenario's one-word name reads
/// the same either way); a code (a time, number, id, address or call) stays left-to-right; free text (an SMS, an
/// e-mail) takes the direction of its own first letters; markup (the dashboard's own forms) is not escaped.
enum Cell {
    Text(String),
    Code(String),
    Free(String),
    Html(String),
}

/// A titled table in its own scrolling box; on a phone each row becomes a card whose cells carry their column's name
/// (set here, by column, so the markup stays one plain table), and nothing scrolls sideways out of sight.
fn table(
    id: &str,
    title: &str,
    note: &str,
    headers: &[&str],
    labels: &Labels,
    rows: impl Iterator<Item = Vec<Cell>>,
) -> String {
    let mut out = format!(r#"<section id="{id}"><h2>{title}</h2><style>@media (max-width:640px){{"#);
    for (column, header) in headers.iter().enumerate() {
        let name = header.replace(['"', '\\', '<'], "");
        let _ = write!(out, r#"#{id} td:nth-child({}):not([colspan])::before{{content:"{name}"}}"#, column + 1);
    }
    out.push_str("}</style>");
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
                Cell::Code(code) => write!(out, r#"<td dir="ltr">{}</td>"#, escape(&code)),
                Cell::Free(text) => write!(out, r#"<td dir="auto">{}</td>"#, escape(&text)),
                Cell::Html(markup) => write!(out, "<td>{markup}</td>"),
            };
        }
        out.push_str("</tr>");
    }
    if empty {
        let _ = write!(out, r#"<tr><td colspan="{}">{}</td></tr>"#, headers.len(), labels.nothing_yet);
    }
    out.push_str("</tbody></table></div></section>");
    out
}

/// The whole page. Persian gets a Vazirmatn-first font stack; numbers and codes stay in Latin digits either way.
fn page(lang: Lang, refresh: Option<u8>, body: &str) -> String {
    let refresh =
        refresh.map(|seconds| format!(r#"<meta http-equiv="refresh" content="{seconds}">"#)).unwrap_or_default();
    let (code, dir, title) = (lang.code(), lang.dir(), lang.labels().title);
    format!(
        r#"<!doctype html><html lang="{code}" dir="{dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">{refresh}<title>{title}</title>
<link rel="icon" href="{NO_ICON}"><style>
body{{font:14px/1.5 system-ui,sans-serif;margin:0 auto;padding:8px;max-width:1200px}}
html[lang=fa] body{{font-family:Vazirmatn,Vazir,Sahel,"Noto Sans Arabic","Segoe UI",Tahoma,system-ui,sans-serif}}
h1{{font-size:20px}}h2{{font-size:16px;margin-top:24px}}
.scroll{{overflow-x:auto}}table{{border-collapse:collapse;min-width:100%}}
th,td{{border:1px solid #ccc;padding:4px 6px;text-align:start;vertical-align:top;max-width:40ch;overflow-wrap:break-word}}
th{{background:#f4f4f4}}form{{margin:0}}
@media (max-width:640px){{.scroll table,.scroll tbody,.scroll tr,.scroll td{{display:block;min-width:0}}.scroll thead{{display:none}}
.scroll tr{{border:1px solid #ccc;border-radius:4px;margin-block-end:8px}}.scroll td{{border:0;max-width:none}}
.scroll td::before{{display:block;font-size:12px;color:#555}}}}.inline{{display:inline}}select,button{{font:inherit}}a[aria-current]{{font-weight:bold}}nav p{{margin:4px 0}}
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
