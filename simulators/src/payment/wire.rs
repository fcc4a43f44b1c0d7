//! Reading requests and writing the small values payment gateways put on the wire: request
//! fields from JSON, urlencoded or multipart bodies, credentials, ids, dates and card data.

use base64::Engine as _;
use serde_json::Value;
use sha2::{Digest as _, Sha256};

use crate::exchange::{Call, Received};
use crate::test_values;

/// Request fields, wherever the client put them: a JSON object, an urlencoded or multipart
/// form body, and the query string (the body wins). Names match case-insensitively, as the
/// .NET gateways (PayPing, SEP) bind them.
pub(crate) struct Fields {
    json: Option<serde_json::Map<String, Value>>,
    pairs: Vec<(String, String)>,
}

impl Fields {
    pub fn of(call: &Call<'_>) -> Self {
        let received = call.received;
        let content_type = call.header("content-type").unwrap_or_default().to_ascii_lowercase();
        let json = match serde_json::from_str::<Value>(&received.body) {
            Ok(Value::Object(map)) => Some(map),
            _ => None,
        };
        // Undecodable input yields no fields, and so each gateway's own "missing field" answer.
        let mut pairs: Vec<(String, String)> = serde_urlencoded::from_str(&received.query).unwrap_or_default();
        if json.is_none() {
            match boundary(&content_type) {
                Some(boundary) => pairs.extend(multipart_fields(&received.body, &boundary)),
                None => pairs
                    .extend(serde_urlencoded::from_str::<Vec<(String, String)>>(&received.body).unwrap_or_default()),
            }
        }
        Fields { json, pairs }
    }

    /// Only the query string: for GET calls and for bodies that are not fields.
    pub fn query(received: &Received) -> Self {
        Fields { json: None, pairs: serde_urlencoded::from_str(&received.query).unwrap_or_default() }
    }

    pub fn is_json(&self) -> bool {
        self.json.is_some()
    }

    pub fn value(&self, name: &str) -> Option<&Value> {
        let json = self.json.as_ref()?;
        json.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v)
    }

    /// A string, or a number or boolean written as one; empty values count as absent.
    pub fn text(&self, name: &str) -> Option<String> {
        let from_json = self.value(name).and_then(|v| match v {
            Value::String(s) => Some(s.trim().to_owned()),
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        });
        let from_form =
            || self.pairs.iter().rev().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.trim().to_owned());
        from_json.or_else(from_form).filter(|v| !v.is_empty())
    }

    /// An integer sent as a number or a string of digits (Tara sends its amount as a string).
    pub fn integer(&self, name: &str) -> Option<i64> {
        match self.value(name) {
            Some(Value::Number(n)) => n.as_i64(),
            _ => self.text(name)?.parse().ok(),
        }
    }

    pub fn flag(&self, name: &str) -> bool {
        self.text(name).is_some_and(|v| v.eq_ignore_ascii_case("true") || v == "1")
    }
}

fn boundary(content_type: &str) -> Option<String> {
    if !content_type.starts_with("multipart/form-data") {
        return None;
    }
    let value = content_type.split(';').find_map(|part| part.trim().strip_prefix("boundary="))?;
    Some(value.trim_matches('"').to_owned())
}

/// Text fields of a multipart/form-data body (Digipay's token call is multipart).
fn multipart_fields(body: &str, boundary: &str) -> Vec<(String, String)> {
    let delimiter = format!("--{boundary}");
    body.split(delimiter.as_str())
        .filter_map(|part| {
            let part = part.strip_prefix("\r\n")?;
            let (head, value) = part.split_once("\r\n\r\n")?;
            let disposition = head.lines().find(|l| l.to_ascii_lowercase().starts_with("content-disposition:"))?;
            let name = disposition.split(';').find_map(|p| p.trim().strip_prefix("name="))?;
            Some((name.trim_matches('"').to_owned(), value.strip_suffix("\r\n").unwrap_or(value).to_owned()))
        })
        .collect()
}

/// The bearer token of `Authorization`, if any.
pub(crate) fn bearer(call: &Call<'_>) -> Option<String> {
    let header = call.header("authorization")?;
    let (scheme, token) = header.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then(|| token.to_owned())
}

