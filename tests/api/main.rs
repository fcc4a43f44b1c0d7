//! HTTP-level checks of the BFF that are not customer scenarios: the contract and the plumbing.
mod auth;
mod openapi;
mod orders;
mod system;
