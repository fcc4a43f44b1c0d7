//! What stands between a connection and an operation: the listener's guards, the request's id, its body limit,
//! the refusal of NUL, compression, security headers, a stopping replica's drain and the built web app. Nothing
//! here knows a business rule; the API areas and the use cases below them do.
pub mod body_limit;
pub mod connections;
pub mod draining;
pub mod json_compression;
pub mod request_id;
pub mod security_headers;
pub mod text_guard;
pub mod web_app;
