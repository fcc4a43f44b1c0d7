//! The status of a customer's diet package (spec 3 §4 "Diet-package status") from what is known about it:
//! the issued diet, the payment and the questions [DS-01…DS-11]. The `/user-panel` guard [RG-34] and the
//! can-buy-diet check read it.

/// A customer's diet-package status (spec 3 §4) [DS-01…DS-11]; wire names as the spec spells them (typos
/// included: `VERIFCATION`, `WATING`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, poem_openapi::Enum)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PackageStatus {
    /// The diet is ready and more than 2 days of it are left (or it has no start date yet) [DS-01].
    Active,
    /// 1 or 2 days of the diet are left [DS-02].
    CloseToExpire,
    /// The diet is over: a single diet, or the first of a package [DS-03, DS-05].
    Expired,
    /// A later diet of a multi-diet package is over [DS-04].
    MidTermExpired,
    /// The diet has a number but is not ready yet: the specialists are preparing it [DS-06].
    Issuing,
    /// Paid, no diet yet; the customer still answers the diet questions [DS-07].
    AnsweringQuestions,
    /// Paid and the questions answered, but no diet was issued [DS-08].
    SibDietError,
    /// Unpaid; a card-to-card transfer waits for finance [DS-09].
    #[oai(rename = "TRANSACTION_VERIFCATION_WATING")]
    TransactionVerificationWaiting,
    /// Unpaid; finance rejected the card-to-card transfer [DS-10].
    TransactionUnverified,
    /// Unpaid, with no transfer under review or rejected; also when nothing was ordered [DS-11].
    #[oai(rename = "TRANSACTION_WATING")]
    TransactionWaiting,
}

impl PackageStatus {
    /// A diet is paid for and not over: buying another now would only reserve it, so the shop sends the
    /// customer to the panel instead [RG-22]. Close to expiry, expired or unpaid, buying is the next step.
    pub fn has_running_diet(self) -> bool {
        matches!(
            self,
            PackageStatus::Active
                | PackageStatus::MidTermExpired
                | PackageStatus::Issuing
                | PackageStatus::AnsweringQuestions
                | PackageStatus::SibDietError
        )
    }
}

/// A diet order paid while another diet runs waits as `RESERVED` until the customer activates it from the
/// reserve list; it is then `ENABLED` and becomes the active package (spec 2 §1, §4) [PM-70].
#[derive(Debug, Clone, Copy, PartialEq, Eq, poem_openapi::Enum)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ReserveStatus {
    /// Paid while another diet ran; waits to be activated.
    Reserved,
    /// Activated by the customer: the package's current diet.
    Enabled,
}

impl ReserveStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ReserveStatus::Reserved => "RESERVED",
            ReserveStatus::Enabled => "ENABLED",
        }
    }

    pub fn parse(text: &str) -> Option<ReserveStatus> {
        [ReserveStatus::Reserved, ReserveStatus::Enabled].into_iter().find(|s| s.as_str() == text)
    }
}

/// A reserved diet may start only when no diet is running; otherwise activating it is refused and the
/// customer keeps the running one [PM-72]. A diet close to expiry or expired lets the reserve start.
pub fn may_activate_reserve(current: PackageStatus) -> bool {
    !current.has_running_diet()
}

/// A paid package whose diet has no number yet waits for the customer's answers: ANSWERING_QUESTIONS, or
/// SIB_DIET_ERROR once the form's last section was saved (which the web does right before it requests the diet).
/// Only such a package can be requested (spec 3 §4 "Diet actions").
pub fn awaits_diet_request(facts: &PackageFacts) -> bool {
    facts.paid && facts.diet.is_none()
}

/// A diet the dietitians gave a number to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IssuedDiet {
    pub is_ready: bool,
    /// Unknown until the diet has a start date.
    pub remain_days: Option<i64>,
    /// How many diets the package holds; none for a single diet.
    pub package_count: Option<i64>,
    pub current_diet_count: i64,
}

/// The card-to-card transfer reported for an unpaid package, as finance left it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardPayment {
    Pending,
    Unverified,
    Other,
}

