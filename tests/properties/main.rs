//! Cross-crate properties: what was paid (shop and older package flow), money arithmetic, the catalogue sort rule,
//! invoices, points and promotions.
mod amounts_paid;
mod borrowed_proofs;
mod catalogue_sort;
mod forms;
mod franchise;
mod identity;
mod invoice;
mod money;
mod package_amounts;
mod package_offers;
mod payments;
mod points;
mod weight_goal;
