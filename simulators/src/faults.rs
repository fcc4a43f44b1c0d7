//! Network faults: what `POST /_sim/faults` arms on a gateway's HTTP calls, below the protocol. A gateway that
//! answers "declined" is a scenario; one that answers late, never, or drops the connection is a fault, and the
//! merchant must survive both. A fault strikes after the gateway acted on the call (an SMS sent, a payment
//! created), the case that leaves a merchant unsure whether it took effect. (A true TCP reset is not offered: the
//! HTTP server ends whatever answer a handler returns cleanly, so the nearest is an answer of one byte.) A fault is scoped like a forcing (`matching` text, `times` or until cleared, a
//! lapse), and may hit only a share of the calls (`percent`), spread evenly and deterministically: at 25 % the 4th,
//! 8th, 12th… fitting call, so a scenario that counts on it is never at the mercy of a random draw.
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::{
    error::SimError,
    forcing::{Arming, Scope, ScopeView},
    scenario::Gateway,
};

/// Faults armed at once, over all gateways.
pub const MAX_FAULTS: usize = 64;
/// How long a stalled call is held before it is answered after all: longer than any merchant's time-out.
pub const STALL: Duration = Duration::from_secs(300);

/// What happens to a call the fault hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum FaultKind {
    /// The answer comes `ms` milliseconds late (then as the scenario decides).
    Latency { ms: u64 },
    /// No answer until [`STALL`] has passed: the merchant's time-out decides.
    Stall,
    /// The answer is cut off: status and headers arrive, the body stops after its first byte, so the merchant
    /// reads nothing usable although the call took effect.
    Cut,
}

impl FaultKind {
    pub fn parse(kind: &str, delay_ms: Option<u64>) -> Result<Self, SimError> {
        match kind {
            "latency" => match delay_ms {
                Some(ms) if ms <= 120_000 => Ok(FaultKind::Latency { ms }),
                _ => Err(SimError::Invalid("a latency fault needs delayMs, at most 120000")),
            },
            "stall" => Ok(FaultKind::Stall),
            "cut" => Ok(FaultKind::Cut),
            _ => Err(SimError::Invalid("kind is latency, stall or cut")),
        }
    }

    /// The applied name journaled and sent in `X-Sim-Applied` for a call the fault hit.
    pub fn applied(self) -> &'static str {
        match self {
            FaultKind::Latency { .. } => "fault-latency",
            FaultKind::Stall => "fault-stall",
            FaultKind::Cut => "fault-cut",
        }
    }
}

#[derive(Debug, Clone)]
struct Fault {
    id: u64,
    gateway: Gateway,
    kind: FaultKind,
    percent: u8,
    /// Fitting calls seen so far, hit or not: the share is counted over them.
    seen: u64,
    arming: Arming,
}

/// A fault as `GET /_sim/faults` lists it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArmedFault {
    pub id: u64,
    pub gateway: &'static str,
    #[serde(flatten)]
    pub kind: FaultKind,
    pub percent: u8,
    #[serde(flatten)]
    pub scope: ScopeView,
}

#[derive(Default)]
pub(crate) struct Faults {
    list: Vec<Fault>,
    next_id: u64,
}

impl Faults {
    pub fn arm(
        &mut self,
        gateway: Gateway,
        kind: FaultKind,
        scope: Scope,
        percent: u8,
        now: Instant,
    ) -> Result<u64, SimError> {
        if !(1..=100).contains(&percent) {
            return Err(SimError::Invalid("percent must be 1 to 100"));
        }
        let arming = Arming::new(scope, now)?;
        self.list.retain(|f| f.arming.live(now));
        if self.list.len() >= MAX_FAULTS {
            return Err(SimError::Invalid("too many faults armed: clear some first"));
        }
        self.next_id += 1;
        let id = self.next_id;
        self.list.push(Fault { id, gateway, kind, percent, seen: 0, arming });
        Ok(id)
    }

