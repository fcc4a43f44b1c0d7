//! The simulated hosted payment page (Persian, right-to-left, fit for a 390 px phone; English
//! for Gumroad), the auto-submitting page that carries a POST callback, and plain notices.
//!
//! Forms are written in one fixed shape (`<form id method action>`, hidden inputs, submit
//! buttons named `action`) so [`crate::browser`] can act on them without an HTML parser.

use crate::payment::{PageAction, Unit};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lang {
    Fa,
    En,
}

struct Texts {
    dir: &'static str,
    lang: &'static str,
    simulated: &'static str,
    amount: &'static str,
    order: &'static str,
    description: &'static str,
    expired: &'static str,
    returning: &'static str,
}

const FA: Texts = Texts {
    dir: "rtl",
    lang: "fa",
    simulated: "این صفحه شبیه‌ساز درگاه است و پولی جابه‌جا نمی‌شود.",
    amount: "مبلغ",
    order: "شماره پرداخت پذیرنده",
    description: "شرح پذیرنده",
    expired: "مهلت این پرداخت به پایان رسیده است.",
    returning: "در حال بازگشت به سایت پذیرنده…",
};

const EN: Texts = Texts {
    dir: "ltr",
    lang: "en",
    simulated: "Simulated checkout: no money moves.",
    amount: "Price",
    order: "Product",
    description: "Description",
    expired: "This checkout has expired.",
    returning: "Returning to the seller…",
};

impl Lang {
    fn texts(self) -> &'static Texts {
        match self {
            Lang::Fa => &FA,
            Lang::En => &EN,
        }
    }

    fn button(self, action: PageAction) -> &'static str {
        match (self, action) {
            (Lang::Fa, PageAction::Pay) => "پرداخت",
            (Lang::Fa, PageAction::Cancel) => "انصراف",
            (Lang::Fa, PageAction::Decline) => "رد شدن پرداخت (موجودی یا اعتبار ناکافی)",
            (Lang::Fa, PageAction::LetExpire) => "منقضی شدن مهلت صفحه",
            (Lang::Fa, PageAction::Return) => "بازگشت به سایت پذیرنده",
            (Lang::En, PageAction::Pay) => "Pay",
            (Lang::En, PageAction::Cancel) => "Cancel",
            (Lang::En, PageAction::Decline) => "Decline the card",
            (Lang::En, PageAction::LetExpire) => "Let the checkout expire",
            (Lang::En, PageAction::Return) => "Back to the seller",
        }
    }
}

/// One gateway's hosted page for one payment.
pub(crate) struct HostedPage<'a> {
    pub lang: Lang,
    /// e.g. "درگاه پرداخت وندار".
    pub title: &'a str,
    pub amount: i64,
    pub unit: Unit,
    pub order_ref: &'a str,
    /// What the merchant wrote about the payment (its order), empty when the protocol carries none.
    pub description: &'a str,
    /// Where the buttons post `action=…`.
    pub action_url: &'a str,
    /// Show "expired" and only the way back, instead of the four buttons.
    pub expired: bool,
    /// Further label/value rows (instalments, merchant …).
    pub rows: Vec<(&'a str, String)>,
}

impl HostedPage<'_> {
    pub fn render(&self) -> String {
        let t = self.lang.texts();
        let mut rows = vec![(t.amount, format_amount(self.lang, self.amount, self.unit))];
        if !self.order_ref.is_empty() {
            rows.push((t.order, self.order_ref.to_owned()));
        }
        if !self.description.is_empty() {
            rows.push((t.description, self.description.to_owned()));
        }
        rows.extend(self.rows.iter().map(|(label, value)| (*label, value.clone())));
        let rows: String =
            rows.iter().map(|(label, value)| format!("<dt>{}</dt><dd>{}</dd>", escape(label), escape(value))).collect();
        let actions: &[PageAction] = if self.expired {
            &[PageAction::Return]
        } else {
            &[PageAction::Pay, PageAction::Cancel, PageAction::Decline, PageAction::LetExpire]
        };
        let buttons: String = actions
            .iter()
            .map(|action| {
                let class = if *action == PageAction::Pay { " class=\"pay\"" } else { "" };
                format!(
                    "<button type=\"submit\" name=\"action\" value=\"{name}\" data-testid=\"sim-{name}\"{class}>{label}</button>",
                    name = action.name(),
                    label = escape(self.lang.button(*action)),
                )
            })
            .collect();
        let notice =
            if self.expired { format!("<p class=\"expired\" role=\"alert\">{}</p>", t.expired) } else { String::new() };
        let body = format!(
            "<h1>{title}</h1><p class=\"sim\">{simulated}</p>{notice}<dl>{rows}</dl>\
             <form id=\"sim-page\" method=\"post\" action=\"{action}\">{buttons}</form>",
            title = escape(self.title),
            simulated = t.simulated,
            action = escape(self.action_url),
        );
        document(self.lang, self.title, &body, "")
    }
}

