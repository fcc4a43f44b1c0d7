//! The payment gateway simulators driven as a merchant drives them: create over HTTP, the
//! customer on the hosted page, the callback at a local merchant server, then verify.

mod support;

mod digipay;
mod gumroad;
mod payping;
mod saman;
mod snapppay;
mod tara;
mod vandar;
