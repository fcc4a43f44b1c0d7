//! How often the public calls that store something may be made: visit sessions and analytics events
//! (`Telemetry`), new answer records and the landing's registrations (`NewRecords`). Every one of them is anonymous,
//! so without a bound a script could fill the database at whatever rate the server answers; each request's size
//! is capped already (`limits`), this caps their number. Per client address (an IPv6 client by its /64, which
//! one subscriber usually holds whole) and in all, in each replica's memory: N replicas admit N times the rate,
//! still a bound. A refused call is a 429 whose detail says when to try again; the web app's analytics calls
//! ignore failures.
//!
//! Codes that pay (gift cards, promotion codes) are tried by signed-in customers only, and are bounded per customer
//! (`code_try`), not per address: a carrier's shared address carries many honest customers, while every account
//! takes a phone or an e-mail address that receives the sign-in code. New orders are bounded per customer the same
//! way (`new_order`): each stores a basket. So are online payment starts and SnappPay eligibility checks
//! (`payment_call`): each may store a payment and call a real gateway on the merchant's account.
use std::{
    hash::Hash,
    net::IpAddr,
    num::NonZeroU32,
    sync::atomic::{AtomicU64, Ordering},
    time::Duration,
};

use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, clock::Clock as _};

/// Admissions between two sweeps that forget the callers whose allowance is full again (such a caller is
/// indistinguishable from a new one, so forgetting it changes nothing): a gate then holds its recent callers only,
/// however many come and go, and a replica's memory stays flat as new customers and addresses keep arriving.
const FORGET_EVERY: u64 = 4_096;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Visit sessions (created or changed) and analytics events: a page view or a click each.
    Telemetry,
    /// A new answer record or a landing registration: one per questionnaire started.
    NewRecords,
}

/// A refused call: how long until the next one would be admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Throttled {
    pub retry_after: Duration,
}

impl Throttled {
    /// Whole seconds, at least 1.
    pub fn retry_after_seconds(&self) -> u64 {
        u64::try_from(self.retry_after.as_millis()).unwrap_or(u64::MAX).div_ceil(1000).max(1)
    }
}

/// The detail line of the 429: `too many calls: try again in 2 s`.
impl std::fmt::Display for Throttled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "too many calls: try again in {} s", self.retry_after_seconds())
    }
}

/// Two rates of one kind of call: each caller's (an address or a customer), and everyone's together.
struct Gate<K: Hash + Eq + Clone = IpAddr> {
    per_caller: DefaultKeyedRateLimiter<K>,
    overall: DefaultDirectRateLimiter,
    admissions: AtomicU64,
}

impl<K: Hash + Eq + Clone> Gate<K> {
    fn new(per_caller: Quota, overall: Quota) -> Self {
        Gate {
            per_caller: DefaultKeyedRateLimiter::keyed(per_caller),
            overall: DefaultDirectRateLimiter::direct(overall),
            admissions: AtomicU64::new(0),
        }
    }

    fn admit(&self, caller: K) -> Result<(), Throttled> {
        if self.admissions.fetch_add(1, Ordering::Relaxed) % FORGET_EVERY == FORGET_EVERY - 1 {
            self.per_caller.retain_recent();
            self.per_caller.shrink_to_fit();
        }
        let now = self.overall.clock().now();
        let refused = |until: governor::NotUntil<_>| Throttled { retry_after: until.wait_time_from(now) };
        // The caller first: one client's flood spends its own allowance, not everyone's.
        self.per_caller.check_key(&caller).map_err(refused)?;
        self.overall.check().map_err(refused)
    }
}

/// The part of an address one subscriber holds: all of an IPv4 address, the /64 of an IPv6 one.
pub fn subscriber(client: IpAddr) -> IpAddr {
    match client {
        IpAddr::V4(_) => client,
        IpAddr::V6(v6) => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
    }
}

/// One call per `period`, after `burst` at once.
fn quota(period: Duration, burst: u32) -> Quota {
    Quota::with_period(period).expect("a nonzero period").allow_burst(NonZeroU32::new(burst).expect("a nonzero burst"))
}

pub struct Throttle {
    telemetry: Gate,
    new_records: Gate,
    code_tries: Gate<i64>,
    /// `None`: unbounded.
    new_orders: Option<Gate<i64>>,
    /// `None`: unbounded.
    payment_calls: Option<Gate<i64>>,
}

/// `per_minute` calls at once and then one every minute ÷ `per_minute` per customer (0: unbounded), no bound in all:
/// each customer's allowance is what matters, and every account takes a phone or an e-mail address.
fn per_customer(per_minute: u32) -> Option<Gate<i64>> {
    NonZeroU32::new(per_minute)
        .map(|per_minute| Gate::new(Quota::per_minute(per_minute), quota(Duration::from_micros(10), 100_000)))
}

