//! Cross-crate properties: money arithmetic and the catalogue sort rule.
mod catalogue_sort;
mod identity;
mod invoice;
mod money;
