//! The one GraphQL query the success page sends, read by a small strict parser (no GraphQL engine):
//!
//! ```graphql
//! query Name($orderId: Int!) { partnerDiscountSmsLogs(filter: {orderId: $orderId}) { message } }
//! ```
//!
//! `query`, the operation name and the variable definition are optional, `orderId` may be written
//! inline (`orderId: 12` or `orderId: "12"`), commas are ignored as in GraphQL. Anything else is refused
//! with a message for the `errors` array.
use serde_json::Value;

/// A query the parser accepts: the SMS logs of one order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartnerSmsQuery {
    pub order_id: i64,
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Punct(char),
    Name(String),
    Int(String),
    Str(String),
}

fn tokenize(source: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut chars = source.chars().peekable();
    while let Some(&c) = chars.peek() {
        match c {
            // Commas are insignificant in GraphQL, like white space.
            c if c.is_whitespace() || c == ',' => {
                chars.next();
            }
            '#' => while chars.next_if(|c| *c != '\n').is_some() {},
            '{' | '}' | '(' | ')' | ':' | '$' | '!' => {
                tokens.push(Token::Punct(c));
                chars.next();
            }
            '"' => {
                chars.next();
                let mut text = String::new();
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') | Some('\n') | None => return Err("unsupported or unterminated string".to_owned()),
                        Some(c) => text.push(c),
                    }
                }
                tokens.push(Token::Str(text));
            }
            c if c.is_ascii_digit() || c == '-' => {
                let mut digits = String::new();
                while let Some(c) = chars.next_if(|c| c.is_ascii_digit() || *c == '-') {
                    digits.push(c);
                }
                tokens.push(Token::Int(digits));
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                let mut name = String::new();
                while let Some(c) = chars.next_if(|c| c.is_ascii_alphanumeric() || *c == '_') {
                    name.push(c);
                }
                tokens.push(Token::Name(name));
            }
            other => return Err(format!("unexpected character '{other}'")),
        }
    }
    Ok(tokens)
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn next(&mut self) -> Option<Token> {
        let token = self.tokens.get(self.at).cloned();
        self.at += 1;
        token
    }

    fn punct(&mut self, expected: char) -> Result<(), String> {
        match self.next() {
            Some(Token::Punct(c)) if c == expected => Ok(()),
            other => Err(format!("expected '{expected}', found {}", describe(other.as_ref()))),
        }
    }

    fn name(&mut self, expected: &str) -> Result<(), String> {
        match self.next() {
            Some(Token::Name(name)) if name == expected => Ok(()),
            Some(Token::Name(name)) => Err(format!("unknown field '{name}', expected '{expected}'")),
            other => Err(format!("expected '{expected}', found {}", describe(other.as_ref()))),
        }
    }

    fn any_name(&mut self) -> Result<String, String> {
        match self.next() {
            Some(Token::Name(name)) => Ok(name),
            other => Err(format!("expected a name, found {}", describe(other.as_ref()))),
        }
    }
}

fn describe(token: Option<&Token>) -> String {
    match token {
        None => "the end of the query".to_owned(),
        Some(Token::Punct(c)) => format!("'{c}'"),
        Some(Token::Name(n)) => format!("'{n}'"),
        Some(Token::Int(i)) => i.clone(),
        Some(Token::Str(s)) => format!("\"{s}\""),
    }
}

/// An order id from an inline literal or a variable's JSON value.
fn order_id_of(raw: &str) -> Result<i64, String> {
    raw.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| format!("orderId must be a positive integer, not {raw}"))
}

