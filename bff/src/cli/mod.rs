//! The command-line entry points besides `serve`: the back office's tools from a terminal (`bff diets`, `bff finance`,
//! `bff franchise`, `bff points`). Each maps its arguments to the same use cases the staff and finance APIs call, and their
//! answers to lines to print.
pub mod diets;
pub mod finance;
pub mod franchise;
pub mod points;
