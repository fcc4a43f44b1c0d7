//! Serving the hosted page and its buttons, the same way for every gateway: the gateway module
//! says how its page is titled and what callback each outcome makes.

use poem::http::StatusCode;

use crate::exchange::{Call, Reply};
use crate::payment::callback::Callback;
use crate::payment::page::{self, HostedPage, Lang};
use crate::payment::wire::Fields;
use crate::payment::{INVALID_REQUEST, PageAction, PageOutcome, Payment, Stage, Unit};
use crate::scenario::{Gateway, PaymentScenario};

pub(crate) struct PageSpec {
    pub gateway: Gateway,
    pub lang: Lang,
    pub title: &'static str,
    pub unit: Unit,
    /// The callback one outcome makes, in the gateway's own fields.
    pub callback: fn(&Payment, PageOutcome) -> Callback,
}

impl PageSpec {
    /// Where a payment's buttons post: `/{gateway}/sim-page/{token}` (a route of ours, not the
    /// gateway's; the page is the simulator's stand-in for the bank's).
    pub fn action_path(&self, token: &str) -> String {
        format!("/{}/sim-page/{token}", self.gateway.name())
    }

    /// The route pattern for [`Self::action_path`] inside the gateway's own routes.
    pub const ACTION_ROUTE: &'static str = "/sim-page/:token";
}

/// The hosted page of the payment whose token is `token`; `prepare` records what the browser
/// brought along (SEP's GetMethod) before the page is drawn.
pub(crate) fn show(call: &Call<'_>, spec: &PageSpec, token: &str, prepare: impl FnOnce(&mut Payment)) -> Reply {
    let shown = call.state.with_payment(
        spec.gateway,
        |p| p.token == token,
        |p| {
            prepare(p);
            p.page_opened = true;
            let page = HostedPage {
                lang: spec.lang,
                title: spec.title,
                amount: p.charged(),
                unit: spec.unit,
                order_ref: &p.order_ref,
                description: p.merchant_description(),
                action_url: &spec.action_path(&p.token),
                expired: p.token_expired(),
                rows: Vec::new(),
            };
            (p.scenario.name(), page.render())
        },
    );
    match shown {
        Some((applied, html)) => Reply::html(StatusCode::OK, applied, html),
        None => unknown(spec),
    }
}

/// A button pressed: the payment moves on and the browser is sent back to the merchant. The
/// first press of a double-callback payment also schedules the simulator's own repeat.
pub(crate) fn act(call: &Call<'_>, spec: &PageSpec) -> Reply {
    let token = call.path_param("token");
    let Some(action) = Fields::of(call).text("action").and_then(|a| PageAction::parse(&a)) else {
        return Reply::html(
            StatusCode::BAD_REQUEST,
            INVALID_REQUEST,
            page::notice(spec.lang, spec.title, "دکمه‌ای با این نام وجود ندارد."),
        );
    };
    let acted = call.state.with_payment(
        spec.gateway,
        |p| p.token == token,
        |p| {
            let first = p.stage == Stage::Created;
            let outcome = p.act(action);
            let repeat = first && p.scenario == PaymentScenario::DoubleCallback;
            let callback = (spec.callback)(p, outcome);
            p.callback = Some(callback.clone());
            (callback, p.scenario.name(), repeat)
        },
    );
    let Some((callback, applied, repeat)) = acted else {
        return unknown(spec);
    };
    let reply = callback.to_browser(applied, spec.lang);
    if repeat {
        callback.repeat_later(call.state, spec.gateway, applied);
    }
    reply
}

fn unknown(spec: &PageSpec) -> Reply {
    let message = match spec.lang {
        Lang::Fa => "این پرداخت پیدا نشد.",
        Lang::En => "This checkout was not found.",
    };
    Reply::html(StatusCode::NOT_FOUND, INVALID_REQUEST, page::notice(spec.lang, spec.title, message))
}
