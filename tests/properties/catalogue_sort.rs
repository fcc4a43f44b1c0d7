use limoo_bff::domain::{
    Toman,
    catalogue::{self, DEFAULT_SHOW_ORDER, Product, ProductMeta, ProductType},
};
use proptest::prelude::*;

fn product_strategy() -> impl Strategy<Value = Product> {
    (
        prop_oneof![
            Just(ProductType::Diet),
            Just(ProductType::Bundle),
            Just(ProductType::Tag),
            Just(ProductType::Mentor)
        ],
        proptest::option::of(prop_oneof![Just(1i64), Just(3), Just(6), 0i64..24]),
        any::<bool>(),
        proptest::option::of(prop_oneof![Just(DEFAULT_SHOW_ORDER), 0i64..3_000_000]),
    )
        .prop_map(|(product_type, count, premium, show_order)| Product {
            id: 0,
            service: "LIMOO_SHOP".into(),
            product_type,
            title: String::new(),
            subtitle: None,
            subtitle2: None,
            description: None,
            price: Toman::ZERO,
            final_price: Toman::ZERO,
            currency: "تومان".into(),
            is_enabled: true,
            meta: ProductMeta {
                count,
                product_code: Some(if premium { "PREMIUM" } else { "NORMAL" }.into()),
                show_order,
                ..Default::default()
            },
        })
}

fn catalogue_strategy() -> impl Strategy<Value = Vec<Product>> {
    proptest::collection::vec(product_strategy(), 0..30).prop_map(|mut list| {
        for (i, p) in list.iter_mut().enumerate() {
            p.id = i as i64;
        }
        list
    })
}

proptest! {
    #[test]
    fn sorting_is_a_permutation_in_show_order(list in catalogue_strategy()) {
        let mut sorted = list.clone();
        catalogue::sort(&mut sorted);
        let mut ids: Vec<_> = sorted.iter().map(|p| p.id).collect();
        ids.sort();
        prop_assert_eq!(ids, (0..list.len() as i64).collect::<Vec<_>>());
        let orders: Vec<_> = sorted.iter().map(|p| p.meta.show_order.unwrap_or(DEFAULT_SHOW_ORDER)).collect();
        prop_assert!(orders.windows(2).all(|w| w[0] <= w[1]), "showOrder ascending [PR-41]");
    }

    #[test]
    fn diets_with_equal_show_order_follow_count_plus_tenths(list in catalogue_strategy()) {
        let mut sorted = list;
        catalogue::sort(&mut sorted);
        let tenths = |p: &Product| p.meta.count.map(|c| c * 10 + if p.is_premium() { 2 } else { 1 });
        for pair in sorted.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            let same_order = a.meta.show_order.unwrap_or(DEFAULT_SHOW_ORDER) == b.meta.show_order.unwrap_or(DEFAULT_SHOW_ORDER);
            let both_counted_diets = a.product_type == ProductType::Diet && b.product_type == ProductType::Diet
                && a.meta.count.is_some() && b.meta.count.is_some();
            if same_order && both_counted_diets {
                prop_assert!(tenths(a) <= tenths(b), "count + 0.1 / + 0.2 ascending [PR-42]");
                if tenths(a) == tenths(b) { prop_assert!(a.id < b.id, "ties keep stored order"); }
            }
        }
    }

    #[test]
    fn premium_filter_keeps_exactly_the_non_diets_and_premium_diets(list in catalogue_strategy()) {
        let mut kept = list.clone();
        catalogue::keep_premium_diets(&mut kept);
        let expected: Vec<_> = list.iter().filter(|p| p.product_type != ProductType::Diet || p.is_premium()).map(|p| p.id).collect();
        prop_assert_eq!(kept.iter().map(|p| p.id).collect::<Vec<_>>(), expected);
    }
}
