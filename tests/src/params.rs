//! The values the features name, as cucumber parameters: a step says `{mobile}`, `{product}`, `{products}` or
//! `{toman}` and receives the parsed value, so no step captures a string and parses it itself.
use std::{convert::Infallible, fmt, ops::Deref, str::FromStr};

use cucumber::Parameter;
use rust_persian_tools::{commas, digits};
use serde::Serialize;

/// A customer's mobile as the features write it, quoted: Iranian `"09121234567"` or foreign `"+905321234567"`.
/// Malformed numbers a scenario types on purpose stay `{string}`.
#[derive(Debug, Clone, PartialEq, Eq, Parameter)]
#[param(name = "mobile", regex = r#""(09\d{9}|\+[1-9]\d{9,14})""#)]
pub struct Mobile(String);

impl FromStr for Mobile {
    type Err = Infallible;

    /// The expression's regex already checked the shape.
    fn from_str(mobile: &str) -> Result<Self, Self::Err> {
        Ok(Self(mobile.to_owned()))
    }
}

impl Deref for Mobile {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Mobile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A catalogue product by its id, as the features write it after «محصول» or «گزینه»: `101`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Parameter, Serialize)]
#[serde(transparent)]
#[param(name = "product", regex = r"\d+")]
pub struct Product(pub i64);

impl FromStr for Product {
    type Err = std::num::ParseIntError;

    fn from_str(id: &str) -> Result<Self, Self::Err> {
        id.parse().map(Self)
    }
}

impl Deref for Product {
    type Target = i64;

    fn deref(&self) -> &i64 {
        &self.0
    }
}

impl fmt::Display for Product {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Catalogue products by id, in order, as the features write a basket or a list on screen: quoted and separated by
/// commas, `"101, 151"` (one product is a list too: `"101"`, and `""` is none).
#[derive(Debug, Clone, PartialEq, Eq, Parameter, Serialize)]
#[serde(transparent)]
#[param(name = "products", regex = r#""((?:\d+(?:, *\d+)*)?)""#)]
pub struct Products(pub Vec<i64>);

impl FromStr for Products {
    type Err = std::num::ParseIntError;

    fn from_str(ids: &str) -> Result<Self, Self::Err> {
        ids.split(',').map(str::trim).filter(|id| !id.is_empty()).map(str::parse).collect::<Result<_, _>>().map(Self)
    }
}

impl Deref for Products {
    type Target = [i64];

    fn deref(&self) -> &[i64] {
        &self.0
    }
}

/// The list as the features write it: `101, 151`.
impl fmt::Display for Products {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<String> = self.0.iter().map(i64::to_string).collect();
        f.write_str(&ids.join(", "))
    }
}

/// An amount in toman with its unit, as the features write it: as the app shows it, quoted, in Persian digits
/// with `٬` between thousands (`"۱٬۲۸۰٬۰۰۰ تومان"`), or as a plain number (`1032000 تومان`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Parameter)]
#[param(name = "toman", regex = r#""([0-9۰-۹][0-9۰-۹٬,]*) تومان"|([0-9]+) تومان"#)]
pub struct Toman(pub i64);

impl FromStr for Toman {
    type Err = std::num::ParseIntError;

    fn from_str(amount: &str) -> Result<Self, Self::Err> {
        let plain: String = digits::fa_to_en(amount).chars().filter(|c| !matches!(c, '٬' | ',')).collect();
        plain.parse().map(Self)
    }
}

impl Deref for Toman {
    type Target = i64;

    fn deref(&self) -> &i64 {
        &self.0
    }
}

/// The amount as the web app shows it: `۱٬۲۸۰٬۰۰۰ تومان`.
impl fmt::Display for Toman {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let grouped = digits::en_to_fa(commas::add_commas(self.0.to_string())).replace(',', "٬");
        write!(f, "{grouped} تومان")
    }
}
