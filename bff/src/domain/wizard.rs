//! Wizard configs of select-package-f: pages of product options with their display settings and
//! showIf conditions (spec 2 §2, §3). Stored as JSON; checked against the catalogue when loaded.
use std::collections::{BTreeMap, BTreeSet};

use poem_openapi::{Enum, Object};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Language;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum MediaType {
    Image,
    Video,
    Audio,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum BulletsStyle {
    Check,
    Dot,
}

/// Media above a page's options; files are served by the web app (`/media/…`).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TopContent {
    pub media_type: MediaType,
    pub media_url: String,
    /// Poster of a video.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preview_image: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
}

/// The heading above the options; the page shows `انتخاب دوره` when there is no title.
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MiddleContent {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
}

/// The description block an option can open.
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OptionDescription {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paragraph: Option<String>,
    #[serde(default)]
    pub bullets: Vec<String>,
    pub bullets_style: BulletsStyle,
    pub show_title: bool,
    pub show_subtitle: bool,
    pub show_paragraph: bool,
    pub show_bullets: bool,
}

/// How an option card looks.
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OptionUi {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top_left_badge: Option<String>,
    pub show_left_badge: bool,
    pub show_original_price: bool,
    pub show_final_price: bool,
    pub show_currency: bool,
    pub show_plus_sign: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<OptionDescription>,
}

/// One choosable product on a page.
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WizardOption {
    pub product_id: i64,
    pub ui: OptionUi,
    /// Shown only when, for every entry, the product chosen on that earlier page (number as text)
    /// is the given product id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_if: Option<BTreeMap<String, i64>>,
}

#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WizardPage {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top_content: Option<TopContent>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub middle_content: Option<MiddleContent>,
    pub options: Vec<WizardOption>,
    /// An add-on page (the mentor): the customer may go on without any of its options. The app then offers
    /// "without" first, so it is the default choice and nothing extra is bought unless chosen.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[oai(default)]
    pub optional: bool,
}

/// A wizard as stored: its pages and free-form page settings; the products come from the catalogue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WizardConfig {
    pub id: String,
    pub products_tag: String,
    pub pages: Vec<WizardPage>,
    #[serde(default)]
    pub config: BTreeMap<String, Value>,
    /// The pages again with their texts in another language, by language tag (`tr`): the same options of the same
    /// products in the same order, only the headings, titles, descriptions and badges differ. A page of that language
    /// is served these.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub translations: BTreeMap<String, Vec<WizardPage>>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WizardConfigError {
    #[error("{config}: a wizard needs at least one page, and every page at least one option")]
    Empty { config: String },
    #[error("{config}: page {page} offers product {product}, which is not in the catalogue")]
    UnknownProduct { config: String, page: usize, product: i64 },
    #[error("{config}: a showIf on page {page} names `{key}`, which is not an earlier page")]
    BadShowIfPage { config: String, page: usize, key: String },
    #[error("{config}: a showIf on page {page} waits for product {product}, which page {on} does not offer")]
    BadShowIfProduct { config: String, page: usize, on: usize, product: i64 },
    #[error("{config}: the `{language}` pages offer other options than the pages they translate")]
    TranslationDiffers { config: String, language: String },
    #[error("{config}: `{language}` is not a language the shop writes in")]
    UnknownLanguage { config: String, language: String },
}

/// Whether two pages offer the same, apart from their texts: the same products in order, with the same conditions,
/// both optional or neither.
fn same_offer(a: &WizardPage, b: &WizardPage) -> bool {
    a.optional == b.optional
        && a.options.iter().map(|o| (o.product_id, &o.show_if)).eq(b.options.iter().map(|o| (o.product_id, &o.show_if)))
}

impl WizardConfig {
    /// Every product id the options refer to, in page order without repeats.
    pub fn product_ids(&self) -> Vec<i64> {
        let mut seen = BTreeSet::new();
        self.pages
            .iter()
            .flat_map(|page| &page.options)
            .map(|option| option.product_id)
            .filter(|id| seen.insert(*id))
            .collect()
    }

    /// The pages with their texts in `language`: its translation when the config has one, else the pages as written.
    pub fn pages_in(&self, language: Language) -> &[WizardPage] {
        self.translations.get(language.tag()).unwrap_or(&self.pages)
    }

