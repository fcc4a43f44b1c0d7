//! `bff finance …`: the finance review of manual transfers and the refund queue from a terminal,
//! against `DATABASE_URL` and the configured SMS provider. The same service functions as the finance API.
use std::fmt::Write as _;

use clap::Subcommand;

use crate::{
    config::Settings,
    domain::{payment::PaymentState, transfer::TransferState},
    gateways::sms::KavenegarClient,
    shop::{
        refunds::{self, Dispute, RefundError},
        transfers::{self, Reviewed, TransferError, Verdict},
    },
    store::{Db, payments::Payment, transfers::Transfer},
};

#[derive(Subcommand, Debug)]
pub enum FinanceCommand {
    /// List the transfers waiting for review, oldest first.
    List,
    /// Approve a transfer: the order is paid and the customer gets an SMS.
    Approve {
        /// The transfer's id (`paymentId`).
        payment_id: i64,
        /// Who reviews, recorded with the review.
        #[arg(long = "by")]
        reviewer: String,
    },
    /// Reject a transfer: the order's points are released and the customer gets an SMS.
    Reject {
        /// The transfer's id (`paymentId`).
        payment_id: i64,
        /// Who reviews, recorded with the review.
        #[arg(long = "by")]
        reviewer: String,
        /// Told to the customer in the SMS.
        #[arg(long)]
        reason: Option<String>,
    },
    /// List online payments whose money goes back: REFUND_DUE (to pay back by hand, the default),
    /// REVERSED (given back by the gateway) or REFUNDED (paid back by finance).
    Refunds {
        #[arg(long, default_value = "REFUND_DUE")]
        status: String,
    },
    /// List online payments that expired after a day of unanswered verifies and are not checked yet: their gateways
    /// may hold the money.
    Unanswered,
    /// List gateway references (SEP RefNum, Gumroad sale) presented by a second payment after another was paid with
    /// them: one of the two customers paid, and finance settles which.
    Disputes,
    /// Record what the gateway said about such a payment: `--taken` sends the money back to the customer
    /// (REFUND_DUE, with an SMS); without it the payment stays EXPIRED. Either way it leaves the list.
    Checked {
        /// The payment's id.
        payment_id: i64,
        /// Who asked the gateway, recorded with the payment.
        #[arg(long = "by")]
        reviewer: String,
        /// The gateway took the money.
        #[arg(long)]
        taken: bool,
    },
    /// Record that finance paid a REFUND_DUE payment back by hand.
    Refunded {
        /// The payment's id.
        payment_id: i64,
        /// Who paid it back, recorded with the refund.
        #[arg(long = "by")]
        reviewer: String,
    },
}

/// Runs one command and answers what to print.
pub async fn run(settings: &Settings, command: FinanceCommand) -> anyhow::Result<String> {
    let db = Db::connect(&settings.database_url).await?;
    let sms = KavenegarClient::new(&settings.gateways)?;
    match command {
        FinanceCommand::List => {
            let pending = transfers::list(&db, TransferState::Pending).await?;
            Ok(render_list(&pending))
        }
        FinanceCommand::Approve { payment_id, reviewer } => {
            review(&db, &sms, payment_id, Verdict::Approve, &reviewer, None).await
        }
        FinanceCommand::Reject { payment_id, reviewer, reason } => {
            review(&db, &sms, payment_id, Verdict::Reject, &reviewer, reason.as_deref()).await
        }
        FinanceCommand::Refunds { status } => {
            let wanted = PaymentState::parse(status.trim())
                .filter(|s| s.is_refund())
                .ok_or_else(|| anyhow::anyhow!("--status is REFUND_DUE, REVERSED or REFUNDED"))?;
            Ok(render_refunds(&refunds::list(&db, wanted).await?))
        }
        FinanceCommand::Unanswered => Ok(render_unanswered(&refunds::unanswered(&db).await?)),
        FinanceCommand::Disputes => Ok(render_disputes(&refunds::disputes(&db).await?)),
        FinanceCommand::Checked { payment_id, reviewer, taken } => {
            let reviewer = reviewer.trim();
            anyhow::ensure!(!reviewer.is_empty(), "--by needs the name of who asked the gateway");
            match refunds::check_unanswered(&db, &sms, payment_id, reviewer, taken).await {
                Ok(payment) => Ok(format!(
                    "payment {} checked by {reviewer}: {}; order {}; {} toman\n",
                    payment.id,
                    payment.state.as_str(),
                    payment.order_id,
                    payment.amount
                )),
                Err(RefundError::Unexpected(error)) => Err(error),
                Err(other) => anyhow::bail!("{other}"),
            }
        }
        FinanceCommand::Refunded { payment_id, reviewer } => {
            let reviewer = reviewer.trim();
            anyhow::ensure!(!reviewer.is_empty(), "--by needs the name of who paid it back");
            match refunds::settle_by_hand(&db, payment_id, reviewer).await {
                Ok(payment) => Ok(format!(
                    "payment {} REFUNDED by {reviewer}; order {}; {} toman\n",
                    payment.id, payment.order_id, payment.amount
                )),
                Err(RefundError::Unexpected(error)) => Err(error),
                Err(other) => anyhow::bail!("{other}"),
            }
        }
    }
}

