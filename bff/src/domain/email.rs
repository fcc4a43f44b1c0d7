use std::str::FromStr;

/// A syntactically valid e-mail address, kept lower-cased.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EmailAddress(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmailError {
    #[error("the e-mail address is empty")]
    Empty,
    #[error("not a valid e-mail address")]
    Invalid,
}

impl EmailAddress {
    pub fn parse(raw: &str) -> Result<Self, EmailError> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(EmailError::Empty);
        }
        // The crate checks RFC 5322 syntax; a shop also wants a dotted domain.
        let parsed = email_address::EmailAddress::from_str(trimmed).map_err(|_| EmailError::Invalid)?;
        if !parsed.domain().contains('.') {
            return Err(EmailError::Invalid);
        }
        let address = trimmed.to_lowercase();
        // RFC 5322 allows more than the mailer reads as a recipient (a quoted local part such as `"a\"b"`): an
        // address the code could never be sent to is refused here, as mistyped, rather than failing at the send.
        // The check is the mailer's own reading of the address.
        if address.parse::<lettre::message::Mailbox>().is_err() {
            return Err(EmailError::Invalid);
        }
        Ok(EmailAddress(address))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_checked() {
        assert_eq!(EmailAddress::parse("Ali@Example.com").unwrap().as_str(), "ali@example.com");
        assert_eq!(EmailAddress::parse("abc"), Err(EmailError::Invalid));
        assert_eq!(EmailAddress::parse("a@b"), Err(EmailError::Invalid));
        assert_eq!(EmailAddress::parse(" "), Err(EmailError::Empty));
    }

    #[test]
    fn an_address_the_mailer_cannot_send_to_is_refused() {
        assert_eq!(EmailAddress::parse(r#""a\"b"@example.com"#), Err(EmailError::Invalid));
        assert_eq!(
            EmailAddress::parse("first.last+tag@example.co.uk").unwrap().as_str(),
            "first.last+tag@example.co.uk"
        );
    }
}
