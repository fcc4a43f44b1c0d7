//! E-mail over SMTP (lettre): STARTTLS to a production relay, plain SMTP to the simulator's sink.
use std::time::Duration;

use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Mailbox, header::ContentType},
    transport::smtp::authentication::Credentials,
};

use crate::{
    config::GatewaySettings,
    domain::{EmailAddress, OtpCode},
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
    pub async fn send_code(&self, to: &EmailAddress, code: &OtpCode, valid_minutes: i64) -> Result<(), MailError> {
        let message = Message::builder()
            .from(self.from.clone())
            .to(to.as_str().parse()?)
            .subject(format!("کد ورود لیمو: {}", code.as_str()))
            .header(ContentType::TEXT_PLAIN)
            .body(format!(
                "سلام،\n\nکد ورود شما به لیمو: {}\nاین کد تا {} دقیقه معتبر است. آن را در اختیار کسی قرار ندهید.\n\nلیمو",
                code.as_str(),
                valid_minutes
            ))?;
        tokio::time::timeout(SEND_TIMEOUT, self.transport.send(message))
            .await
            .map_err(|_| MailError::TimedOut(SEND_TIMEOUT))??;
        Ok(())
    }
}
