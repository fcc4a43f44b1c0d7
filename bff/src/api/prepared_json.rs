//! A JSON reply serialised once and sent as is many times (the catalogue's cached replies), documented in the
//! OpenAPI schema as the type it was made from.
use std::marker::PhantomData;

use bytes::Bytes;
use poem::{IntoResponse, Response};
use poem_openapi::{
    payload::Payload,
    registry::{MetaSchemaRef, Registry},
    types::{ToJSON, Type},
};

pub struct PreparedJson<T> {
    body: Bytes,
    of: PhantomData<fn() -> T>,
}

impl<T: ToJSON> PreparedJson<T> {
    /// Serialises `value` the way `Json<T>` would.
    pub fn of(value: &T) -> Self {
        let json = value.to_json().unwrap_or_default();
        PreparedJson { body: Bytes::from(json.to_string()), of: PhantomData }
    }
}

impl<T> PreparedJson<T> {
    /// Bytes made by [`PreparedJson::of`] for the same `T`.
    pub fn from_body(body: Bytes) -> Self {
        PreparedJson { body, of: PhantomData }
    }

    pub fn body(&self) -> &Bytes {
        &self.body
    }
}

impl<T> Clone for PreparedJson<T> {
    fn clone(&self) -> Self {
        PreparedJson { body: self.body.clone(), of: PhantomData }
    }
}

impl<T: Type> Payload for PreparedJson<T> {
    const CONTENT_TYPE: &'static str = "application/json; charset=utf-8";

    fn schema_ref() -> MetaSchemaRef {
        T::schema_ref()
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }
}

impl<T: Type> IntoResponse for PreparedJson<T> {
    fn into_response(self) -> Response {
        Response::builder().content_type(<Self as Payload>::CONTENT_TYPE).body(self.body)
    }
}
