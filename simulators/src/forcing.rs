//! Forced scenarios: what `POST /_sim/force` (or `SimHandle::force`) arms on a gateway for its next fitting calls.
//!
//! An unscoped forcing is taken by the gateway's next fitting call, whoever makes it. A scoped one is taken only by
//! calls whose request (query or body) contains its `matching` text: one customer's mobile, one order's amount, one
//! test's description. Two engineers, or two CI jobs, sharing one simulator then never take each other's outcome.
//! Either kind applies once by default, or `times` times, or until cleared, and may lapse after `ttl`; scoped
//! forcings are tried before unscoped ones, the oldest first.
use std::{
    collections::HashMap,
    time::{Duration, Instant},
};

use serde::Serialize;

use crate::{
    error::SimError,
    scenario::{Gateway, Scenario},
};

/// Forcings one gateway may hold at once: each is a few bytes, but a script must not grow the list for ever.
pub const MAX_PER_GATEWAY: usize = 64;

/// How a forcing applies.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scope {
    /// Only calls whose query or body contains this text; every call when `None`.
    pub matching: Option<String>,
    /// How many calls take it; `None` for every fitting call until it is cleared or lapses.
    pub times: Option<u32>,
    /// How long it stays armed; for ever when `None`.
    pub ttl: Option<Duration>,
}

impl Scope {
    /// The next fitting call, whoever makes it, once.
    pub fn once() -> Self {
        Scope { matching: None, times: Some(1), ttl: None }
    }
}

/// What an armed forcing or fault keeps of its [`Scope`]: the text it is scoped to, the calls left, when it lapses.
#[derive(Debug, Clone)]
pub(crate) struct Arming {
    pub matching: Option<String>,
    remaining: Option<u32>,
    until: Option<Instant>,
}

impl Arming {
    /// Arms `scope` from `now`, refusing one that could never apply.
    pub fn new(scope: Scope, now: Instant) -> Result<Self, SimError> {
        if scope.times == Some(0) {
            return Err(SimError::Invalid("times must be at least 1 (or null for every call)"));
        }
        if scope.matching.as_deref().is_some_and(|text| text.trim().is_empty()) {
            return Err(SimError::Invalid("matching must not be empty (leave it out for every call)"));
        }
        Ok(Arming { matching: scope.matching, remaining: scope.times, until: scope.ttl.map(|ttl| now + ttl) })
    }

    /// Not lapsed and not spent.
    pub fn live(&self, now: Instant) -> bool {
        self.until.is_none_or(|until| now < until) && self.remaining != Some(0)
    }

    /// Scoped to a text that `request` (a call's query and body) contains.
    pub fn names(&self, request: &str) -> bool {
        self.matching.as_deref().is_some_and(|text| request.contains(text))
    }

    /// One call took it.
    pub fn spend(&mut self) {
        if let Some(remaining) = &mut self.remaining {
            *remaining -= 1;
        }
    }

    pub fn view(&self, now: Instant) -> ScopeView {
        ScopeView {
            matching: self.matching.clone(),
            remaining: self.remaining,
            expires_in_seconds: self.until.map(|until| until.saturating_duration_since(now).as_secs()),
        }
    }
}

/// An armed scope as the control API and the dashboard list it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScopeView {
    pub matching: Option<String>,
    /// Calls still to take it; `null` for every call until cleared.
    pub remaining: Option<u32>,
    /// Seconds until it lapses; `null` for never.
    pub expires_in_seconds: Option<u64>,
}

#[derive(Debug, Clone)]
struct Forcing {
    id: u64,
    scenario: Scenario,
    arming: Arming,
}

/// A forcing as `GET /_sim/force` and the dashboard list it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Armed {
    pub id: u64,
    pub gateway: &'static str,
    pub scenario: &'static str,
    #[serde(flatten)]
    pub scope: ScopeView,
}

