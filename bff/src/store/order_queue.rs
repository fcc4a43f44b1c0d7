//! New orders written together (the write path under load): writer tasks take every order waiting and store them in one
//! transaction of three statements. Alone, an order is written at once, as before; under load the orders that
//! arrive while a transaction runs share the next, so one transaction's round trips and commit serve many customers.
//! SQLite writes one transaction at a time, so it has one writer: that turn was the ceiling (1,550 → 1,800–2,300
//! orders/s flat out in the bench). PostgreSQL commits many transactions side by side: one writer there was slower
//! than each request writing its own order (1,820 → 1,300–1,600/s), but two, each taking what waits, are faster.
use std::sync::{Arc, OnceLock};

use anyhow::Context;
use tokio::sync::{Mutex, mpsc, oneshot};

use super::{
    Db,
    orders::{self, NewOrder},
};

/// At most this many orders share a transaction: a few hundred bound parameters, far below either database's limit
/// (20 lines of 12 columns per order at most).
const MAX_BATCH: usize = 32;
/// Orders waiting beyond this make their callers wait to enqueue: memory stays bounded under any load.
const MAX_WAITING: usize = 1024;
/// Transactions in flight at once on PostgreSQL, fewer than the pool's connections (reads need them too). In the bench
/// on 2 cores: a transaction per request 810–960 orders/s, 2 writers 1,440–1,530, 4 writers 1,220–1,480, 8 1,260.
const POSTGRES_WRITERS: usize = 2;

struct Waiting {
    order: NewOrder,
    done: oneshot::Sender<anyhow::Result<i64>>,
}

pub struct OrderQueue {
    db: Db,
    /// Started on the first order, so that a state made outside a runtime (tools, tests) spawns nothing.
    sender: OnceLock<mpsc::Sender<Waiting>>,
}

impl OrderQueue {
    pub fn new(db: Db) -> Self {
        OrderQueue { db, sender: OnceLock::new() }
    }

    /// Stores the order (with the others waiting, if any) and answers its id once committed.
    pub async fn create(&self, order: NewOrder) -> anyhow::Result<i64> {
        let sender = self.sender.get_or_init(|| {
            let (sender, receiver) = mpsc::channel(MAX_WAITING);
            let receiver = Arc::new(Mutex::new(receiver));
            let writers = match self.db {
                Db::Sqlite(_) => 1,
                Db::Postgres(_) => POSTGRES_WRITERS,
            };
            for _ in 0..writers {
                tokio::spawn(write_forever(self.db.clone(), receiver.clone()));
            }
            sender
        });
        let (done, answer) = oneshot::channel();
        if let Err(refused) = sender.send(Waiting { order, done }).await {
            // The writer task is gone (it can only have panicked): orders are written one by one, as before.
            return orders::create(&self.db, refused.0.order).await;
        }
        answer.await.context("the order queue dropped an order")?
    }
}

/// Takes what waits (while the other writers wait their turn to take) and writes it; ends when every sender is gone
/// (the state dropped).
async fn write_forever(db: Db, receiver: Arc<Mutex<mpsc::Receiver<Waiting>>>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while receiver.lock().await.recv_many(&mut batch, MAX_BATCH).await > 0 {
        write(&db, std::mem::take(&mut batch)).await;
    }
}

async fn write(db: &Db, batch: Vec<Waiting>) {
    let (orders, answers): (Vec<NewOrder>, Vec<_>) = batch.into_iter().map(|w| (w.order, w.done)).unzip();
    match create_together(db, &orders).await {
        Ok(ids) => {
            for (done, id) in answers.into_iter().zip(ids) {
                let _ = done.send(Ok(id));
            }
        }
        // One order that cannot be stored must not fail the others: each is tried alone.
        Err(_) if orders.len() > 1 => {
            for (order, done) in orders.into_iter().zip(answers) {
                let _ = done.send(orders::create(db, order).await);
            }
        }
        Err(error) => {
            if let Some(done) = answers.into_iter().next() {
                let _ = done.send(Err(error));
            }
        }
    }
}

async fn create_together(db: &Db, orders: &[NewOrder]) -> anyhow::Result<Vec<i64>> {
    let mut tx = db.begin().await?;
    let ids = orders::create_many(&mut tx, orders).await?;
    tx.commit().await?;
    Ok(ids)
}
