//! Bearer tokens (HS256 JWT, `sub` = customer id) and the keyed hashes that protect stored codes
//! and refresh credentials.
use hmac::{Hmac, Mac};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Claims {
    /// Customer id.
    pub sub: String,
    pub exp: i64,
    pub iat: i64,
    /// Random token id, the key of the logout deny-list. Tokens issued before it existed have none (empty) and
    /// simply expire.
    #[serde(default)]
    pub jti: String,
}

impl Claims {
    pub fn customer_id(&self) -> Option<i64> {
        self.sub.parse().ok()
    }
}

pub struct TokenKeys {
    secret: Vec<u8>,
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    ttl_seconds: i64,
}

impl std::fmt::Debug for TokenKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenKeys").field("ttl_seconds", &self.ttl_seconds).finish_non_exhaustive()
    }
}

impl TokenKeys {
    pub fn new(secret: &[u8], ttl_seconds: i64) -> Self {
        // Only HS256: a token claiming `none` or another algorithm fails validation.
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        // Expiry is checked in `verify` against the rules' clock: with the test clock moved past `exp`, a token
        // expires as it would have in real time (jsonwebtoken reads the system's clock).
        validation.validate_exp = false;
        TokenKeys {
            secret: secret.to_vec(),
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            ttl_seconds,
        }
    }

    pub fn issue(&self, customer_id: i64, now_seconds: i64) -> anyhow::Result<String> {
        self.sign(&Claims {
            sub: customer_id.to_string(),
            iat: now_seconds,
            exp: now_seconds + self.ttl_seconds,
            jti: uuid::Uuid::new_v4().to_string(),
        })
    }

    pub fn sign(&self, claims: &Claims) -> anyhow::Result<String> {
        Ok(jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &self.encoding)?)
    }

    /// A signed, unexpired token whose subject is a customer id; any other subject names nobody.
    pub fn verify(&self, token: &str) -> Result<Claims, jsonwebtoken::errors::Error> {
        let claims = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)?.claims;
        // As jsonwebtoken does with no leeway: valid through its `exp` second.
        if claims.exp < crate::store::now_ms() / 1000 {
            return Err(jsonwebtoken::errors::ErrorKind::ExpiredSignature.into());
        }
        if claims.customer_id().is_none() {
            return Err(jsonwebtoken::errors::ErrorKind::InvalidSubject.into());
        }
        Ok(claims)
    }

    fn mac(&self, parts: &[&str]) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.secret).expect("HMAC takes keys of any length");
        for part in parts {
            mac.update(part.as_bytes());
            mac.update(&[0]);
        }
        mac
    }

    /// Hex HMAC-SHA256 of the parts under the service secret.
    pub fn keyed_hash(&self, parts: &[&str]) -> String {
        hex::encode(self.mac(parts).finalize().into_bytes())
    }

    /// Constant-time comparison with a stored keyed hash.
    pub fn hash_matches(&self, parts: &[&str], expected_hex: &str) -> bool {
        hex::decode(expected_hex).is_ok_and(|expected| self.mac(parts).verify_slice(&expected).is_ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> i64 {
        crate::store::now_ms() / 1000
    }

    #[test]
    fn issued_tokens_verify_and_carry_the_customer() {
        let keys = TokenKeys::new(b"secret", 900);
        let token = keys.issue(42, now()).unwrap();
        assert_eq!(keys.verify(&token).unwrap().customer_id(), Some(42));
        let (first, second) = (keys.verify(&token).unwrap(), keys.verify(&keys.issue(42, now()).unwrap()).unwrap());
        assert!(!first.jti.is_empty());
        assert_ne!(first.jti, second.jti, "each token has its own id");
    }

    #[test]
    fn expired_and_foreign_tokens_fail() {
        let keys = TokenKeys::new(b"secret", 900);
        assert!(keys.verify(&keys.issue(42, now() - 901).unwrap()).is_err(), "expired");
        let other = TokenKeys::new(b"other", 900);
        assert!(keys.verify(&other.issue(42, now()).unwrap()).is_err(), "signed with another key");
    }

    #[test]
    fn a_subject_that_is_not_a_customer_id_fails() {
        let keys = TokenKeys::new(b"secret", 900);
        for sub in ["admin", "", "42a", "4.2"] {
            let claims = Claims { sub: sub.into(), exp: now() + 900, iat: now(), jti: "id".into() };
            assert!(keys.verify(&keys.sign(&claims).unwrap()).is_err(), "{sub:?}");
        }
    }

    #[test]
    fn keyed_hashes_compare_in_constant_time() {
        let keys = TokenKeys::new(b"secret", 900);
        let hash = keys.keyed_hash(&["id", "123456"]);
        assert!(keys.hash_matches(&["id", "123456"], &hash));
        assert!(!keys.hash_matches(&["id", "123457"], &hash));
        assert!(!keys.hash_matches(&["id1", "23456"], &hash), "parts are separated");
    }
}
