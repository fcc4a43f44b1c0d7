//! Sending and checking one-time codes: 6 digits from the OS CSPRNG, stored only as a keyed hash,
//! single use, short-lived, a few wrong tries at most, resend and hourly limits enforced here.
use super::{AuthError, tokens::TokenKeys};
use crate::{
    config::AuthSettings,
    domain::{EmailAddress, Language, MobileNumber, OtpCode},
    gateways::{email::Mailer, sms::KavenegarClient},
    metrics::Metrics,
    store::{Db, now_ms, otp},
};

/// What sending a code reaches: the store, the limits, the keys that hash it, both ways out and the metrics.
#[derive(Clone, Copy)]
pub struct Sender<'a> {
    pub db: &'a Db,
    pub settings: &'a AuthSettings,
    pub tokens: &'a TokenKeys,
    pub sms: &'a KavenegarClient,
    pub mail: &'a Mailer,
    pub metrics: &'a Metrics,
}

/// Who asks for a code: the client's address, for the hourly limit, and the language its page shows, for the
/// e-mail.
pub struct Caller {
    pub ip: String,
    pub language: Language,
}

pub enum Delivery<'a> {
    Sms(&'a MobileNumber),
    Email(&'a EmailAddress),
}

#[derive(Debug, Clone)]
pub struct SentCode {
    pub channel: &'static str,
    pub resend_after_seconds: i64,
    pub expires_in_seconds: i64,
}

/// What a verified code carried besides proving the mobile.
pub struct Verified {
    pub channel: String,
    pub pending_email: Option<String>,
}

/// Sends a new code proving `subject`, by `delivery`. `pending_email` is attached on registration.
pub async fn send(
    state: Sender<'_>,
    subject: &MobileNumber,
    delivery: Delivery<'_>,
    pending_email: Option<&EmailAddress>,
    caller: &Caller,
) -> Result<SentCode, AuthError> {
    let settings = state.settings;
    let now = now_ms();
    let resend_ms = settings.otp_resend_seconds.max(1) * 1000;
    if let Some(last) = otp::latest(state.db, subject.canonical()).await? {
        let wait_ms = last.created_at + resend_ms - now;
        if wait_ms > 0 {
            return Err(AuthError::ResendTooSoon { seconds: (wait_ms + 999) / 1000 });
        }
    }
    let hour_ago = now - 3_600_000;
    if otp::count_for_subject_since(state.db, subject.canonical(), hour_ago).await? >= settings.otp_hourly_per_number
        || otp::count_for_ip_since(state.db, &caller.ip, hour_ago).await? >= settings.otp_hourly_per_ip
    {
        return Err(AuthError::HourlyLimit);
    }

    let code = OtpCode::generate();
    let id = uuid::Uuid::new_v4().to_string();
    let (channel, sent_to) = match &delivery {
        Delivery::Sms(mobile) => ("sms", mobile.canonical().to_owned()),
        Delivery::Email(email) => ("email", email.as_str().to_owned()),
    };
    let stored = otp::insert(
        state.db,
        otp::NewOtp {
            id: &id,
            subject: subject.canonical(),
            channel,
            sent_to: &sent_to,
            pending_email: pending_email.map(EmailAddress::as_str),
            code_hash: &state.tokens.keyed_hash(&["otp", &id, code.as_str()]),
            client_ip: &caller.ip,
            send_slot: now / resend_ms,
            created_at: now,
            expires_at: now + settings.otp_ttl_seconds * 1000,
        },
    )
    .await?;
    if !stored {
        // A concurrent request for the same number won this resend window.
        return Err(AuthError::ResendTooSoon { seconds: settings.otp_resend_seconds });
    }

    let delivered = match delivery {
        Delivery::Sms(mobile) => state.sms.send_code(mobile, &code).await.map_err(|e| e.to_string()),
        Delivery::Email(email) => {
            let minutes = (settings.otp_ttl_seconds + 59) / 60;
            state.mail.send_code(email, &code, minutes, caller.language).await.map_err(|e| e.to_string())
        }
    };
    if let Err(reason) = delivered {
        // Nothing reached the customer: forget the code so an immediate retry is allowed.
        otp::delete(state.db, &id).await?;
        tracing::warn!(%reason, channel, "code delivery failed");
        return Err(AuthError::ProviderFailed);
    }
    state.metrics.code_sent(channel);
    Ok(SentCode {
        channel,
        resend_after_seconds: settings.otp_resend_seconds,
        expires_in_seconds: settings.otp_ttl_seconds,
    })
}

/// Checks `code` against the latest code sent for `subject` and uses it up.
pub async fn verify(
    db: &Db,
    settings: &AuthSettings,
    tokens: &TokenKeys,
    subject: &MobileNumber,
    code: &OtpCode,
) -> Result<Verified, AuthError> {
    let max = settings.otp_max_attempts;
    let now = now_ms();
    let row = otp::latest(db, subject.canonical()).await?.ok_or(AuthError::NoCode)?;
    if row.consumed_at.is_some() {
        return Err(AuthError::CodeUsed);
    }
    if row.attempts >= max {
        return Err(AuthError::CodeLocked);
    }
    if row.expires_at <= now {
        return Err(AuthError::CodeExpired);
    }
    if !tokens.hash_matches(&["otp", &row.otp_code_id, code.as_str()], &row.code_hash) {
        let counted = otp::record_wrong_attempt(db, &row.otp_code_id, max).await?;
        return Err(if counted { AuthError::WrongCode } else { AuthError::CodeLocked });
    }
    if !otp::consume(db, &row.otp_code_id, now, max).await? {
        return Err(AuthError::CodeUsed);
    }
    Ok(Verified { channel: row.channel, pending_email: row.pending_email })
}
