//! What the SMTP sink keeps of a delivered message: the envelope, and the few decoded MIME
//! fields a test reads (subject, text body). Decoding is `mail-parser`'s: RFC 2047 encoded
//! words, base64 and quoted-printable bodies, charsets, and multipart/alternative (whose
//! text/plain part is the text; an HTML-only message is turned into text).

use mail_parser::{Address, MessageParser, PartType};
use serde::Serialize;

/// One message as the simulated provider accepted it: what a test reads to learn a code or link.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SentEmail {
    /// The queue id given in the 250 reply after DATA (`queued as …`).
    pub id: String,
    /// Envelope sender (MAIL FROM), empty for the null sender `<>`.
    pub from: String,
    /// Envelope recipients that were accepted (RCPT TO), Bcc included, in the order sent.
    pub to: Vec<String>,
    /// The `From:` header, decoded: `Name <address>` or the bare address; `None` when absent.
    pub from_header: Option<String>,
    /// Decoded `Subject:`; empty when absent.
    pub subject: String,
    /// Decoded text body (the text/plain part of a multipart message); empty when there is none.
    pub text: String,
    /// Decoded HTML body when the message has one.
    pub html: Option<String>,
    /// Unix time in milliseconds when the message's last line arrived.
    pub received_at_ms: u64,
    /// The message as received after dot-unstuffing (lossy for non-UTF-8 bytes).
    pub raw: String,
}

pub(crate) struct Envelope {
    pub id: String,
    pub from: String,
    pub to: Vec<String>,
    pub received_at_ms: u64,
}

impl SentEmail {
    /// Never fails: what cannot be parsed as MIME is kept as text, so no delivery is lost.
    pub(crate) fn parse(envelope: Envelope, raw: &[u8]) -> Self {
        let raw_text = String::from_utf8_lossy(raw).into_owned();
        let Envelope { id, from, to, received_at_ms } = envelope;
        let unparsed = || SentEmail {
            id: id.clone(),
            from: from.clone(),
            to: to.clone(),
            from_header: None,
            subject: String::new(),
            text: raw_text.clone(),
            html: None,
            received_at_ms,
            raw: raw_text.clone(),
        };
        let Some(message) = MessageParser::default().parse(raw) else {
            return unparsed();
        };
        let html = message.html_bodies().find_map(|part| match &part.body {
            PartType::Html(html) => Some(html.to_string()),
            _ => None,
        });
        SentEmail {
            from_header: message.from().and_then(display_address),
            subject: message.subject().unwrap_or_default().to_owned(),
            text: message.body_text(0).map(|text| text.into_owned()).unwrap_or_default(),
            html,
            ..unparsed()
        }
    }

    /// Whether `address` is among the envelope recipients, ignoring case and angle brackets.
    pub fn is_for(&self, address: &str) -> bool {
        let wanted = normalise_address(address);
        self.to.iter().any(|to| normalise_address(to) == wanted)
    }
}

pub(crate) fn normalise_address(address: &str) -> String {
    address.trim().trim_start_matches('<').trim_end_matches('>').trim().to_lowercase()
}

fn display_address(address: &Address<'_>) -> Option<String> {
    let first = address.first()?;
    let email = first.address().unwrap_or_default();
    Some(match first.name() {
        Some(name) if !name.is_empty() => format!("{name} <{email}>"),
        _ => email.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn envelope() -> Envelope {
        Envelope {
            id: "Q1".to_owned(),
            from: "no-reply@limoo.ir".to_owned(),
            to: vec!["Ali@Example.com".to_owned()],
            received_at_ms: 1,
        }
    }

    #[test]
    fn decodes_encoded_words_and_base64_bodies() {
        let raw = "From: =?utf-8?b?2YTbjNmF2Yg=?= <no-reply@limoo.ir>\r\n\
                   To: ali@example.com\r\n\
                   Subject: =?utf-8?b?2qnYryDZiNix2YjYrw==?= 123456\r\n\
                   MIME-Version: 1.0\r\n\
                   Content-Type: text/plain; charset=utf-8\r\n\
                   Content-Transfer-Encoding: base64\r\n\
                   \r\n\
                   2qnYryDYtNmF2Kc6IDEyMzQ1Ng==\r\n";
        let email = SentEmail::parse(envelope(), raw.as_bytes());
        assert_eq!(email.subject, "کد ورود 123456");
        assert_eq!(email.text, "کد شما: 123456");
        assert_eq!(email.from_header.as_deref(), Some("لیمو <no-reply@limoo.ir>"));
        assert_eq!(email.html, None);
    }

    #[test]
    fn takes_the_plain_part_of_multipart_alternative() {
        let raw = "Subject: =?utf-8?q?=DA=A9=D8=AF?=\r\n\
                   MIME-Version: 1.0\r\n\
                   Content-Type: multipart/alternative; boundary=\"b1\"\r\n\
                   \r\n\
                   --b1\r\n\
                   Content-Type: text/html; charset=utf-8\r\n\
                   \r\n\
                   <p>html 42</p>\r\n\
                   --b1\r\n\
                   Content-Type: text/plain; charset=utf-8\r\n\
                   Content-Transfer-Encoding: quoted-printable\r\n\
                   \r\n\
                   =DA=A9=D8=AF 42 and a soft=\r\n \
                   break\r\n\
                   --b1--\r\n";
        let email = SentEmail::parse(envelope(), raw.as_bytes());
        assert_eq!(email.subject, "کد");
        assert_eq!(email.text, "کد 42 and a soft break");
        assert_eq!(email.html.as_deref(), Some("<p>html 42</p>"));
    }

    #[test]
    fn recipients_match_case_insensitively() {
        let email = SentEmail::parse(envelope(), b"Subject: x\r\n\r\nbody\r\n");
        assert!(email.is_for("ali@example.COM"));
        assert!(email.is_for(" <ALI@example.com> "));
        assert!(!email.is_for("ali@example.org"));
        assert_eq!(email.text, "body\r\n");
    }
}