/// Reads the query (with its `variables`) or says, in GraphQL's words, why it is refused.
pub fn parse(query: &str, variables: Option<&Value>) -> Result<PartnerSmsQuery, String> {
    let mut p = Parser { tokens: tokenize(query)?, at: 0 };
    let mut variable: Option<String> = None;
    if p.peek() == Some(&Token::Name("query".to_owned())) {
        p.next();
        if matches!(p.peek(), Some(Token::Name(_))) {
            p.next();
        }
        if p.peek() == Some(&Token::Punct('(')) {
            p.next();
            p.punct('$')?;
            variable = Some(p.any_name()?);
            p.punct(':')?;
            let ty = p.any_name()?;
            if ty != "Int" && ty != "ID" {
                return Err(format!("variable type {ty} is not supported, use Int"));
            }
            if p.peek() == Some(&Token::Punct('!')) {
                p.next();
            }
            p.punct(')')?;
        }
    }
    p.punct('{')?;
    p.name("partnerDiscountSmsLogs")?;
    p.punct('(')?;
    p.name("filter")?;
    p.punct(':')?;
    p.punct('{')?;
    p.name("orderId")?;
    p.punct(':')?;
    let order_id = match p.next() {
        Some(Token::Int(raw)) | Some(Token::Str(raw)) => order_id_of(&raw)?,
        Some(Token::Punct('$')) => {
            let name = p.any_name()?;
            if variable.as_deref() != Some(name.as_str()) {
                return Err(format!("variable ${name} is not defined"));
            }
            match variables.and_then(|v| v.get(&name)) {
                Some(Value::Number(n)) => order_id_of(&n.to_string())?,
                Some(Value::String(s)) => order_id_of(s)?,
                _ => return Err(format!("variable ${name} has no integer value")),
            }
        }
        other => return Err(format!("expected an order id, found {}", describe(other.as_ref()))),
    };
    p.punct('}')?;
    p.punct(')')?;
    p.punct('{')?;
    p.name("message")?;
    p.punct('}')?;
    p.punct('}')?;
    match p.next() {
        None => Ok(PartnerSmsQuery { order_id }),
        Some(extra) => Err(format!("unexpected {} after the query", describe(Some(&extra)))),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_queries_the_app_sends_are_read() {
        let inline = "{ partnerDiscountSmsLogs(filter: {orderId: 42}) { message } }";
        assert_eq!(parse(inline, None), Ok(PartnerSmsQuery { order_id: 42 }));
        let named = "query Logs($orderId: Int!) {\n  partnerDiscountSmsLogs(filter: { orderId: $orderId }) {\n    message\n  }\n}";
        assert_eq!(parse(named, Some(&json!({ "orderId": 7 }))), Ok(PartnerSmsQuery { order_id: 7 }));
        assert_eq!(parse(named, Some(&json!({ "orderId": "8" }))), Ok(PartnerSmsQuery { order_id: 8 }));
        let quoted = "query { partnerDiscountSmsLogs(filter: {orderId: \"9\"}) { message }, }";
        assert_eq!(parse(quoted, None), Ok(PartnerSmsQuery { order_id: 9 }));
    }

    #[test]
    fn anything_else_is_refused_with_a_reason() {
        let refused = [
            ("{ orders { id } }", "unknown field 'orders'"),
            ("{ partnerDiscountSmsLogs(filter: {orderId: 1}) { message id } }", "expected '}'"),
            ("{ partnerDiscountSmsLogs(filter: {orderId: -3}) { message } }", "positive integer"),
            ("{ partnerDiscountSmsLogs(filter: {orderId: $x}) { message } }", "$x is not defined"),
            ("mutation { partnerDiscountSmsLogs }", "expected '{'"),
            ("{ partnerDiscountSmsLogs(filter: {orderId: 1}) { message } } { x }", "after the query"),
            ("{ partnerDiscountSmsLogs(filter: {orderId: 1}) { message ", "the end of the query"),
            ("query ($orderId: String) { x }", "String is not supported"),
            ("{ a @b }", "unexpected character '@'"),
        ];
        for (query, reason) in refused {
            let error = parse(query, None).expect_err(query);
            assert!(error.contains(reason), "{query}: {error}");
        }
        let named = "query ($orderId: Int!) { partnerDiscountSmsLogs(filter: {orderId: $orderId}) { message } }";
        assert!(parse(named, Some(&json!({ "orderId": true }))).is_err());
        assert!(parse(named, None).is_err());
    }
}
