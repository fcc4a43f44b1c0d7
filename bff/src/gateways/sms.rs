//! Kavenegar: one-time codes through `verify/lookup` with an approved template, and free-text notices
//! through `sms/send` (gateways.md §7).
use std::time::Duration;

use serde::Deserialize;

use crate::{
    config::{GatewaySettings, Secret},
    domain::{MobileNumber, OtpCode},
};

#[derive(Debug, thiserror::Error)]
pub enum SmsError {
    #[error("Kavenegar is unreachable: {0}")]
    Unavailable(#[from] reqwest::Error),
    #[error("Kavenegar refused the message: {status} {message}")]
    Rejected { status: i64, message: String },
    #[error("Kavenegar answered something unreadable (HTTP {0})")]
    Malformed(u16),
}

#[derive(Deserialize)]
struct Envelope {
    #[serde(rename = "return")]
    outcome: Outcome,
}

#[derive(Deserialize)]
struct Outcome {
    status: i64,
    message: String,
}

#[derive(Debug)]
pub struct KavenegarClient {
    http: reqwest::Client,
    base_url: String,
    api_key: Secret,
    template: String,
}

impl KavenegarClient {
    pub fn new(settings: &GatewaySettings) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder().timeout(Duration::from_secs(10)).build()?;
        Ok(KavenegarClient {
            http,
            base_url: settings.kavenegar_base_url.trim_end_matches('/').to_owned(),
            api_key: settings.kavenegar_api_key.clone(),
            template: settings.kavenegar_template.clone(),
        })
    }

    /// Kavenegar takes Iranian receptors as 09…, international ones with a 00 prefix.
    fn receptor(mobile: &MobileNumber) -> String {
        if mobile.is_foreign() { mobile.canonical().replacen('+', "00", 1) } else { mobile.display() }
    }

    #[tracing::instrument(skip_all, err(level = "warn", Display))]
    pub async fn send_code(&self, mobile: &MobileNumber, code: &OtpCode) -> Result<(), SmsError> {
        let form = [
            ("receptor", Self::receptor(mobile)),
            ("template", self.template.clone()),
            ("token", code.as_str().to_owned()),
        ];
        self.call("verify/lookup", &form).await
    }

    /// A free-text message through `sms/send` (the partner-discount notice after a paid order).
    #[tracing::instrument(skip_all, err(level = "warn", Display))]
    pub async fn send_text(&self, mobile: &MobileNumber, message: &str) -> Result<(), SmsError> {
        let form = [("receptor", Self::receptor(mobile)), ("message", message.to_owned())];
        self.call("sms/send", &form).await
    }

    /// Posts `form` to `{scope}/{method}.json`; anything but `return.status` 200 is a failure.
    async fn call(&self, method: &str, form: &[(&str, String)]) -> Result<(), SmsError> {
        let url = format!("{}/v1/{}/{method}.json", self.base_url, self.api_key.expose());
        let response = self.http.post(url).form(form).send().await?;
        let status = response.status().as_u16();
        let body = response.bytes().await?;
        let envelope: Envelope = serde_json::from_slice(&body).map_err(|_| SmsError::Malformed(status))?;
        if envelope.outcome.status != 200 {
            return Err(SmsError::Rejected { status: envelope.outcome.status, message: envelope.outcome.message });
        }
        Ok(())
    }
}
