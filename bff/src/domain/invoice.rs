//! Invoice arithmetic in integer toman: the only place totals are computed (spec 2 §2, §3, §5).
use super::{Toman, toman::TomanError};

/// One basket line's amounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineAmounts {
    /// Price before the catalogue discount.
    pub original: Toman,
    /// Price after the catalogue (and promotion) discount.
    pub final_price: Toman,
    /// Points spent on this line.
    pub points: Toman,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    pub total_original: Toman,
    pub total_final: Toman,
    /// `total_original − total_final`.
    pub total_discount: Toman,
    pub points: Toman,
    /// What the customer pays: `total_final − points`, never below zero.
    pub payable: Toman,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvoiceError {
    #[error("a line's final price is above its original price")]
    FinalAboveOriginal,
    #[error("points exceed a line's final price")]
    PointsAboveFinal,
    #[error(transparent)]
    Money(#[from] TomanError),
}

/// Adds up the lines; refuses lines that would make a total negative or meaningless.
pub fn totals(lines: &[LineAmounts]) -> Result<Totals, InvoiceError> {
    for line in lines {
        if line.final_price > line.original {
            return Err(InvoiceError::FinalAboveOriginal);
        }
        if line.points > line.final_price {
            return Err(InvoiceError::PointsAboveFinal);
        }
    }
    let total_original = Toman::sum(lines.iter().map(|l| l.original))?;
    let total_final = Toman::sum(lines.iter().map(|l| l.final_price))?;
    let points = Toman::sum(lines.iter().map(|l| l.points))?;
    Ok(Totals {
        total_original,
        total_final,
        total_discount: total_original.checked_sub(total_final)?,
        points,
        payable: total_final.checked_sub(points)?,
    })
}

/// The red percent note of a basket line: 100 − ceil(final ÷ original × 100) [PR-03]; none when the
/// prices are equal [PR-02] or there is no original price.
pub fn discount_percent(original: Toman, final_price: Toman) -> Option<i64> {
    let (original, final_price) = (original.get() as i128, final_price.get() as i128);
    if original == 0 || final_price >= original {
        return None;
    }
    let ratio_ceil = (final_price * 100 + original - 1) / original;
    Some((100 - ratio_ceil) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(v: i64) -> Toman {
        Toman::new(v).unwrap()
    }

    #[test]
    fn the_spec_example_shows_33_percent() {
        assert_eq!(discount_percent(t(300_000), t(199_000)), Some(33));
        assert_eq!(discount_percent(t(300_000), t(300_000)), None);
    }

    #[test]
    fn totals_add_up() {
        let lines = [
            LineAmounts { original: t(490_000), final_price: t(390_000), points: t(40_000) },
            LineAmounts { original: t(290_000), final_price: t(190_000), points: t(0) },
        ];
        let totals = totals(&lines).unwrap();
        assert_eq!(totals.total_original, t(780_000));
        assert_eq!(totals.total_final, t(580_000));
        assert_eq!(totals.total_discount, t(200_000));
        assert_eq!(totals.payable, t(540_000));
    }
}
