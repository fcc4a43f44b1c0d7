//! The older diet-package flow's offers (spec 3 §3 "Packages info", §5, §9): one offer per programme length of
//! the chosen package type, priced from the catalogue. Pure arithmetic; the shop reads the products and the API
//! shapes the reply.
//!
//! An offer for `count` months is the DIET product of that length; its hami (mentor) add-on is the MENTOR
//! product of the same length, offered only when the diet allows a mentor. When a BUNDLE of that length holds
//! a diet and a mentor, buying with hami buys the bundle: the diet's share of it is the bundle's final price
//! less the hami's final price. The offer's discount is what its with-hami diet price takes off the diet's
//! original price; a bundle-priced offer at 50 % or more is a bundle offer [PR-39], shown only when its with-hami
//! diet price is below the without-hami one [PR-40]. A bundle offer that may not be shown leaves its length
//! priced without the bundle (diet and mentor bought side by side), which is never a bundle offer. A bundle that
//! costs more than its diet and mentor bought side by side is not offered either: buying with hami never costs the
//! customer more than the two parts.
use super::{
    Toman,
    catalogue::{Product, ProductType},
};

/// An offer is a bundle offer from this discount on, in percent [PR-39].
pub const BUNDLE_DISCOUNT_PERCENT: i64 = 50;

/// One programme length as the package page lists it. Prices in toman.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    pub product_count: i64,
    /// `DIET`, or `BUNDLE` when buying with hami buys a bundle.
    pub product_type: ProductType,
    pub diet_product_id: i64,
    pub hami_product_id: Option<i64>,
    pub bundle_product_id: Option<i64>,
    pub diet_original_price: Toman,
    pub diet_final_price_with_hami: Toman,
    pub diet_final_price_without_hami: Toman,
    pub hami_original_price: Toman,
    pub hami_final_price_with_hami: Toman,
    /// The bundle's final price when buying with hami buys it.
    pub bundle_final_price: Option<Toman>,
}

impl Offer {
    /// Whole percent the with-hami diet price takes off the diet's original price, rounded down; 0 for a free diet.
    pub fn discount_percent(&self) -> i64 {
        let original = i128::from(self.diet_original_price.get());
        if original == 0 {
            return 0;
        }
        let off = original - i128::from(self.diet_final_price_with_hami.get());
        (off.max(0) * 100 / original) as i64
    }

    /// Priced through a bundle and at least 50 % off: a bundle offer [PR-39].
    pub fn is_bundle_offer(&self) -> bool {
        self.bundle_product_id.is_some() && self.discount_percent() >= BUNDLE_DISCOUNT_PERCENT
    }

    /// A bundle offer is shown only when its with-hami price is below the without-hami price [PR-40];
    /// other offers always are.
    pub fn is_shown(&self) -> bool {
        !self.is_bundle_offer() || self.diet_final_price_with_hami < self.diet_final_price_without_hami
    }

    /// What the customer pays for the offer, with or without its hami, before points and codes: the price of what
    /// [`Offer::product_ids`] puts in the order.
    pub fn total(&self, with_hami: bool) -> Toman {
        match (with_hami, self.bundle_final_price, self.hami_product_id) {
            (true, Some(bundle), _) => bundle,
            (true, None, Some(_)) => {
                Toman::sum([self.diet_final_price_without_hami, self.hami_final_price_with_hami]).unwrap_or_default()
            }
            _ => self.diet_final_price_without_hami,
        }
    }

    /// The catalogue products an order for this offer holds, in basket order.
    pub fn product_ids(&self, with_hami: bool) -> Vec<i64> {
        match (with_hami, self.bundle_product_id, self.hami_product_id) {
            (true, Some(bundle), _) => vec![bundle],
            (true, None, Some(hami)) => vec![self.diet_product_id, hami],
            _ => vec![self.diet_product_id],
        }
    }
}

/// `NORMAL` or `PREMIUM` diets; anything else is read as `NORMAL`.
pub fn is_package_type(product: &Product, package_type: &str) -> bool {
    let premium = package_type.eq_ignore_ascii_case("PREMIUM");
    product.is_premium() == premium
}

/// The offers of one package type from enabled products tagged `tag`, shortest programme first; a bundle offer
/// that may not be shown gives way to its length without the bundle [PR-40]. Products of one length beyond the
/// first are ignored.
pub fn offers(products: &[Product], package_type: &str, tag: &str) -> Vec<Offer> {
    let enabled = |kind: ProductType| {
        products.iter().filter(move |p| p.is_enabled && p.product_type == kind && p.meta.count.is_some())
    };
    let mut diets: Vec<&Product> =
        enabled(ProductType::Diet).filter(|p| p.has_tag(tag) && is_package_type(p, package_type)).collect();
    diets.sort_by_key(|p| p.meta.count);
    diets.dedup_by_key(|p| p.meta.count);
    diets
        .into_iter()
        .filter_map(|diet| {
            let count = diet.meta.count?;
            let hami = enabled(ProductType::Mentor)
                .find(|m| m.meta.count == Some(count))
                .filter(|_| diet.meta.is_allowed_mentor == Some(true));
            let bundle = hami.and_then(|hami| {
                enabled(ProductType::Bundle).find(|b| {
                    b.meta.count == Some(count) && holds_diet_and_mentor(b) && costs_no_more_than(b, diet, hami)
                })
            });
            Some(Some(offer(diet, hami, bundle)).filter(Offer::is_shown).unwrap_or_else(|| offer(diet, hami, None)))
        })
        .collect()
}