/// A page whose form POSTs `fields` to `url` as soon as it loads; the button is for browsers
/// without JavaScript.
pub(crate) fn auto_post(lang: Lang, url: &str, fields: &[(String, String)]) -> String {
    let inputs: String = fields
        .iter()
        .map(|(name, value)| format!("<input type=\"hidden\" name=\"{}\" value=\"{}\">", escape(name), escape(value)))
        .collect();
    let t = lang.texts();
    let body = format!(
        "<p>{returning}</p><form id=\"callback\" method=\"post\" action=\"{action}\">{inputs}\
         <button type=\"submit\" class=\"pay\" data-testid=\"sim-return\">{label}</button></form>",
        returning = t.returning,
        action = escape(url),
        label = escape(lang.button(PageAction::Return)),
    );
    document(lang, t.returning, &body, "<script>document.getElementById('callback').submit();</script>")
}

/// A page that only says something (receipt, unknown payment).
pub(crate) fn notice(lang: Lang, title: &str, message: &str) -> String {
    let body = format!("<h1>{}</h1><p>{}</p>", escape(title), escape(message));
    document(lang, title, &body, "")
}

/// The pages declare an empty icon, so a browser asks no `/favicon.ico` the simulators do not serve.
pub(crate) const NO_ICON: &str = "data:,";

fn document(lang: Lang, title: &str, body: &str, script: &str) -> String {
    let t = lang.texts();
    format!(
        "<!doctype html><html lang=\"{lang}\" dir=\"{dir}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title>\
         <link rel=\"icon\" href=\"{NO_ICON}\">\
         <style>{STYLE}</style></head><body><main><div class=\"card\">{body}</div></main>{script}</body></html>",
        lang = t.lang,
        dir = t.dir,
        title = escape(title),
    )
}

const STYLE: &str = "*{box-sizing:border-box}body{margin:0;font-family:Tahoma,Vazirmatn,sans-serif;\
background:#f3f5f7;color:#1d2530;line-height:1.6}main{max-width:420px;margin:0 auto;padding:16px}\
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.12)}\
h1{font-size:1.15rem;margin:0 0 12px}.sim{font-size:.85rem;background:#fff3d6;color:#6b4a00;\
padding:8px 10px;border-radius:8px}.expired{color:#a11c1c;font-weight:bold}\
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 12px;margin:16px 0}dt{color:#5a6573}\
dd{margin:0;font-weight:bold;overflow-wrap:anywhere}button{display:block;width:100%;min-height:48px;\
margin:8px 0;font:inherit;font-size:1rem;border:1px solid #c6cfd9;border-radius:10px;background:#fff;\
color:inherit;cursor:pointer}button.pay{background:#0b7a3b;border-color:#0b7a3b;color:#fff}";

/// `۱٬۲۵۰٬۰۰۰ ریال`, or `$10.00` for US cents.
pub(crate) fn format_amount(lang: Lang, amount: i64, unit: Unit) -> String {
    match unit {
        Unit::UsCents => format!("${}.{:02}", amount / 100, (amount % 100).abs()),
        Unit::Rial | Unit::Toman => {
            let grouped = group_thousands(amount);
            let name = if unit == Unit::Rial { "ریال" } else { "تومان" };
            match lang {
                Lang::Fa => format!("{} {name}", persian_digits(&grouped.replace(',', "٬"))),
                Lang::En => format!("{grouped} {}", if unit == Unit::Rial { "IRR" } else { "IRT" }),
            }
        }
    }
}

fn group_thousands(amount: i64) -> String {
    let digits = amount.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if amount < 0 { format!("-{out}") } else { out }
}

pub(crate) fn persian_digits(text: &str) -> String {
    text.chars().map(|c| c.to_digit(10).and_then(|d| char::from_u32('۰' as u32 + d)).unwrap_or(c)).collect()
}

/// For text and attribute values alike.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_read_as_customers_expect() {
        assert_eq!(format_amount(Lang::Fa, 1_250_000, Unit::Rial), "۱٬۲۵۰٬۰۰۰ ریال");
        assert_eq!(format_amount(Lang::Fa, 999, Unit::Toman), "۹۹۹ تومان");
        assert_eq!(format_amount(Lang::En, 1_005, Unit::UsCents), "$10.05");
    }

    #[test]
    fn the_page_is_rtl_persian_with_four_buttons() {
        let page = HostedPage {
            lang: Lang::Fa,
            title: "درگاه پرداخت وندار",
            amount: 1_000,
            unit: Unit::Rial,
            order_ref: "A<1>",
            description: "سفارش شماره 77",
            action_url: "/vandar/sim-page/t",
            expired: false,
            rows: vec![],
        }
        .render();
        assert!(page.contains("dir=\"rtl\"") && page.contains("width=device-width"));
        assert!(page.contains("<dt>شماره پرداخت پذیرنده</dt><dd>A&lt;1&gt;</dd>"));
        assert!(page.contains("<dt>شرح پذیرنده</dt><dd>سفارش شماره 77</dd>"));
        for action in ["pay", "cancel", "decline", "expire"] {
            assert!(page.contains(&format!("value=\"{action}\"")), "{action}");
        }
    }
}
