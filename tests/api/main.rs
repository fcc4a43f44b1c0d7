//! HTTP-level checks of the BFF that are not customer scenarios: the contract and the plumbing.
mod auth;
mod bot_check;
mod diet_requests;
mod diets;
mod finalize;
mod forms;
mod openapi;
mod orders;
mod payment_crash;
mod payment_gateways;
mod payment_result;
mod payments;
mod points;
mod promotions;
mod shop_wizard;
mod system;
mod transfers;
