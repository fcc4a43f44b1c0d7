//! E-mail over SMTP (lettre): STARTTLS to a production relay, plain SMTP to the simulator's sink.
use std::time::Duration;

use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Mailbox, header::ContentType},
    transport::smtp::authentication::Credentials,
};

use crate::{
    config::GatewaySettings,
    domain::{EmailAddress, Language, OtpCode},
};

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("cannot build the message: {0}")]
    Message(#[from] lettre::error::Error),
    #[error("the SMTP server refused or is unreachable: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    #[error("not a mailbox: {0}")]
    Address(#[from] lettre::address::AddressError),
    #[error("the SMTP server did not answer within {0:?}")]
    TimedOut(Duration),
}

/// The whole delivery, not just the connect (lettre's own timeout stops at connecting).
const SEND_TIMEOUT: Duration = Duration::from_secs(15);

pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mailer").field("from", &self.from.to_string()).finish_non_exhaustive()
    }
}

impl Mailer {
    pub fn new(settings: &GatewaySettings) -> anyhow::Result<Self> {
        let builder = if settings.smtp_starttls {
            AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&settings.smtp_host)?
        } else {
            AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&settings.smtp_host)
        };
        let mut builder = builder.port(settings.smtp_port).timeout(Some(Duration::from_secs(10)));
        if let (Some(user), Some(password)) = (&settings.smtp_username, &settings.smtp_password) {
            builder = builder.credentials(Credentials::new(user.clone(), password.expose().to_owned()));
        }
        Ok(Mailer { transport: builder.build(), from: settings.mail_from.parse()? })
    }

    #[tracing::instrument(skip_all, err(level = "warn", Display))]
    pub async fn send_code(
        &self,
        to: &EmailAddress,
        code: &OtpCode,
        valid_minutes: i64,
        language: Language,
    ) -> Result<(), MailError> {
        let (subject, body) = code_mail(code, valid_minutes, language);
        let message = Message::builder()
            .from(self.from.clone())
            .to(to.as_str().parse()?)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body)?;
        tokio::time::timeout(SEND_TIMEOUT, self.transport.send(message))
            .await
            .map_err(|_| MailError::TimedOut(SEND_TIMEOUT))??;
        Ok(())
    }
}

/// The subject and text of the e-mail with a sign-in code, in the language of the customer's page.
fn code_mail(code: &OtpCode, valid_minutes: i64, language: Language) -> (String, String) {
    let code = code.as_str();
    match language {
        Language::Persian => (
            format!("کد ورود لیمو: {code}"),
            format!(
                "سلام،\n\nکد ورود شما به لیمو: {code}\nاین کد تا {valid_minutes} دقیقه معتبر است. آن را در اختیار کسی قرار ندهید.\n\nلیمو"
            ),
        ),
        Language::Turkish => (
            format!("Limoo giriş kodu: {code}"),
            format!(
                "Merhaba,\n\nLimoo giriş kodunuz: {code}\nBu kod {valid_minutes} dakika geçerlidir. Kimseyle paylaşmayın.\n\nLimoo"
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has_arabic_script(text: &str) -> bool {
        text.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c))
    }

    #[test]
    fn the_code_mail_is_written_in_the_language_of_the_page() {
        let code = OtpCode::parse("123456").unwrap();
        let (subject, body) = code_mail(&code, 2, Language::Turkish);
        assert!(subject.contains("123456") && body.contains("123456") && body.contains("2 dakika"));
        assert!(!has_arabic_script(&subject) && !has_arabic_script(&body), "{subject}\n{body}");
        let (subject, body) = code_mail(&code, 2, Language::Persian);
        assert!(has_arabic_script(&subject) && body.contains("123456"));
    }
}
