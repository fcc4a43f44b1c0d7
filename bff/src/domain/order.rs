//! An order's status (spec 2): made, then paid.
use poem_openapi::Enum;

/// CREATED → PAYMENT_SUCCESS, once; every way of paying ends in PAYMENT_SUCCESS.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum OrderStatus {
    /// Made from the chosen products; not paid yet.
    Created,
    /// Paid, whichever way (a gateway, an approved transfer …).
    PaymentSuccess,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 2] = [OrderStatus::Created, OrderStatus::PaymentSuccess];

    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Created => "CREATED",
            OrderStatus::PaymentSuccess => "PAYMENT_SUCCESS",
        }
    }

    pub fn parse(text: &str) -> Option<OrderStatus> {
        OrderStatus::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

#[cfg(test)]
mod tests {
    use poem_openapi::types::ToJSON;

    use super::*;

    #[test]
    fn statuses_read_back_their_wire_names() {
        for status in OrderStatus::ALL {
            assert_eq!(OrderStatus::parse(status.as_str()), Some(status));
            assert_eq!(status.to_json(), Some(status.as_str().into()));
        }
        assert_eq!(OrderStatus::parse("payment_success"), None);
    }
}