    /// Checks that every option's product exists, that every showIf names an earlier page and a
    /// product that page offers, and that every translation offers what the pages offer.
    pub fn validate(&self, catalogue_ids: &BTreeSet<i64>) -> Result<(), WizardConfigError> {
        let config = || self.id.clone();
        for (language, pages) in &self.translations {
            if Language::from_tag(language).is_none_or(|known| known.tag() != language) {
                return Err(WizardConfigError::UnknownLanguage { config: config(), language: language.clone() });
            }
            if pages.len() != self.pages.len() || !pages.iter().zip(&self.pages).all(|(a, b)| same_offer(a, b)) {
                return Err(WizardConfigError::TranslationDiffers { config: config(), language: language.clone() });
            }
        }
        if self.pages.is_empty() || self.pages.iter().any(|page| page.options.is_empty()) {
            return Err(WizardConfigError::Empty { config: config() });
        }
        for (index, page) in self.pages.iter().enumerate() {
            let number = index + 1;
            for option in &page.options {
                if !catalogue_ids.contains(&option.product_id) {
                    return Err(WizardConfigError::UnknownProduct {
                        config: config(),
                        page: number,
                        product: option.product_id,
                    });
                }
                for (key, product) in option.show_if.iter().flatten() {
                    let on = key.parse::<usize>().ok().filter(|on| (1..number).contains(on)).ok_or_else(|| {
                        WizardConfigError::BadShowIfPage { config: config(), page: number, key: key.clone() }
                    })?;
                    if !self.pages[on - 1].options.iter().any(|o| o.product_id == *product) {
                        return Err(WizardConfigError::BadShowIfProduct {
                            config: config(),
                            page: number,
                            on,
                            product: *product,
                        });
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn option(product_id: i64, show_if: Option<(&str, i64)>) -> WizardOption {
        WizardOption {
            product_id,
            ui: OptionUi {
                title: format!("option {product_id}"),
                subtitle: None,
                top_left_badge: None,
                show_left_badge: false,
                show_original_price: true,
                show_final_price: true,
                show_currency: true,
                show_plus_sign: false,
                description: None,
            },
            show_if: show_if.map(|(page, id)| BTreeMap::from([(page.to_owned(), id)])),
        }
    }

    fn wizard(pages: Vec<Vec<WizardOption>>) -> WizardConfig {
        WizardConfig {
            id: "TEST".into(),
            products_tag: "DIET".into(),
            pages: pages
                .into_iter()
                .map(|options| WizardPage { top_content: None, middle_content: None, options, optional: false })
                .collect(),
            config: BTreeMap::new(),
            translations: BTreeMap::new(),
        }
    }

    fn catalogue() -> BTreeSet<i64> {
        BTreeSet::from([101, 102, 151, 152])
    }

    #[test]
    fn a_two_page_wizard_with_show_if_on_page_one_is_valid() {
        let config = wizard(vec![vec![option(101, None), option(102, None)], vec![option(151, Some(("1", 101)))]]);
        assert_eq!(config.validate(&catalogue()), Ok(()));
        assert_eq!(config.product_ids(), vec![101, 102, 151]);
    }

    #[test]
    fn unknown_products_and_bad_show_if_are_refused() {
        let unknown = wizard(vec![vec![option(999, None)]]);
        assert!(matches!(unknown.validate(&catalogue()), Err(WizardConfigError::UnknownProduct { product: 999, .. })));
        let same_page = wizard(vec![vec![option(101, Some(("1", 101)))]]);
        assert!(matches!(same_page.validate(&catalogue()), Err(WizardConfigError::BadShowIfPage { .. })));
        let not_offered = wizard(vec![vec![option(101, None)], vec![option(151, Some(("1", 102)))]]);
        assert!(matches!(not_offered.validate(&catalogue()), Err(WizardConfigError::BadShowIfProduct { .. })));
        assert!(matches!(wizard(vec![]).validate(&catalogue()), Err(WizardConfigError::Empty { .. })));
    }

    #[test]
    fn a_page_of_a_translated_language_gets_the_translated_pages_which_offer_the_same_options() {
        let mut config = wizard(vec![vec![option(101, None), option(102, None)]]);
        let mut turkish = config.pages.clone();
        turkish[0].options[0].ui.title = "Bir aylık diyet".into();
        config.translations.insert("tr".into(), turkish);
        assert_eq!(config.validate(&catalogue()), Ok(()));
        assert_eq!(config.pages_in(Language::Turkish)[0].options[0].ui.title, "Bir aylık diyet");
        assert_eq!(config.pages_in(Language::Persian)[0].options[0].ui.title, "option 101");

        let mut reordered = config.clone();
        reordered.translations.get_mut("tr").unwrap()[0].options.reverse();
        assert!(matches!(reordered.validate(&catalogue()), Err(WizardConfigError::TranslationDiffers { .. })));
        let mut unknown = config.clone();
        unknown.translations.insert("TR".into(), config.pages.clone());
        assert!(matches!(unknown.validate(&catalogue()), Err(WizardConfigError::UnknownLanguage { .. })));
    }
}