#[derive(Default)]
pub(crate) struct Forcings {
    by_gateway: HashMap<Gateway, Vec<Forcing>>,
    next_id: u64,
}

impl Forcings {
    /// Arms `scenario` on `gateway`. A forcing with the same scope text replaces the one armed before it (forcing
    /// again changes one's mind, as it always did for the unscoped one).
    pub fn arm(&mut self, gateway: Gateway, scenario: Scenario, scope: Scope, now: Instant) -> Result<u64, SimError> {
        if !gateway.accepts(scenario) {
            return Err(SimError::ScenarioNotForGateway { gateway, scenario });
        }
        let arming = Arming::new(scope, now)?;
        let list = self.by_gateway.entry(gateway).or_default();
        list.retain(|f| f.arming.live(now) && f.arming.matching != arming.matching);
        if list.len() >= MAX_PER_GATEWAY {
            return Err(SimError::Invalid("too many forcings armed on this gateway: clear some first"));
        }
        self.next_id += 1;
        let id = self.next_id;
        list.push(Forcing { id, scenario, arming });
        Ok(id)
    }

    /// The scenario a call of `gateway` whose request reads `request` takes, when one is armed for it and `fits`
    /// this kind of call; a forcing that does not fit stays armed for a later call.
    pub fn take(
        &mut self,
        gateway: Gateway,
        request: &str,
        now: Instant,
        fits: impl Fn(Scenario) -> bool,
    ) -> Option<Scenario> {
        let list = self.by_gateway.get_mut(&gateway)?;
        list.retain(|f| f.arming.live(now));
        let applies = |f: &Forcing| fits(f.scenario);
        let index = list
            .iter()
            .position(|f| f.arming.names(request) && applies(f))
            .or_else(|| list.iter().position(|f| f.arming.matching.is_none() && applies(f)))?;
        let forcing = &mut list[index];
        let scenario = forcing.scenario;
        forcing.arming.spend();
        list.retain(|f| f.arming.live(now));
        Some(scenario)
    }

    /// The unscoped scenario the gateway's next call would take, for the dashboard's one-line summary.
    pub fn next_unscoped(&self, gateway: Gateway, now: Instant) -> Option<Scenario> {
        let list = self.by_gateway.get(&gateway)?;
        list.iter().find(|f| f.arming.live(now) && f.arming.matching.is_none()).map(|f| f.scenario)
    }

    pub fn list(&self, gateway: Option<Gateway>, now: Instant) -> Vec<Armed> {
        let mut armed: Vec<Armed> = self
            .by_gateway
            .iter()
            .filter(|(g, _)| gateway.is_none_or(|wanted| wanted == **g))
            .flat_map(|(g, list)| {
                list.iter().filter(|f| f.arming.live(now)).map(|f| Armed {
                    id: f.id,
                    gateway: g.name(),
                    scenario: f.scenario.name(),
                    scope: f.arming.view(now),
                })
            })
            .collect();
        armed.sort_by_key(|a| a.id);
        armed
    }

