//! What a customer's browser does on a simulated hosted payment page, for tests that have no
//! real browser: open the page, press one of its buttons, and hand back the request that would
//! carry the callback to the merchant (a redirect to follow, or an auto-submitted form).
//!
//! ```no_run
//! # async fn demo(payment_url: String) -> anyhow::Result<()> {
//! use limoo_simulators::browser::{self, Navigation};
//! use limoo_simulators::PageAction;
//! let client = reqwest::Client::new();
//! if let Some(callback) = browser::press(Navigation::get(&payment_url), PageAction::Pay).await? {
//!     let merchant_answer = callback.send(&client).await?;
//! }
//! # Ok(()) }
//! ```

use anyhow::{Context as _, bail};
use reqwest::StatusCode;

pub use crate::payment::PageAction;

/// A request the browser is about to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Navigation {
    /// `GET` or `POST`.
    pub method: String,
    pub url: String,
    /// Form fields of a POST (urlencoded); empty for a GET.
    pub form: Vec<(String, String)>,
}

impl Navigation {
    pub fn get(url: &str) -> Self {
        Navigation { method: "GET".to_owned(), url: url.to_owned(), form: Vec::new() }
    }

    /// A form POST, as Tara's `ipgPurchase` and SEP's `OnlinePG` pages are entered.
    pub fn post(url: &str, form: &[(&str, &str)]) -> Self {
        let form = form.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        Navigation { method: "POST".to_owned(), url: url.to_owned(), form }
    }

    /// The callback's fields however carried: the query of a GET, the form of a POST.
    pub fn fields(&self) -> Vec<(String, String)> {
        if self.method == "POST" {
            return self.form.clone();
        }
        let query = url::Url::parse(&self.url).map(|u| u.query_pairs().into_owned().collect());
        query.unwrap_or_default()
    }

    pub fn field(&self, name: &str) -> Option<String> {
        self.fields().into_iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    /// Makes the request with `client` (which decides about following redirects).
    pub async fn send(&self, client: &reqwest::Client) -> reqwest::Result<reqwest::Response> {
        if self.method == "POST" {
            client.post(&self.url).form(&self.form).send().await
        } else {
            client.get(&self.url).send().await
        }
    }
}

/// Opens the hosted page `entry` leads to and presses `action`. Returns the callback request
/// the gateway sends the browser on, or `None` when the browser stays (a Gumroad receipt).
pub async fn press(entry: Navigation, action: PageAction) -> anyhow::Result<Option<Navigation>> {
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build()?;
    let (page_url, html) = open(&client, entry).await?;
    let buttons = form(&html, "sim-page").with_context(|| format!("no payment page at {page_url}: {html}"))?;
    let action_url = resolve(&page_url, &buttons.url)?;
    let response = client.post(&action_url).form(&[("action", action.name())]).send().await?;
    let status = response.status();
    if status.is_redirection() {
        let location = location(&response).context("a redirect without Location")?;
        return Ok(Some(Navigation::get(&resolve(&action_url, &location)?)));
    }
    let html = response.text().await?;
    if !status.is_success() {
        bail!("pressing {} answered {status}: {html}", action.name());
    }
    match form(&html, "callback") {
        Some(callback) => Ok(Some(Navigation { url: resolve(&action_url, &callback.url)?, ..callback })),
        None => Ok(None),
    }
}

/// Follows redirects to the page itself; its URL and HTML.
async fn open(client: &reqwest::Client, entry: Navigation) -> anyhow::Result<(String, String)> {
    let mut next = entry;
    for _ in 0..5 {
        let response = next.send(client).await?;
        let status = response.status();
        if status.is_redirection() {
            let location = location(&response).context("a redirect without Location")?;
            next = Navigation::get(&resolve(&next.url, &location)?);
            continue;
        }
        let html = response.text().await?;
        if status != StatusCode::OK {
            bail!("the payment page {} answered {status}: {html}", next.url);
        }
        return Ok((next.url, html));
    }
    bail!("too many redirects from {}", next.url)
}

fn location(response: &reqwest::Response) -> Option<String> {
    response.headers().get("location").and_then(|v| v.to_str().ok()).map(str::to_owned)
}

fn resolve(base: &str, target: &str) -> anyhow::Result<String> {
    Ok(url::Url::parse(base)?.join(target)?.to_string())
}

/// Submitting the form with this `id` in one of the simulator's pages: its method, action (as
/// written) and hidden fields.
fn form(html: &str, id: &str) -> Option<Navigation> {
    let start = html.find(&format!("<form id=\"{id}\""))?;
    let rest = &html[start..];
    let form = &rest[..rest.find("</form>")?];
    let tag = &form[..form.find('>')?];
    let method = attribute(tag, "method").unwrap_or_else(|| "get".to_owned()).to_uppercase();
    let action = attribute(tag, "action")?;
    let fields = form
        .split("<input ")
        .skip(1)
        .filter_map(|input| {
            let tag = &input[..input.find('>')?];
            (attribute(tag, "type").as_deref() == Some("hidden"))
                .then(|| Some((attribute(tag, "name")?, attribute(tag, "value")?)))?
        })
        .collect();
    Some(Navigation { method, url: action, form: fields })
}

/// `name="value"` inside a tag's text (which may start right at the first attribute).
fn attribute(tag: &str, name: &str) -> Option<String> {
    let tag = format!(" {tag}");
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let value = &tag[start..];
    Some(unescape(&value[..value.find('"')?]))
}

fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payment::page::{self, Lang};

    #[test]
    fn auto_post_pages_read_back_exactly() {
        let fields = vec![("data".to_owned(), "{\"a\":\"<&>\"}".to_owned()), ("status".to_owned(), "1".to_owned())];
        let html = page::auto_post(Lang::Fa, "http://shop.test/cb?x=1&y=2", &fields);
        let read = form(&html, "callback").expect("form found");
        assert_eq!(read.method, "POST");
        assert_eq!(read.url, "http://shop.test/cb?x=1&y=2");
        assert_eq!(read.form, fields);
    }
}
