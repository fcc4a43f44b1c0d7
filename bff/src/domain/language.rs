//! The languages the shop writes in: Persian, the default, and Turkish.

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Language {
    #[default]
    Persian,
    Turkish,
}

impl Language {
    /// The first language of an `Accept-Language` value that the shop writes in (quality values are not weighed:
    /// the web app names the one language its page shows); Persian when it names none.
    pub fn from_accept_language(header: Option<&str>) -> Self {
        header
            .into_iter()
            .flat_map(|value| value.split(','))
            .filter_map(|range| Self::from_tag(range.split(';').next().unwrap_or_default()))
            .next()
            .unwrap_or_default()
    }

    /// `fa`, `tr`, `tr-TR`, … (any region); `None` for a language the shop does not write in.
    pub fn from_tag(tag: &str) -> Option<Self> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or_default();
        if primary.eq_ignore_ascii_case("fa") {
            Some(Language::Persian)
        } else if primary.eq_ignore_ascii_case("tr") {
            Some(Language::Turkish)
        } else {
            None
        }
    }

    pub fn tag(self) -> &'static str {
        match self {
            Language::Persian => "fa",
            Language::Turkish => "tr",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_language_the_shop_writes_in_is_taken() {
        assert_eq!(Language::from_accept_language(Some("tr")), Language::Turkish);
        assert_eq!(Language::from_accept_language(Some("en-US,tr-TR;q=0.8,fa;q=0.5")), Language::Turkish);
        assert_eq!(Language::from_accept_language(Some(" FA-IR ")), Language::Persian);
        assert_eq!(Language::from_accept_language(Some("de, en")), Language::Persian);
        assert_eq!(Language::from_accept_language(Some("")), Language::Persian);
        assert_eq!(Language::from_accept_language(None), Language::Persian);
        assert_eq!(Language::from_tag("trx"), None);
    }
}