/// The bundle's final price is not above the diet's and the mentor's bought side by side.
fn costs_no_more_than(bundle: &Product, diet: &Product, mentor: &Product) -> bool {
    Toman::sum([diet.final_price, mentor.final_price]).is_ok_and(|parts| bundle.final_price <= parts)
}

fn holds_diet_and_mentor(bundle: &Product) -> bool {
    let inside = |kind| bundle.meta.products.iter().flatten().any(|p| p.product_type == kind);
    inside(ProductType::Diet) && inside(ProductType::Mentor)
}

fn offer(diet: &Product, hami: Option<&Product>, bundle: Option<&Product>) -> Offer {
    let hami_final = hami.map_or(Toman::ZERO, |h| h.final_price);
    let diet_with_hami = match bundle {
        Some(bundle) => bundle.final_price.saturating_sub(hami_final),
        None => diet.final_price,
    };
    Offer {
        product_count: diet.meta.count.unwrap_or_default(),
        product_type: if bundle.is_some() { ProductType::Bundle } else { ProductType::Diet },
        diet_product_id: diet.id,
        hami_product_id: hami.map(|h| h.id),
        bundle_product_id: bundle.map(|b| b.id),
        diet_original_price: diet.price,
        diet_final_price_with_hami: diet_with_hami,
        diet_final_price_without_hami: diet.final_price,
        hami_original_price: hami.map_or(Toman::ZERO, |h| h.price),
        hami_final_price_with_hami: hami_final,
        bundle_final_price: bundle.map(|b| b.final_price),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::catalogue::{ProductMeta, SubProduct};

    fn t(v: i64) -> Toman {
        Toman::new(v).unwrap()
    }

    fn product(id: i64, kind: ProductType, count: i64, price: i64, final_price: i64) -> Product {
        Product {
            id,
            service: "LIMOO_SHOP".into(),
            product_type: kind,
            title: format!("p{id}"),
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
                ..ProductMeta::default()
            },
        }
    }

    fn bundle(id: i64, count: i64, final_price: i64) -> Product {
        let sub = |kind| SubProduct { title: "x".into(), subtitle2: None, product_type: kind, images: None };
        let mut b = product(id, ProductType::Bundle, count, 2_000_000, final_price);
        b.meta.products = Some(vec![sub(ProductType::Diet), sub(ProductType::Mentor)]);
        b
    }

    #[test]
    fn a_diet_with_a_mentor_of_its_length_offers_hami_and_a_bundle_prices_the_with_hami_diet() {
        let catalogue = [
            product(3, ProductType::Diet, 3, 1_000_000, 900_000),
            product(1, ProductType::Diet, 1, 400_000, 300_000),
            product(51, ProductType::Mentor, 3, 300_000, 200_000),
            bundle(21, 3, 1_000_000),
        ];
        let offers = offers(&catalogue, "NORMAL", "DIET");
        assert_eq!(offers.iter().map(|o| o.product_count).collect::<Vec<_>>(), [1, 3]);
        assert_eq!(offers[0].hami_product_id, None, "no one-month mentor");
        let three = &offers[1];
        assert_eq!(three.product_type, ProductType::Bundle);
        assert_eq!(three.diet_final_price_with_hami, t(800_000));
        assert_eq!(three.total(true), t(1_000_000));
        assert_eq!(three.product_ids(true), [21]);
        assert_eq!(three.product_ids(false), [3]);
    }

    #[test]
    fn a_bundle_dearer_than_its_diet_and_mentor_side_by_side_is_not_offered() {
        let diet = product(3, ProductType::Diet, 3, 1_290_000, 990_000);
        let mentor = product(52, ProductType::Mentor, 3, 790_000, 490_000);
        let dearer = [diet.clone(), mentor.clone(), bundle(21, 3, 1_490_000)];
        let three = &offers(&dearer, "NORMAL", "DIET")[0];
        assert_eq!(three.bundle_product_id, None);
        assert_eq!(three.product_ids(true), [3, 52]);
        assert_eq!(three.total(true), t(1_480_000), "the parts side by side");
        let equal = [diet, mentor, bundle(21, 3, 1_480_000)];
        assert_eq!(offers(&equal, "NORMAL", "DIET")[0].bundle_product_id, Some(21), "no dearer than the parts");
    }

    #[test]
    fn fifty_percent_off_is_a_bundle_offer_and_forty_nine_is_not() {
        let diet = product(1, ProductType::Diet, 1, 1_000_000, 1_000_000);
        let mentor = product(51, ProductType::Mentor, 1, 100_000, 100_000);
        let at = |bundle_final| offer(&diet, Some(&mentor), Some(&bundle(21, 1, bundle_final)));
        assert!(at(600_000).is_bundle_offer(), "500 000 of 1 000 000 off");
        assert!(!at(610_000).is_bundle_offer(), "490 000 of 1 000 000 off");
        assert!(!offer(&diet, Some(&mentor), None).is_bundle_offer(), "no bundle, no bundle offer");
    }

    #[test]
    fn a_bundle_offer_not_below_the_diet_alone_gives_way_to_the_diet_and_mentor_side_by_side() {
        let diet = product(1, ProductType::Diet, 1, 1_000_000, 400_000);
        let mentor = product(51, ProductType::Mentor, 1, 100_000, 100_000);
        let hidden = [diet.clone(), mentor.clone(), bundle(21, 1, 550_000)];
        let listed = offers(&hidden, "NORMAL", "DIET");
        assert_eq!(listed[0].bundle_product_id, None);
        assert_eq!(listed[0].product_ids(true), [1, 51]);
        let shown = [diet, mentor, bundle(21, 1, 450_000)];
        assert_eq!(offers(&shown, "NORMAL", "DIET")[0].bundle_product_id, Some(21));
    }
}
