//! Points: hold statuses and how much of a balance an order's items can take (spec 2 §3, §5).
use poem_openapi::Enum;

use super::Toman;

/// Where points held on an order stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum HoldStatus {
    /// The points switch is on; the customer may turn it off.
    AddedToOrder,
    /// Locked while a payment is under way (or by the older reserve call); cannot be cancelled until it expires.
    Reserved,
    /// Released by the customer.
    Canceled,
    /// Spent on the paid order.
    Used,
    /// Lapsed after the hold time; the points are free again.
    Expired,
}

impl HoldStatus {
    pub const ALL: [HoldStatus; 5] =
        [HoldStatus::AddedToOrder, HoldStatus::Reserved, HoldStatus::Canceled, HoldStatus::Used, HoldStatus::Expired];

    pub fn as_str(self) -> &'static str {
        match self {
            HoldStatus::AddedToOrder => "ADDED_TO_ORDER",
            HoldStatus::Reserved => "RESERVED",
            HoldStatus::Canceled => "CANCELED",
            HoldStatus::Used => "USED",
            HoldStatus::Expired => "EXPIRED",
        }
    }

    pub fn parse(s: &str) -> Option<HoldStatus> {
        HoldStatus::ALL.into_iter().find(|status| status.as_str() == s)
    }

    /// Statuses that keep points away from every other order (until the hold's time runs out).
    pub fn is_live(self) -> bool {
        matches!(self, HoldStatus::AddedToOrder | HoldStatus::Reserved)
    }
}

/// One basket line as the points rule sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointsLine {
    /// After the catalogue and promotion discounts.
    pub final_price: Toman,
    /// `meta.minAllowedPriceAfterPoints`.
    pub min_after_points: Option<Toman>,
}

impl PointsLine {
    /// What points may take off this line: down to its minimum, or all of it when it has none
    /// [PR-15, PR-16]; nothing when the minimum is not below the price.
    pub fn cap(&self) -> Toman {
        match self.min_after_points {
            Some(minimum) => self.final_price.saturating_sub(minimum),
            None => self.final_price,
        }
    }
}

/// Points an order takes: whole points, their value in toman, and that value spread over the lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allocation {
    pub points: i64,
    pub amount: Toman,
    /// One deduction per line, in basket order.
    pub per_line: Vec<Toman>,
}

/// The hold for an order: min(balance value, Σ line caps), in whole points, spread over the lines in
/// basket order, each line taking up to its cap. So no line goes below its minimum, the payable total
/// stays ≥ 0, and no more than the balance is used.
pub fn allocate(balance_points: i64, point_value: Toman, lines: &[PointsLine]) -> Allocation {
    let value = i128::from(point_value.get());
    let caps: Vec<i128> = lines.iter().map(|line| i128::from(line.cap().get())).collect();
    let usable = if value == 0 || balance_points <= 0 {
        0
    } else {
        (i128::from(balance_points) * value).min(caps.iter().sum()).min(i128::from(i64::MAX))
    };
    let points = usable / value.max(1);
    let amount = points * value;
    let mut left = amount;
    let per_line = caps
        .iter()
        .map(|cap| {
            let take = left.min(*cap);
            left -= take;
            toman(take)
        })
        .collect();
    Allocation { points: points as i64, amount: toman(amount), per_line }
}

/// Values here are between 0 and an i64 line cap by construction.
fn toman(value: i128) -> Toman {
    Toman::new(i64::try_from(value).unwrap_or(i64::MAX)).unwrap_or_default()
}

/// Points the team gives a customer at once: 1 to 1,000,000 (a million points is far beyond any diet's price, so a
/// typo of extra zeros is refused rather than given).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GrantedPoints(i64);

/// The most points one grant gives.
pub const MAX_GRANTED_POINTS: i64 = 1_000_000;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("points must be 1 to {MAX_GRANTED_POINTS}")]
pub struct GrantedPointsError;

impl GrantedPoints {
    pub fn new(points: i64) -> Result<Self, GrantedPointsError> {
        (1..=MAX_GRANTED_POINTS).contains(&points).then_some(GrantedPoints(points)).ok_or(GrantedPointsError)
    }