/// `Authorization: Basic base64(id:secret)`, decoded.
pub(crate) fn basic(call: &Call<'_>) -> Option<(String, String)> {
    let header = call.header("authorization")?;
    let (scheme, encoded) = header.split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return None;
    }
    let decoded = base64::engine::general_purpose::STANDARD.decode(encoded.trim()).ok()?;
    let text = String::from_utf8(decoded).ok()?;
    let (id, secret) = text.split_once(':')?;
    Some((id.to_owned(), secret.to_owned()))
}

/// A credential the simulator accepts: present, and not the magic refused one.
pub(crate) fn accepted(credential: Option<&str>) -> bool {
    credential.is_some_and(|c| !c.trim().is_empty() && c.trim() != test_values::INVALID_CREDENTIAL)
}

/// 32 hex digits: paymentCode, token, paymentToken …
pub(crate) fn new_token() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// http(s) URLs only, as every gateway checks the merchant's return address.
pub(crate) fn is_web_url(raw: &str) -> bool {
    url::Url::parse(raw).is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some())
}

/// `603799******1234`, as gateways show the card.
pub(crate) fn masked_card() -> String {
    let card = test_values::TEST_CARD;
    format!("{}******{}", &card[..6], &card[card.len() - 4..])
}

/// SHA-256 of the card number, upper-case hex (SEP's HashedCardNumber, Vandar's cid …).
pub(crate) fn card_hash() -> String {
    hex::encode_upper(Sha256::digest(test_values::TEST_CARD.as_bytes()))
}

/// `2026-03-01T08:30:00.123Z`
pub(crate) fn iso_utc(ms: u64) -> String {
    let (date, (h, m, s)) = civil(ms / 1000);
    format!("{date}T{h:02}:{m:02}:{s:02}.{:03}Z", ms % 1000)
}

/// `2026-03-01 12:00:00` in Tehran time (UTC+03:30; Iran keeps no summer time since 2022).
pub(crate) fn tehran_datetime(ms: u64) -> String {
    let (date, (h, m, s)) = civil(ms / 1000 + 3 * 3600 + 30 * 60);
    format!("{date} {h:02}:{m:02}:{s:02}")
}

/// `YYYY-MM-DD` and the time of day of a Unix time (Howard Hinnant's days-to-civil).
fn civil(secs: u64) -> (String, (u64, u64, u64)) {
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (format!("{year:04}-{month:02}-{day:02}"), (rem / 3600, rem % 3600 / 60, rem % 60))
}

/// `url` with `fields` added to its query string (GET callbacks).
pub(crate) fn with_query(raw: &str, fields: &[(String, String)]) -> String {
    match url::Url::parse(raw) {
        Ok(mut url) => {
            url.query_pairs_mut().extend_pairs(fields);
            url.to_string()
        }
        // Create calls refuse such URLs; this only keeps a stored one usable.
        Err(_) => raw.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil() {
        assert_eq!(iso_utc(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(iso_utc(1_709_251_200_123), "2024-03-01T00:00:00.123Z");
        assert_eq!(tehran_datetime(1_709_251_200_000), "2024-03-01 03:30:00");
    }

    #[test]
    fn multipart_fields_are_read() {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"username\"\r\n\r\nali\r\n--XyZ\r\n\
                    Content-Disposition: form-data; name=\"grant_type\"\r\n\r\npassword\r\n--XyZ--\r\n";
        let fields = multipart_fields(body, "XyZ");
        assert_eq!(fields, vec![("username".into(), "ali".into()), ("grant_type".into(), "password".into())]);
        assert_eq!(boundary("multipart/form-data; boundary=\"XyZ\"").as_deref(), Some("XyZ"));
    }

    #[test]
    fn cards_are_masked_and_hashed() {
        assert_eq!(masked_card(), "603799******1234");
        assert_eq!(card_hash().len(), 64);
    }

    #[test]
    fn query_fields_join_an_existing_query() {
        let url = with_query("http://shop.test/cb?order=7", &[("token".into(), "a b".into())]);
        assert_eq!(url, "http://shop.test/cb?order=7&token=a+b");
    }
}