impl Throttle {
    /// Per address: telemetry 10 a second after a burst of 600 (a visit sends one event per page and click, and a
    /// carrier's shared address carries many visits), new records one every 2 s after 60. In all, per replica:
    /// 1000 and 100 a second. Code tries: 20 at once, then one every 3 s per customer; 200 a second in all. New
    /// orders and payment calls: `orders_per_minute` and `payment_calls_per_minute` a minute per customer.
    pub fn new(orders_per_minute: u32, payment_calls_per_minute: u32) -> Self {
        Throttle {
            telemetry: Gate::new(quota(Duration::from_millis(100), 600), quota(Duration::from_millis(1), 2000)),
            new_records: Gate::new(quota(Duration::from_secs(2), 60), quota(Duration::from_millis(10), 500)),
            code_tries: Gate::new(quota(Duration::from_secs(3), 20), quota(Duration::from_millis(5), 200)),
            new_orders: per_customer(orders_per_minute),
            payment_calls: per_customer(payment_calls_per_minute),
        }
    }
}

impl Throttle {
    /// Admits one call of `kind` from `client`, or says when to try again.
    pub fn admit(&self, kind: Kind, client: IpAddr) -> Result<(), Throttled> {
        match kind {
            Kind::Telemetry => self.telemetry.admit(subscriber(client)),
            Kind::NewRecords => self.new_records.admit(subscriber(client)),
        }
    }

    /// Admits one try of a gift card or promotion code by the signed-in `customer_id`, or says when to try again.
    pub fn code_try(&self, customer_id: i64) -> Result<(), Throttled> {
        self.code_tries.admit(customer_id)
    }

    /// Admits one new order of `customer_id`, or says when to try again.
    pub fn new_order(&self, customer_id: i64) -> Result<(), Throttled> {
        self.new_orders.as_ref().map_or(Ok(()), |gate| gate.admit(customer_id))
    }

    /// Admits one online payment start or SnappPay eligibility check of `customer_id`, or says when to try again.
    pub fn payment_call(&self, customer_id: i64) -> Result<(), Throttled> {
        self.payment_calls.as_ref().map_or(Ok(()), |gate| gate.admit(customer_id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_its_burst_then_waits_and_others_are_not_held_up() {
        let throttle = Throttle::new(0, 0);
        let flood: IpAddr = "203.0.113.7".parse().unwrap();
        for _ in 0..60 {
            throttle.admit(Kind::NewRecords, flood).expect("within the burst");
        }
        let refused = throttle.admit(Kind::NewRecords, flood).expect_err("the 61st at once");
        assert!(refused.retry_after <= Duration::from_secs(2), "{refused:?}");
        assert!((1..=2).contains(&refused.retry_after_seconds()), "{refused:?}");
        throttle.admit(Kind::NewRecords, "203.0.113.8".parse().unwrap()).expect("another address");
        throttle.admit(Kind::Telemetry, flood).expect("another kind of call");
    }

    #[test]
    fn a_customer_gets_twenty_code_tries_at_once_and_others_are_not_held_up() {
        let throttle = Throttle::new(0, 0);
        for _ in 0..20 {
            throttle.code_try(7).expect("within the burst");
        }
        let refused = throttle.code_try(7).expect_err("the 21st at once");
        assert!((1..=3).contains(&refused.retry_after_seconds()), "{refused:?}");
        throttle.code_try(8).expect("another customer");
    }

    #[test]
    fn a_customer_gets_ten_payment_calls_at_once_then_one_every_six_seconds() {
        let throttle = Throttle::new(0, 10);
        for _ in 0..10 {
            throttle.payment_call(7).expect("within the burst");
        }
        let refused = throttle.payment_call(7).expect_err("the 11th at once");
        assert!((1..=6).contains(&refused.retry_after_seconds()), "{refused:?}");
        throttle.payment_call(8).expect("another customer");
    }

    #[test]
    fn a_gate_forgets_the_callers_whose_allowance_is_full_again() {
        // Refilled a nanosecond after each call: every caller but the last few is indistinguishable from a new one.
        let gate = Gate::<i64>::new(quota(Duration::from_nanos(1), 1), quota(Duration::from_nanos(1), 1_000_000));
        let callers = 3 * FORGET_EVERY;
        for caller in 0..callers {
            let _ = gate.admit(i64::try_from(caller).expect("small"));
        }
        let held = u64::try_from(gate.per_caller.len()).expect("small");
        assert!(held <= FORGET_EVERY, "{held} of {callers} callers held");
    }

    #[test]
    fn an_ipv6_subscriber_is_one_address_whatever_its_last_64_bits() {
        let throttle = Throttle::new(0, 0);
        for n in 0..60u16 {
            throttle
                .admit(Kind::NewRecords, format!("2001:db8:1:2::{n:x}").parse().unwrap())
                .expect("within the burst");
        }
        assert!(throttle.admit(Kind::NewRecords, "2001:db8:1:2:ffff::1".parse().unwrap()).is_err());
        assert!(throttle.admit(Kind::NewRecords, "2001:db8:1:3::1".parse().unwrap()).is_ok(), "another /64");
    }
}