    /// Clears `gateway`'s forcings (all gateways' without one), or only the one with `id`; answers how many went.
    pub fn clear(&mut self, gateway: Option<Gateway>, id: Option<u64>) -> usize {
        let mut cleared = 0;
        for (g, list) in &mut self.by_gateway {
            if gateway.is_some_and(|wanted| wanted != *g) {
                continue;
            }
            let before = list.len();
            list.retain(|f| id.is_some_and(|id| f.id != id));
            cleared += before - list.len();
        }
        cleared
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::PaymentScenario;

    const DECLINE: Scenario = Scenario::Payment(PaymentScenario::Declined);
    const CANCEL: Scenario = Scenario::Payment(PaymentScenario::Cancel);

    fn scoped(matching: &str, times: Option<u32>) -> Scope {
        Scope { matching: Some(matching.to_owned()), times, ttl: None }
    }

    #[test]
    fn a_scoped_forcing_is_taken_only_by_the_calls_it_names() {
        let (mut forced, now) = (Forcings::default(), Instant::now());
        forced.arm(Gateway::Vandar, DECLINE, scoped("09121111111", None), now).unwrap();
        let any = |_| true;
        assert_eq!(forced.take(Gateway::Vandar, "mobile=09122222222", now, any), None, "another customer's call");
        assert_eq!(forced.take(Gateway::Vandar, "mobile=09121111111", now, any), Some(DECLINE));
        assert_eq!(forced.take(Gateway::Vandar, "mobile=09121111111", now, any), Some(DECLINE), "until cleared");
        assert_eq!(forced.take(Gateway::PayPing, "mobile=09121111111", now, any), None, "another gateway");
        assert_eq!(forced.clear(Some(Gateway::Vandar), None), 1);
        assert_eq!(forced.take(Gateway::Vandar, "mobile=09121111111", now, any), None);
    }

    #[test]
    fn times_count_down_and_a_ttl_lapses() {
        let (mut forced, now) = (Forcings::default(), Instant::now());
        forced.arm(Gateway::Vandar, DECLINE, scoped("A", Some(2)), now).unwrap();
        let ttl = Scope { matching: None, times: None, ttl: Some(Duration::from_secs(60)) };
        forced.arm(Gateway::PayPing, CANCEL, ttl, now).unwrap();
        let any = |_| true;
        assert_eq!(forced.take(Gateway::Vandar, "A", now, any), Some(DECLINE));
        assert_eq!(forced.list(Some(Gateway::Vandar), now)[0].scope.remaining, Some(1));
        assert_eq!(forced.take(Gateway::Vandar, "A", now, any), Some(DECLINE));
        assert_eq!(forced.take(Gateway::Vandar, "A", now, any), None, "spent after two");
        assert_eq!(forced.take(Gateway::PayPing, "", now + Duration::from_secs(59), any), Some(CANCEL));
        assert_eq!(forced.take(Gateway::PayPing, "", now + Duration::from_secs(60), any), None, "lapsed");
        assert!(forced.list(None, now + Duration::from_secs(60)).is_empty());
    }

    #[test]
    fn scoped_forcings_come_before_unscoped_and_one_that_does_not_fit_waits() {
        let (mut forced, now) = (Forcings::default(), Instant::now());
        forced.arm(Gateway::Vandar, CANCEL, Scope::once(), now).unwrap();
        forced.arm(Gateway::Vandar, DECLINE, scoped("B", Some(1)), now).unwrap();
        assert_eq!(
            forced.take(Gateway::Vandar, "B", now, |s| s == CANCEL),
            Some(CANCEL),
            "the scoped one does not fit"
        );
        assert_eq!(forced.take(Gateway::Vandar, "B", now, |_| true), Some(DECLINE));
        assert_eq!(forced.next_unscoped(Gateway::Vandar, now), None);
    }

    #[test]
    fn arming_again_replaces_the_same_scope_and_the_list_is_bounded() {
        let (mut forced, now) = (Forcings::default(), Instant::now());
        forced.arm(Gateway::Vandar, CANCEL, Scope::once(), now).unwrap();
        forced.arm(Gateway::Vandar, DECLINE, Scope::once(), now).unwrap();
        assert_eq!(forced.list(None, now).len(), 1);
        assert_eq!(forced.next_unscoped(Gateway::Vandar, now), Some(DECLINE));
        for n in 1..MAX_PER_GATEWAY {
            forced.arm(Gateway::Vandar, DECLINE, scoped(&n.to_string(), None), now).unwrap();
        }
        assert!(forced.arm(Gateway::Vandar, DECLINE, scoped("one more", None), now).is_err());
        assert!(forced.arm(Gateway::Vandar, DECLINE, scoped("x", Some(0)), now).is_err());
        assert!(forced.arm(Gateway::Vandar, DECLINE, scoped(" ", None), now).is_err());
    }
}
