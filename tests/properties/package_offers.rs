//! The older package flow's offers: the bundle-offer threshold [PR-39], which bundle offers are shown [PR-40],
//! and what an offer's order holds and costs.
use limoo_bff::domain::{
    Toman,
    catalogue::{Product, ProductMeta, ProductType, SubProduct},
    package_offers::{BUNDLE_DISCOUNT_PERCENT, offers},
};
use proptest::prelude::*;

fn t(v: i64) -> Toman {
    Toman::new(v).expect("a valid amount")
}

fn product(id: i64, kind: ProductType, count: i64, price: i64, final_price: i64) -> Product {
    let sub = |kind| SubProduct { title: "x".into(), subtitle2: None, product_type: kind, images: None };
    Product {
        id,
        service: "LIMOO_SHOP".into(),
        product_type: kind,
        title: String::new(),
        subtitle: None,
        subtitle2: None,
        description: None,
        price: t(price),
        final_price: t(final_price),
        currency: "تومان".into(),
        is_enabled: true,
        meta: ProductMeta {
            count: Some(count),
            product_code: Some("NORMAL".into()),
            tags: Some(vec!["DIET".into()]),
            is_allowed_mentor: Some(true),
            products: (kind == ProductType::Bundle).then(|| vec![sub(ProductType::Diet), sub(ProductType::Mentor)]),
            ..ProductMeta::default()
        },
    }
}

/// (diet original, diet final, mentor final, bundle final), finals at most the originals.
fn prices() -> impl Strategy<Value = (i64, i64, i64, i64)> {
    (1i64..5_000_000).prop_flat_map(|original| (Just(original), 0..=original, 0i64..2_000_000, 0i64..8_000_000))
}

proptest! {
    #[test]
    fn a_bundle_offer_is_exactly_fifty_percent_off_or_more_and_shown_only_below_the_diet_alone(
        (original, diet_final, mentor_final, bundle_final) in prices()
    ) {
        let catalogue = [
            product(1, ProductType::Diet, 3, original, diet_final),
            product(51, ProductType::Mentor, 3, mentor_final, mentor_final),
            product(21, ProductType::Bundle, 3, bundle_final, bundle_final),
        ];
        let listed = offers(&catalogue, "NORMAL", "DIET");
        prop_assert_eq!(listed.len(), 1, "every length keeps one offer");
        let offer = &listed[0];
        let share = (bundle_final - mentor_final).max(0);
        let bundle_discount = (original - share) * 100 / original;
        let bundle_is_bundle_offer = bundle_discount >= BUNDLE_DISCOUNT_PERCENT;
        // A bundle dearer than its diet and mentor side by side is never what "with hami" buys.
        let bundle_shown =
            bundle_final <= diet_final + mentor_final && (!bundle_is_bundle_offer || share < diet_final);
        prop_assert_eq!(offer.bundle_product_id.is_some(), bundle_shown);
        prop_assert_eq!(offer.is_bundle_offer(), bundle_shown && bundle_is_bundle_offer);
        if offer.is_bundle_offer() {
            prop_assert!(offer.discount_percent() >= BUNDLE_DISCOUNT_PERCENT);
            prop_assert!(offer.diet_final_price_with_hami < offer.diet_final_price_without_hami);
        }
        prop_assert_eq!(offer.total(false), t(diet_final));
        prop_assert_eq!(offer.product_ids(false), vec![1]);
        let with_hami = if bundle_shown { vec![21] } else { vec![1, 51] };
        prop_assert_eq!(offer.product_ids(true), with_hami);
        let total_with_hami = if bundle_shown { bundle_final } else { diet_final + mentor_final };
        prop_assert_eq!(offer.total(true), t(total_with_hami));
        prop_assert!(offer.total(true) <= t(diet_final + mentor_final), "never dearer than the parts");
    }

    #[test]
    fn the_threshold_sits_at_fifty_percent(original in 100i64..5_000_000) {
        // The largest share that is still 50 % off, and one toman more.
        let at_fifty = original * (100 - BUNDLE_DISCOUNT_PERCENT) / 100;
        let catalogue = |share: i64| [
            product(1, ProductType::Diet, 1, original, original),
            product(51, ProductType::Mentor, 1, 10_000, 10_000),
            product(21, ProductType::Bundle, 1, share + 10_000, share + 10_000),
        ];
        prop_assert!(offers(&catalogue(at_fifty), "NORMAL", "DIET")[0].is_bundle_offer());
        prop_assert!(!offers(&catalogue(at_fifty + 1), "NORMAL", "DIET")[0].is_bundle_offer());
    }
}
