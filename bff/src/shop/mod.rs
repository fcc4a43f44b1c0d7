//! The shop's use cases over the store: invoices, promotion codes, points and paying a free order.
//! Each runs in one transaction that first locks the order it changes.
pub mod catalogue_cache;
pub mod gift_cards;
pub mod invoice;
pub mod orders;
pub mod packages;
pub mod partner_discounts;
pub mod payments;
pub mod points;
pub mod promotions;
pub mod refunds;
pub mod settling;
pub mod transfers;