fn render_refunds(refunds: &[Payment]) -> String {
    if refunds.is_empty() {
        return "no payments in this state\n".to_owned();
    }
    let mut out = String::from("paymentId\torderId\tgateway\tamount\tref\treason\n");
    for p in refunds {
        let _ = writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}",
            p.id,
            p.order_id,
            p.gateway.as_str(),
            p.refund_toman(),
            p.ref_id.as_deref().unwrap_or("-"),
            p.refund_refusal.as_deref().or(p.refund_reason.as_deref()).unwrap_or("-")
        );
    }
    out
}

fn render_unanswered(payments: &[Payment]) -> String {
    if payments.is_empty() {
        return "no unanswered payments to check\n".to_owned();
    }
    let mut out = String::from("paymentId\torderId\tgateway\tamount\tauthority\n");
    for p in payments {
        let authority = p.authority.as_deref().unwrap_or("-");
        let _ = writeln!(out, "{}\t{}\t{}\t{}\t{authority}", p.id, p.order_id, p.gateway.as_str(), p.amount);
    }
    out
}

fn render_disputes(disputes: &[Dispute]) -> String {
    if disputes.is_empty() {
        return "no disputed payment references\n".to_owned();
    }
    let mut out = String::from("gateway\tref\tpresentedBy(payment/order/customer)\tpaid(payment/order/customer)\n");
    for d in disputes {
        let side = |p: &Payment| format!("{}/{}/{}", p.id, p.order_id, p.customer_id);
        let (presented, paid) = (side(&d.presented_by.payment), side(&d.paid.payment));
        let _ = writeln!(out, "{}\t{}\t{presented}\t{paid}", d.presented_by.payment.gateway.as_str(), d.ref_id);
    }
    out
}

async fn review(
    db: &Db,
    sms: &KavenegarClient,
    payment_id: i64,
    verdict: Verdict,
    reviewer: &str,
    reason: Option<&str>,
) -> anyhow::Result<String> {
    let reviewer = reviewer.trim();
    anyhow::ensure!(!reviewer.is_empty(), "--by needs the reviewer's name");
    match transfers::review(db, sms, payment_id, verdict, reviewer, reason).await {
        Ok(reviewed) => Ok(render_review(&reviewed)),
        Err(TransferError::Unexpected(error)) => Err(error),
        Err(other) => anyhow::bail!("{other}"),
    }
}

fn render_list(pending: &[Transfer]) -> String {
    if pending.is_empty() {
        return "no transfers waiting for review\n".to_owned();
    }
    let mut out = String::from("paymentId\torderId\tgateway\tamount\tpaid at\tcard/account\n");
    for t in pending {
        let d = &t.details;
        let who = d.last_digits.as_deref().or(d.account.as_deref()).unwrap_or("-");
        let _ = writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}-{:02}-{:02} {:02}:{:02}\t{who}",
            t.id,
            t.order_id,
            t.gateway.as_str(),
            t.amount,
            d.year,
            d.month,
            d.day,
            d.hour,
            d.minute
        );
    }
    out
}

fn render_review(reviewed: &Reviewed) -> String {
    let t = &reviewed.transfer;
    let sms = if reviewed.sms_sent { "SMS sent" } else { "SMS NOT sent (see the log)" };
    format!(
        "transfer {} {} by {}; order {}; {sms}\n",
        t.id,
        t.state.as_str(),
        t.reviewer.as_deref().unwrap_or("-"),
        t.order_id
    )
}
