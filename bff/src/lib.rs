//! Limoo BFF: the domain, its store and the HTTP API the web app and QA suites speak to.
pub mod api;
pub mod auth;
pub mod body_limit;
pub mod config;
pub mod diet_team;
pub mod domain;
pub mod finance;
pub mod gateways;
pub mod limits;
pub mod messages;
pub mod metrics;
pub mod request_id;
pub mod shop;
pub mod startup;
pub mod store;
pub mod telemetry;
pub mod web_app;
