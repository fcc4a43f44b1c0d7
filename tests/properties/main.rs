//! Cross-crate properties: money arithmetic, the catalogue sort rule, invoices, points and promotions.
mod catalogue_sort;
mod forms;
mod identity;
mod invoice;
mod money;
mod payments;
mod points;
