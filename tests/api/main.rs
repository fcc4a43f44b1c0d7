//! HTTP-level checks of the BFF that are not customer scenarios: the contract and the plumbing.
mod openapi;
mod system;
