//! Messages the simulated provider "sent", and how a lookup template becomes their text.

use serde::Serialize;

/// One SMS as the simulator recorded it: what a test reads to learn the OTP.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SentSms {
    pub messageid: i64,
    /// Normalised to `09xxxxxxxxx` when it is an Iranian mobile, else as sent.
    pub receptor: String,
    pub sender: String,
    pub message: String,
    /// Lookup template; `None` for `sms/send`.
    pub template: Option<String>,
    /// Lookup `token`; `None` for `sms/send`.
    pub token: Option<String>,
    /// Unix seconds.
    pub date: i64,
    /// What a later `sms/status` reports: 10 when true, 11 when false.
    pub delivered: bool,
}

/// Templates the simulated panel has approved. Others (not starting `missing`) render generically.
const TEMPLATES: [(&str, &str); 1] = [("limoo-otp", "کد ورود شما به لیمو: %token")];

/// Lookup token parameters, longest first so `%token` never eats the start of `%token10`.
pub const TOKEN_PARAMS: [&str; 5] = ["token20", "token10", "token3", "token2", "token"];

/// `tokens` pairs a TOKEN_PARAMS name with its value, only for the tokens sent.
pub fn render(template: &str, tokens: &[(&str, &str)]) -> String {
    let text = match TEMPLATES.iter().find(|(name, _)| *name == template) {
        Some((_, text)) => (*text).to_owned(),
        None => generic_template(tokens),
    };
    TOKEN_PARAMS.iter().fold(text, |text, name| match tokens.iter().find(|(n, _)| n == name) {
        Some((_, value)) => text.replace(&format!("%{name}"), value),
        None => text,
    })
}

/// `%token`, followed by each further token sent, so no value is lost from the text.
fn generic_template(tokens: &[(&str, &str)]) -> String {
    let extras = TOKEN_PARAMS.iter().rev().skip(1);
    let sent_extras = extras.filter(|name| tokens.iter().any(|(n, _)| n == *name));
    sent_extras.fold("%token".to_owned(), |text, name| format!("{text} %{name}"))
}

/// Kavenegar bills per SMS part in rials; the simulator charges a flat 120 per part.
pub fn cost(message: &str) -> i64 {
    let per_part = if message.is_ascii() { 160 } else { 70 };
    let parts = message.chars().count().div_ceil(per_part).max(1);
    i64::try_from(parts).unwrap_or(i64::MAX).saturating_mul(120)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_template_renders_its_text() {
        let text = render("limoo-otp", &[("token", "48213")]);
        assert_eq!(text, "کد ورود شما به لیمو: 48213");
    }

    #[test]
    fn unknown_template_renders_every_token_sent() {
        assert_eq!(render("otp", &[("token", "1234")]), "1234");
        let tokens = [("token", "a"), ("token2", "b"), ("token10", "علی رضایی")];
        assert_eq!(render("welcome", &tokens), "a b علی رضایی");
    }

    #[test]
    fn cost_counts_parts() {
        assert_eq!(cost("hi"), 120);
        assert_eq!(cost(&"س".repeat(71)), 240);
    }
}
