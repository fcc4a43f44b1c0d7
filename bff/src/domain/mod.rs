//! Domain types: validated on construction, free of HTTP and SQL.
pub mod catalogue;
pub mod toman;

pub use toman::Toman;