/// How far the customer answered the diet-request questions for a package (spec 3 §3 `answerDietQuestion`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poem_openapi::Enum)]
pub enum QuestionProgress {
    /// Nothing of the form was sent since the order.
    #[oai(rename = "none")]
    NotStarted,
    /// Some sections were sent, not the last one.
    #[oai(rename = "some")]
    Partial,
    /// The last section was sent, or the diet was requested.
    #[oai(rename = "completed")]
    Completed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PackageFacts {
    pub diet: Option<IssuedDiet>,
    pub paid: bool,
    pub questions_completed: bool,
    pub card_payment: Option<CardPayment>,
}

/// DS-01…DS-11. A diet without a known remaining time counts as running (display state 6, DS-20).
pub fn status(facts: &PackageFacts) -> PackageStatus {
    match (facts.diet, facts.paid) {
        (Some(diet), _) if !diet.is_ready => PackageStatus::Issuing,
        (Some(diet), _) => match diet.remain_days {
            None => PackageStatus::Active,
            Some(days) if days > 2 => PackageStatus::Active,
            Some(days) if days >= 1 => PackageStatus::CloseToExpire,
            Some(_) => match diet.package_count {
                Some(_) if diet.current_diet_count > 1 => PackageStatus::MidTermExpired,
                _ => PackageStatus::Expired,
            },
        },
        (None, true) if facts.questions_completed => PackageStatus::SibDietError,
        (None, true) => PackageStatus::AnsweringQuestions,
        (None, false) => match facts.card_payment {
            Some(CardPayment::Pending) => PackageStatus::TransactionVerificationWaiting,
            Some(CardPayment::Unverified) => PackageStatus::TransactionUnverified,
            _ => PackageStatus::TransactionWaiting,
        },
    }
}

/// Whole days left of a diet of `days` days that started at `starts_at` (epoch ms), counted up: a diet
/// with an hour left has 1 day left; one that ended has 0 or less.
pub fn remain_days(starts_at: i64, days: i64, now: i64) -> i64 {
    const DAY_MS: i64 = 86_400_000;
    let ends_at = starts_at.saturating_add(days.saturating_mul(DAY_MS));
    let left = ends_at.saturating_sub(now);
    if left <= 0 { left / DAY_MS } else { (left + DAY_MS - 1) / DAY_MS }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn issued(is_ready: bool, remain_days: Option<i64>, package_count: Option<i64>, current: i64) -> PackageFacts {
        PackageFacts {
            diet: Some(IssuedDiet { is_ready, remain_days, package_count, current_diet_count: current }),
            paid: true,
            ..PackageFacts::default()
        }
    }

    fn unpaid(card_payment: Option<CardPayment>) -> PackageFacts {
        PackageFacts { card_payment, ..PackageFacts::default() }
    }

    #[test]
    fn statuses_follow_spec_3_section_4() {
        let cases = [
            (issued(true, Some(3), None, 1), PackageStatus::Active),
            (issued(true, None, None, 1), PackageStatus::Active),
            (issued(true, Some(2), None, 1), PackageStatus::CloseToExpire),
            (issued(true, Some(1), Some(3), 2), PackageStatus::CloseToExpire),
            (issued(true, Some(0), None, 1), PackageStatus::Expired),
            (issued(true, Some(-4), Some(3), 2), PackageStatus::MidTermExpired),
            (issued(true, Some(0), Some(3), 1), PackageStatus::Expired),
            (issued(false, Some(10), None, 1), PackageStatus::Issuing),
            (PackageFacts { paid: true, ..PackageFacts::default() }, PackageStatus::AnsweringQuestions),
            (
                PackageFacts { paid: true, questions_completed: true, ..PackageFacts::default() },
                PackageStatus::SibDietError,
            ),
            (unpaid(Some(CardPayment::Pending)), PackageStatus::TransactionVerificationWaiting),
            (unpaid(Some(CardPayment::Unverified)), PackageStatus::TransactionUnverified),
            (unpaid(Some(CardPayment::Other)), PackageStatus::TransactionWaiting),
            (unpaid(None), PackageStatus::TransactionWaiting),
        ];
        for (facts, expected) in cases {
            assert_eq!(status(&facts), expected, "{facts:?}");
        }
    }

    #[test]
    fn wire_names_keep_the_spec_spelling() {
        use poem_openapi::types::ToJSON;
        let wire = |status: PackageStatus| status.to_json();
        assert_eq!(wire(PackageStatus::TransactionVerificationWaiting), Some("TRANSACTION_VERIFCATION_WATING".into()));
        assert_eq!(wire(PackageStatus::TransactionWaiting), Some("TRANSACTION_WATING".into()));
        assert_eq!(wire(PackageStatus::MidTermExpired), Some("MID_TERM_EXPIRED".into()));
        assert_eq!(wire(PackageStatus::SibDietError), Some("SIB_DIET_ERROR".into()));
    }

    #[test]
    fn remaining_days_count_a_started_day_as_a_whole_one() {
        const DAY: i64 = 86_400_000;
        assert_eq!(remain_days(0, 30, 0), 30);
        assert_eq!(remain_days(0, 30, 29 * DAY + 1), 1);
        assert_eq!(remain_days(0, 30, 30 * DAY), 0);
        assert_eq!(remain_days(0, 30, 32 * DAY), -2);
    }

    #[test]
    fn a_reserve_starts_only_when_no_diet_runs() {
        assert!(!may_activate_reserve(PackageStatus::Active));
        assert!(!may_activate_reserve(PackageStatus::AnsweringQuestions));
        assert!(may_activate_reserve(PackageStatus::CloseToExpire));
        assert!(may_activate_reserve(PackageStatus::Expired));
        assert!(may_activate_reserve(PackageStatus::TransactionWaiting));
    }

    #[test]
    fn only_a_paid_package_without_a_diet_can_be_requested() {
        let paid = PackageFacts { paid: true, ..PackageFacts::default() };
        assert!(awaits_diet_request(&paid));
        assert!(awaits_diet_request(&PackageFacts { questions_completed: true, ..paid }));
        assert!(!awaits_diet_request(&issued(false, None, None, 1)));
        assert!(!awaits_diet_request(&unpaid(None)));
    }

    #[test]
    fn reserve_statuses_read_back_their_wire_names() {
        for status in [ReserveStatus::Reserved, ReserveStatus::Enabled] {
            assert_eq!(ReserveStatus::parse(status.as_str()), Some(status));
            assert_eq!(poem_openapi::types::ToJSON::to_json(&status), Some(status.as_str().into()));
        }
        assert_eq!(ReserveStatus::parse("reserved"), None);
    }

    #[test]
    fn only_paid_unfinished_diets_keep_the_customer_from_buying() {
        assert!(PackageStatus::Active.has_running_diet());
        assert!(PackageStatus::AnsweringQuestions.has_running_diet());
        assert!(!PackageStatus::CloseToExpire.has_running_diet());
        assert!(!PackageStatus::Expired.has_running_diet());
        assert!(!PackageStatus::TransactionWaiting.has_running_diet());
    }
}
