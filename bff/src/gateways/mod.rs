//! Clients of the outside services, each written from the provider's documentation; the simulators
//! answer them in development and tests.
pub mod email;
pub mod payments;
pub mod sms;