    /// The fault a call of `gateway` whose request reads `request` meets, if any: the first live fault that fits it
    /// and whose share falls on this call.
    pub fn hit(&mut self, gateway: Gateway, request: &str, now: Instant) -> Option<FaultKind> {
        self.list.retain(|f| f.arming.live(now));
        let mut hit = None;
        for fault in self.list.iter_mut().filter(|f| f.gateway == gateway) {
            if fault.arming.matching.is_some() && !fault.arming.names(request) {
                continue;
            }
            let before = fault.seen * u64::from(fault.percent) / 100;
            fault.seen += 1;
            if fault.seen * u64::from(fault.percent) / 100 > before {
                fault.arming.spend();
                hit = Some(fault.kind);
                break;
            }
        }
        self.list.retain(|f| f.arming.live(now));
        hit
    }

    pub fn list(&self, now: Instant) -> Vec<ArmedFault> {
        self.list
            .iter()
            .filter(|f| f.arming.live(now))
            .map(|f| ArmedFault {
                id: f.id,
                gateway: f.gateway.name(),
                kind: f.kind,
                percent: f.percent,
                scope: f.arming.view(now),
            })
            .collect()
    }

    /// Clears one fault (`id`), a gateway's, or all; answers how many went.
    pub fn clear(&mut self, gateway: Option<Gateway>, id: Option<u64>) -> usize {
        let before = self.list.len();
        self.list.retain(|f| {
            let named = gateway.is_none_or(|g| g == f.gateway) && id.is_none_or(|id| id == f.id);
            !named
        });
        before - self.list.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn until_cleared(matching: Option<&str>) -> Scope {
        Scope { matching: matching.map(str::to_owned), times: None, ttl: None }
    }

    #[test]
    fn a_share_of_the_calls_is_hit_evenly_and_always_the_same_ones() {
        let (mut faults, now) = (Faults::default(), Instant::now());
        faults.arm(Gateway::Vandar, FaultKind::Cut, until_cleared(None), 25, now).unwrap();
        let hits: Vec<bool> = (0..8).map(|_| faults.hit(Gateway::Vandar, "", now).is_some()).collect();
        assert_eq!(hits, [false, false, false, true, false, false, false, true]);
        assert_eq!(faults.hit(Gateway::PayPing, "", now), None, "another gateway");
    }

    #[test]
    fn a_scoped_fault_hits_only_the_calls_it_names_and_times_run_out() {
        let (mut faults, now) = (Faults::default(), Instant::now());
        let scope = Scope { matching: Some("09121111111".into()), times: Some(2), ttl: None };
        faults.arm(Gateway::Vandar, FaultKind::Latency { ms: 500 }, scope, 100, now).unwrap();
        assert_eq!(faults.hit(Gateway::Vandar, "mobile=09122222222", now), None);
        assert_eq!(faults.hit(Gateway::Vandar, "mobile=09121111111", now), Some(FaultKind::Latency { ms: 500 }));
        assert_eq!(faults.hit(Gateway::Vandar, "mobile=09121111111", now), Some(FaultKind::Latency { ms: 500 }));
        assert_eq!(faults.hit(Gateway::Vandar, "mobile=09121111111", now), None, "spent");
        assert!(faults.list(now).is_empty());
    }

    #[test]
    fn bad_faults_are_refused_and_clearing_by_id_leaves_the_rest() {
        let (mut faults, now) = (Faults::default(), Instant::now());
        assert!(FaultKind::parse("latency", None).is_err());
        assert!(FaultKind::parse("melt", None).is_err());
        assert!(faults.arm(Gateway::Vandar, FaultKind::Stall, until_cleared(None), 0, now).is_err());
        let first = faults.arm(Gateway::Vandar, FaultKind::Stall, until_cleared(None), 100, now).unwrap();
        faults.arm(Gateway::Tara, FaultKind::Cut, until_cleared(None), 100, now).unwrap();
        assert_eq!(faults.clear(None, Some(first)), 1);
        assert_eq!(faults.list(now)[0].gateway, "tara");
    }
}