    pub fn get(self) -> i64 {
        self.0
    }
}

/// Why the team gave points and who did, as the points history records it: "`by`: `reason`".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrantReason(String);

/// The longest reason, in characters.
pub const MAX_GRANT_REASON_CHARS: usize = 200;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("the reason is empty or longer than {MAX_GRANT_REASON_CHARS} characters")]
pub struct GrantReasonError;

impl GrantReason {
    /// `by` is checked already (the team's actor); the reason is trimmed.
    pub fn new(by: &str, reason: &str) -> Result<Self, GrantReasonError> {
        let reason = reason.trim();
        if reason.is_empty() || reason.chars().count() > MAX_GRANT_REASON_CHARS {
            return Err(GrantReasonError);
        }
        Ok(GrantReason(format!("{by}: {reason}")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_grant_reason_names_who_and_why() {
        assert_eq!(
            GrantReason::new("QA", "  a tester's customer ").map(|r| r.as_str().to_owned()),
            Ok("QA: a tester's customer".to_owned())
        );
        assert_eq!(GrantReason::new("QA", "  "), Err(GrantReasonError));
        assert!(GrantReason::new("QA", &"ب".repeat(MAX_GRANT_REASON_CHARS)).is_ok());
        assert_eq!(GrantReason::new("QA", &"ب".repeat(MAX_GRANT_REASON_CHARS + 1)), Err(GrantReasonError));
    }

    #[test]
    fn granted_points_are_one_to_a_million() {
        assert_eq!(GrantedPoints::new(0), Err(GrantedPointsError));
        assert_eq!(GrantedPoints::new(-5), Err(GrantedPointsError));
        assert_eq!(GrantedPoints::new(1).map(GrantedPoints::get), Ok(1));
        assert_eq!(GrantedPoints::new(MAX_GRANTED_POINTS).map(GrantedPoints::get), Ok(MAX_GRANTED_POINTS));
        assert_eq!(GrantedPoints::new(MAX_GRANTED_POINTS + 1), Err(GrantedPointsError));
    }

    use super::*;

    fn t(v: i64) -> Toman {
        Toman::new(v).unwrap()
    }

    fn line(final_price: i64, minimum: Option<i64>) -> PointsLine {
        PointsLine { final_price: t(final_price), min_after_points: minimum.map(t) }
    }

    #[test]
    fn a_line_keeps_its_minimum_and_the_rest_goes_to_the_next_line() {
        let got = allocate(250, t(1_000), &[line(390_000, Some(250_000)), line(190_000, None)]);
        assert_eq!(got.points, 250);
        assert_eq!(got.amount, t(250_000));
        assert_eq!(got.per_line, vec![t(140_000), t(110_000)]);
    }

    #[test]
    fn the_balance_limits_the_hold() {
        let got = allocate(100, t(1_000), &[line(790_000, None)]);
        assert_eq!((got.points, got.per_line), (100, vec![t(100_000)]));
    }

    #[test]
    fn only_whole_points_are_used() {
        let got = allocate(250, t(1_000), &[line(100_500, None)]);
        assert_eq!((got.points, got.amount), (100, t(100_000)));
    }

    #[test]
    fn a_minimum_at_or_above_the_price_allows_nothing() {
        let got = allocate(250, t(1_000), &[line(250_000, Some(250_000)), line(80_000, Some(100_000))]);
        assert_eq!(got.points, 0);
        assert_eq!(got.per_line, vec![Toman::ZERO, Toman::ZERO]);
    }

    #[test]
    fn statuses_round_trip_and_only_two_are_live() {
        for status in HoldStatus::ALL {
            assert_eq!(HoldStatus::parse(status.as_str()), Some(status));
        }
        let live: Vec<_> = HoldStatus::ALL.into_iter().filter(|s| s.is_live()).collect();
        assert_eq!(live, vec![HoldStatus::AddedToOrder, HoldStatus::Reserved]);
    }
}
