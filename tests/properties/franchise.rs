//! Franchise arithmetic: points grow with sign-ups and paid diets, leaderboard points never fall below
//! franchise points, ranks are competition ranks, masks hide all but six characters, codes parse back.
use limoo_bff::domain::franchise::{InvitationTally, ReferralCode, mask_mobile, ranks};
use proptest::prelude::*;

proptest! {
    #[test]
    fn points_are_monotonic_and_leaderboard_includes_franchise(
        invitations in 0i64..100_000, paid in 0i64..100_000, more in 0i64..1_000,
    ) {
        let base = InvitationTally { invitations, paid_diet_orders: paid }.points();
        prop_assert!(base.leaderboard >= base.franchise && base.franchise >= 0);
        let signed_up = InvitationTally { invitations: invitations + more, paid_diet_orders: paid }.points();
        let paid_more = InvitationTally { invitations, paid_diet_orders: paid + more }.points();
        prop_assert!(signed_up.leaderboard >= base.leaderboard && signed_up.franchise == base.franchise);
        prop_assert!(paid_more.franchise >= base.franchise && paid_more.leaderboard >= base.leaderboard);
    }

    #[test]
    fn ranks_count_the_members_above(points in proptest::collection::vec(0i64..50, 0..40)) {
        let got = ranks(&points);
        prop_assert_eq!(got.len(), points.len());
        for (p, rank) in points.iter().zip(&got) {
            let above = points.iter().filter(|q| *q > p).count() as i64;
            prop_assert_eq!(*rank, above + 1);
        }
        if !points.is_empty() {
            prop_assert!(got.contains(&1), "someone is first");
        }
    }

    #[test]
    fn masks_keep_length_and_show_at_most_six_characters(text in "[0-9+]{0,16}") {
        let masked = mask_mobile(&text);
        prop_assert_eq!(masked.chars().count(), text.chars().count());
        prop_assert!(masked.chars().filter(|c| *c != '*').count() <= 6);
    }

    #[test]
    fn any_casing_of_a_code_reads_as_the_same_code(_n in 0u8..8) {
        let code = ReferralCode::generate();
        prop_assert_eq!(ReferralCode::parse(&format!(" {} ", code.as_str().to_lowercase())), Some(code));
    }
}
