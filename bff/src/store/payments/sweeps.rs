//! The payments a sweep works through, read a page at a time: the sweeper's memory stays the same however many
//! payments wait (a day of customers who closed PayPing's page leaves thousands open until they expire), and a
//! payment the sweep leaves untouched (another replica holds its lease) is not read again in the same sweep.
use std::collections::VecDeque;

use anyhow::Context;

use super::{PAYMENT, Payment, PaymentRow, open_states};
use crate::{
    domain::payment::{Gateway, PaymentState},
    store::{Db, on_pool},
};

/// How many payments a sweep holds at once.
pub const SWEEP_PAGE: usize = 100;

/// One sweep's payments, oldest untouched first, in pages of [`SWEEP_PAGE`].
pub struct Sweep {
    /// The payments' condition, its `$1…` bound to `values`.
    condition: String,
    values: Vec<i64>,
    /// The last payment read, by (updated_at, payment_id): the next page starts after it.
    after: Option<(i64, i64)>,
    page: VecDeque<Payment>,
    /// The last page was short: nothing is left to read.
    read_all: bool,
}

impl Sweep {
    /// Payments still under way and untouched since `before`.
    pub fn stale(before: i64) -> Self {
        Self::of(format!("state IN {} AND updated_at < $1", open_states()), vec![before])
    }

    /// Payments that expired with no callback, started since `started_since` and untouched since `before`, of
    /// gateways that can be asked about them by their token alone: the customer may still have paid within the
    /// gateway's window.
    pub fn expired_asking_by_token(started_since: i64, before: i64) -> Self {
        let gateways: Vec<String> =
            Gateway::ALL.into_iter().filter(|g| g.verifies_by_token()).map(|g| format!("'{}'", g.as_str())).collect();
        let condition = format!(
            "state = '{}' AND unanswered_at IS NULL AND ref_id IS NULL AND created_at >= $1 AND updated_at < $2 \
             AND gateway IN ({})",
            PaymentState::Expired.as_str(),
            gateways.join(", ")
        );
        Self::of(condition, vec![started_since, before])
    }

    /// REFUND_DUE payments whose gateway has not refused, untouched since `before`.
    pub fn refunds_due(before: i64) -> Self {
        Self::of("state = 'REFUND_DUE' AND refund_refusal IS NULL AND updated_at < $1".to_owned(), vec![before])
    }

    fn of(condition: String, values: Vec<i64>) -> Self {
        Sweep { condition, values, after: None, page: VecDeque::new(), read_all: false }
    }

    /// The next payment, reading the next page when this one is done; `None` once every one was read.
    pub async fn next(&mut self, db: &Db) -> anyhow::Result<Option<Payment>> {
        if self.page.is_empty() && !self.read_all {
            let page = self.read_page(db).await?;
            self.read_all = page.len() < SWEEP_PAGE;
            self.after = page.last().map(|last| (last.updated_at, last.id));
            self.page = page.into();
        }
        Ok(self.page.pop_front())
    }

    async fn read_page(&self, db: &Db) -> anyhow::Result<Vec<Payment>> {
        let mut values = self.values.clone();
        let mut sql = format!("{PAYMENT} WHERE {}", self.condition);
        if let Some((updated_at, id)) = self.after {
            let n = values.len();
            sql.push_str(&format!(
                " AND (updated_at > ${} OR (updated_at = ${} AND payment_id > ${}))",
                n + 1,
                n + 2,
                n + 3
            ));
            values.extend([updated_at, updated_at, id]);
        }
        sql.push_str(&format!(" ORDER BY updated_at, payment_id LIMIT {SWEEP_PAGE}"));
        let rows: Vec<PaymentRow> = on_pool!(db, pool => {
            let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql));
            for value in &values {
                query = query.bind(*value);
            }
            query.fetch_all(pool).await
        })
        .context("cannot read payments to sweep")?;
        rows.into_iter().map(Payment::try_from).collect()
    }
}
