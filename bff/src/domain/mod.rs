//! Domain types: validated on construction, free of HTTP and SQL.
pub mod catalogue;
pub mod country;
pub mod diet_package;
pub mod diet_start;
pub mod email;
pub mod forms;
pub mod franchise;
pub mod gift_card;
pub mod invoice;
pub mod medical_profile;
pub mod mobile_number;
pub mod order;
pub mod otp_code;
pub mod package_offers;
pub mod payment;
pub mod perfect_body;
pub mod points;
pub mod promotion;
pub mod toman;
pub mod transfer;
pub mod wizard;

pub use email::EmailAddress;
pub use mobile_number::MobileNumber;
pub use otp_code::OtpCode;
pub use toman::Toman;
