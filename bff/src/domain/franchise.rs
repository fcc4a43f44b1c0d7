//! The franchise (referral) programme (spec 3 §3 "Referral", §4 "Franchise"): members' referral codes, how
//! invitations earn franchise and leaderboard points, the leaderboard's ranks and masked mobile numbers.
use std::fmt;

use rand::{Rng, TryRngCore};

/// Letters and digits that cannot be misread for one another (no 0/O, 1/I/L).
const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// Characters in a code: 31^6 ≈ 887 million codes, short enough to read out.
pub const CODE_LENGTH: usize = 6;

/// Franchise points a member earns for each paid diet order of one of their invitees.
pub const POINTS_PER_PAID_DIET: i64 = 10;
/// Leaderboard points a member earns for each customer who signs up with their code.
pub const POINTS_PER_SIGN_UP: i64 = 1;

/// A member's referral code, e.g. `K7QM2D`: upper-case, [`CODE_LENGTH`] characters of [`ALPHABET`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReferralCode(String);

impl ReferralCode {
    /// A code as typed or carried in a link: spaces around it and lower case are forgiven; anything else
    /// (too long, other characters) is not a code. Nothing is copied before the shape is known, so junk of any
    /// size costs one look.
    pub fn parse(raw: &str) -> Option<ReferralCode> {
        let code = raw.trim();
        let valid = code.len() == CODE_LENGTH && code.bytes().all(|b| ALPHABET.contains(&b.to_ascii_uppercase()));
        valid.then(|| ReferralCode(code.to_ascii_uppercase()))
    }

    /// A fresh random code.
    pub fn generate() -> ReferralCode {
        let mut rng = rand::rngs::OsRng.unwrap_err();
        let code = (0..CODE_LENGTH).map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())])).collect();
        ReferralCode(code)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ReferralCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A recorded change of a membership.
#[derive(poem_openapi::Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "UPPERCASE")]
pub enum MembershipAction {
    Grant,
    Revoke,
}

impl MembershipAction {
    pub fn as_str(self) -> &'static str {
        match self {
            MembershipAction::Grant => "GRANT",
            MembershipAction::Revoke => "REVOKE",
        }
    }

    pub fn parse(stored: &str) -> Option<MembershipAction> {
        [MembershipAction::Grant, MembershipAction::Revoke].into_iter().find(|action| action.as_str() == stored)
    }
}

/// What a member's invitations have brought so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct InvitationTally {
    /// Customers who signed up with the member's code.
    pub invitations: i64,
    /// Paid diet orders of those customers, every order counted (a renewal earns again).
    pub paid_diet_orders: i64,
}

/// Points a member holds: franchise points reward invitees who pay for diets; leaderboard points add the
/// sign-ups too, so a member whose invitees have not paid yet still climbs the board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FranchisePoints {
    pub franchise: i64,
    pub leaderboard: i64,
}

impl InvitationTally {
    pub fn points(self) -> FranchisePoints {
        let franchise = self.paid_diet_orders.max(0).saturating_mul(POINTS_PER_PAID_DIET);
        let leaderboard = self.invitations.max(0).saturating_mul(POINTS_PER_SIGN_UP).saturating_add(franchise);
        FranchisePoints { franchise, leaderboard }
    }
}

/// Competition ranks ("1224"): a member's rank is one more than the number of members with more points, so
/// equal points share a rank. `points` in any order; ranks come back in the same order.
pub fn ranks(points: &[i64]) -> Vec<i64> {
    let mut sorted = points.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    points
        .iter()
        .map(|p| {
            let above = sorted.partition_point(|q| q > p);
            i64::try_from(above).unwrap_or(i64::MAX).saturating_add(1)
        })
        .collect()
}

/// A mobile number as others may see it: the first four and last two characters, the rest as `*`
/// (`0912*****67`). Very short texts are hidden whole.
pub fn mask_mobile(display: &str) -> String {
    let chars: Vec<char> = display.chars().collect();
    if chars.len() <= 6 {
        return "*".repeat(chars.len());
    }
    let hidden = chars.len() - 6;
    chars[..4].iter().chain(std::iter::repeat_n(&'*', hidden)).chain(&chars[chars.len() - 2..]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_read_forgivingly_and_refused_when_not_a_code() {
        assert_eq!(ReferralCode::parse(" k7qm2d ").map(|c| c.to_string()), Some("K7QM2D".to_owned()));
        assert_eq!(ReferralCode::parse("K7QM2"), None);
        assert_eq!(ReferralCode::parse("K7QM2DX"), None);
        assert_eq!(ReferralCode::parse("K7QM0D"), None, "0 is not in the alphabet");
        assert_eq!(ReferralCode::parse("<K7QM>"), None);
        assert_eq!(ReferralCode::parse("ک۷قم۲د"), None, "six characters but not six ASCII bytes");
        assert_eq!(ReferralCode::parse(&"K".repeat(100_000)), None);
    }

    #[test]
    fn a_generated_code_parses_back() {
        let code = ReferralCode::generate();
        assert_eq!(ReferralCode::parse(code.as_str()), Some(code));
    }

    #[test]
    fn membership_actions_read_back_as_stored() {
        for action in [MembershipAction::Grant, MembershipAction::Revoke] {
            assert_eq!(MembershipAction::parse(action.as_str()), Some(action));
        }
        assert_eq!(MembershipAction::parse("grant"), None);
    }

    #[test]
    fn points_follow_sign_ups_and_paid_diets() {
        let tally = InvitationTally { invitations: 3, paid_diet_orders: 2 };
        assert_eq!(tally.points(), FranchisePoints { franchise: 20, leaderboard: 23 });
    }

    #[test]
    fn equal_points_share_a_rank() {
        assert_eq!(ranks(&[5, 9, 5, 1]), vec![2, 1, 2, 4]);
    }

    #[test]
    fn masks_keep_the_prefix_and_the_last_two_digits() {
        assert_eq!(mask_mobile("09121234567"), "0912*****67");
        assert_eq!(mask_mobile("+905321234567"), "+905*******67");
    }
}
