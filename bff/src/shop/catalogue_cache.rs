//! The catalogue from memory, since every landing lists it: each products listing or wizard config is computed once per catalogue
//! version and query, kept serialised with its `ETag`, and dropped when the `catalogue_version` row moves, which
//! every replica reads at most once per `CATALOGUE_RECHECK_MS`. The products themselves are kept the same way, so
//! that a new order prices its basket without reading them.
use std::{
    collections::HashMap,
    future::Future,
    sync::{Arc, Mutex, PoisonError},
    time::{Duration, Instant},
};

use bytes::Bytes;
use sha2::{Digest, Sha256};

use crate::{
    domain::catalogue::Product,
    store::{Db, products},
};

/// More distinct queries than this (a client varying its filter) empty the cache instead of growing it.
const MAX_REPLIES: usize = 256;

/// A reply ready to send: its JSON and the `ETag` naming it.
pub struct Prepared {
    pub body: Bytes,
    pub etag: String,
}

impl Prepared {
    /// The ETag depends on the bytes only, so every replica names the same reply alike.
    fn new(body: Bytes) -> Self {
        let digest = hex::encode(Sha256::digest(&body));
        Prepared { etag: format!("\"{}\"", &digest[..32]), body }
    }

    /// Whether an `If-None-Match` header names this reply (a list, or `*`).
    pub fn matches(&self, if_none_match: Option<&str>) -> bool {
        if_none_match.is_some_and(|header| {
            header.split(',').map(|tag| tag.trim().trim_start_matches("W/")).any(|tag| tag == "*" || tag == self.etag)
        })
    }
}

#[derive(Default)]
struct Held {
    version: Option<i64>,
    checked_at: Option<Instant>,
    replies: HashMap<String, Arc<Prepared>>,
    /// Each service's products by id (the key upper-cased: services are named case-insensitively).
    products: HashMap<String, Arc<HashMap<i64, Product>>>,
}

pub struct CatalogueCache {
    recheck: Duration,
    held: Mutex<Held>,
}

impl CatalogueCache {
    pub fn new(recheck: Duration) -> Self {
        CatalogueCache { recheck, held: Mutex::default() }
    }

    fn held(&self) -> std::sync::MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The catalogue version, read from the database when the last reading is older than `recheck`; a new
    /// version drops every kept reply.
    async fn version(&self, db: &Db) -> anyhow::Result<i64> {
        {
            let held = self.held();
            if let (Some(version), Some(at)) = (held.version, held.checked_at)
                && at.elapsed() < self.recheck
            {
                return Ok(version);
            }
        }
        let version = products::version(db).await?;
        let mut held = self.held();
        if held.version != Some(version) {
            held.replies.clear();
            held.products.clear();
            held.version = Some(version);
        }
        held.checked_at = Some(Instant::now());
        Ok(version)
    }

    /// The kept reply for `key`, or the one `make` computes, kept for later when the version did not move meanwhile.
    pub async fn reply<E, F, Fut>(&self, db: &Db, key: String, make: F) -> Result<Arc<Prepared>, E>
    where
        E: From<anyhow::Error>,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Bytes, E>>,
    {
        self.kept(db, key, |held| &mut held.replies, || async { Ok(Prepared::new(make().await?)) }).await
    }

    /// Every product of `service` by id, as of the catalogue version: read once per version, not per order.
    pub async fn products(&self, db: &Db, service: &str) -> anyhow::Result<Arc<HashMap<i64, Product>>> {
        let by_id = || async {
            let listed = products::list_by_service(db, service).await?;
            Ok::<_, anyhow::Error>(listed.into_iter().map(|product| (product.id, product)).collect())
        };
        self.kept(db, service.to_uppercase(), |held| &mut held.products, by_id).await
    }

    /// The value kept under `key` in the map `pick` names, or the one `make` computes, kept for later when the
    /// version did not move meanwhile (more than [`MAX_REPLIES`] keys empty the map first).
    async fn kept<T, E, F, Fut>(
        &self,
        db: &Db,
        key: String,
        pick: fn(&mut Held) -> &mut HashMap<String, Arc<T>>,
        make: F,
    ) -> Result<Arc<T>, E>
    where
        E: From<anyhow::Error>,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, E>>,
    {
        let version = self.version(db).await?;
        if let Some(kept) = pick(&mut self.held()).get(&key) {
            return Ok(kept.clone());
        }
        let made = Arc::new(make().await?);
        let mut held = self.held();
        if held.version == Some(version) {
            let map = pick(&mut held);
            if map.len() >= MAX_REPLIES {
                map.clear();
            }
            map.insert(key, made.clone());
        }
        Ok(made)
    }
}

#[cfg(test)]
mod tests {
    use super::Prepared;

    #[test]
    fn the_etag_names_the_bytes_and_if_none_match_lists_are_read() {
        let reply = Prepared::new("[1]".into());
        assert_eq!(reply.etag, Prepared::new("[1]".into()).etag, "same bytes, same tag on every replica");
        assert_ne!(reply.etag, Prepared::new("[2]".into()).etag);
        assert!(reply.matches(Some(&reply.etag)));
        assert!(reply.matches(Some(&format!("\"x\", W/{}", reply.etag))));
        assert!(reply.matches(Some("*")));
        assert!(!reply.matches(Some("\"x\"")));
        assert!(!reply.matches(None));
    }
}
