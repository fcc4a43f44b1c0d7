//! The machine's own limit, measured in the same run: a bare poem server (no middleware, no database, no logging)
//! answering fixed bytes, as its own process like the BFF (this bench binary started again with `YARDSTICK_ARG`).
//! A figure divided by its yardstick reads the same on a fast machine and a slow one.
use std::{path::Path, process::Stdio, sync::Arc};

use limoo_bff::{
    on_pool, on_tx,
    store::{Db, customers::random_id, now_ms},
};

use poem::{
    Body, Response, Route, Server,
    endpoint::make_sync,
    listener::{Acceptor, Listener, TcpListener},
};
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, Command},
};

/// The first argument that makes this binary the yardstick server instead of the bench.
const YARDSTICK_ARG: &str = "__yardstick";
/// The first argument that makes it the orders yardstick: a minimal poem + sqlx handler storing an order's rows.
const ORDERS_ARG: &str = "__orders_yardstick";

/// A running yardstick; killed when dropped.
pub struct Yardstick {
    pub address: String,
    _child: Child,
}

impl Yardstick {
    /// Starts a server that answers every path with `body` (read from a file) and `headers`.
    pub async fn start(body: &Path, headers: &[(&str, &str)]) -> Yardstick {
        let mut command = Command::new(std::env::current_exe().expect("this bench's binary"));
        command.arg(YARDSTICK_ARG).arg(body);
        for (name, value) in headers {
            command.arg(format!("{name}:{value}"));
        }
        Yardstick::spawn(command).await
    }

    /// Starts the orders yardstick on `database_url` (migrated, holding the demo catalogue and a customer): `POST
    /// /orders` with `{"productIds": […]}` writes the rows the BFF writes for an order (the order, a basket line per
    /// product, its first status) in one transaction of its own on the BFF's kind of pool, and answers the id.
    pub async fn start_orders(database_url: &str) -> Yardstick {
        let mut command = Command::new(std::env::current_exe().expect("this bench's binary"));
        command.arg(ORDERS_ARG).arg(database_url);
        Yardstick::spawn(command).await
    }

    async fn spawn(mut command: Command) -> Yardstick {
        let mut child = command.stdout(Stdio::piped()).kill_on_drop(true).spawn().expect("the yardstick starts");
        let stdout = child.stdout.take().expect("its standard output");
        let port = BufReader::new(stdout).lines().next_line().await.expect("its port").expect("a port line");
        Yardstick { address: format!("http://127.0.0.1:{}", port.trim()), _child: child }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }
}

/// Serves as a yardstick when the bench binary was started as one; returns otherwise.
pub async fn serve_if_asked() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some(YARDSTICK_ARG) => serve_bytes(&args).await,
        Some(ORDERS_ARG) => serve_orders(&args[2]).await,
        _ => return,
    }
    std::process::exit(0);
}

/// Answers its port on standard output, then serves `app` until killed.
async fn serve(app: impl poem::Endpoint + 'static) {
    let acceptor = TcpListener::bind("127.0.0.1:0").into_acceptor().await.expect("a free port");
    let port = acceptor.local_addr().first().and_then(|a| a.as_socket_addr().map(|a| a.port())).expect("its port");
    println!("{port}");
    Server::new_with_acceptor(acceptor).run(app).await.expect("the yardstick serves");
}

async fn serve_bytes(args: &[String]) {
    let body = std::fs::read(&args[2]).expect("the yardstick's body");
    let headers: Vec<(String, String)> = args[3..]
        .iter()
        .filter_map(|pair| pair.split_once(':').map(|(name, value)| (name.to_owned(), value.to_owned())))
        .collect();
    // Read once for the process's life: answering must cost the yardstick nothing but the answer.
    let body: &'static [u8] = Box::leak(body.into_boxed_slice());
    let answer = make_sync(move |_| {
        let mut response = Response::builder();
        for (name, value) in &headers {
            response = response.header(name.as_str(), value.as_str());
        }
        response.body(Body::from(body))
    });
    serve(Route::new().at("/*path", answer)).await;
}

/// A catalogue line as the order copies it.
#[derive(Clone, sqlx::FromRow)]
struct Line {
    product_id: i64,
    title: String,
    product_type: String,
    price: i64,
    final_price: i64,
    currency: String,
}

/// A store failure answered 500, as any handler would.
fn failed(error: impl std::fmt::Display) -> poem::Error {
    poem::Error::from_string(error.to_string(), poem::http::StatusCode::INTERNAL_SERVER_ERROR)
}

async fn serve_orders(database_url: &str) {
    let db = Db::connect(database_url).await.expect("the yardstick's database");
    let sql = "SELECT product_id, title, product_type, price, final_price, currency FROM product";
    let catalogue: Vec<Line> = on_pool!(&db, pool => sqlx::query_as(sql).fetch_all(pool).await).expect("the catalogue");
    let customer: i64 = on_pool!(&db, pool => {
        sqlx::query_scalar("SELECT MAX(customer_id) FROM customer").fetch_one(pool).await
    })
    .expect("the bench's customer");
    let state = Arc::new((db, catalogue, customer));
    let order = poem::endpoint::make(move |req: poem::Request| {
        let state = state.clone();
        async move {
            let body: serde_json::Value =
                serde_json::from_slice(&req.into_body().into_vec().await?).unwrap_or_default();
            let wanted: Vec<i64> =
                body["productIds"].as_array().into_iter().flatten().filter_map(|v| v.as_i64()).collect();
            let (db, catalogue, customer) = &*state;
            let lines: Vec<&Line> =
                wanted.iter().filter_map(|id| catalogue.iter().find(|l| l.product_id == *id)).collect();
            let id = random_id();
            let now = now_ms();
            let mut tx = db.begin().await.map_err(failed)?;
            on_tx!(&mut tx, conn => {
                sqlx::query("INSERT INTO customer_order (customer_order_id, customer_id, service, status, meta, created_at) \
                             VALUES ($1, $2, 'LIMOO_SHOP', 'CREATED', '{}', $3)")
                    .bind(id).bind(customer).bind(now).execute(&mut *conn).await.map_err(failed)?;
                for (position, line) in lines.iter().enumerate() {
                    sqlx::query("INSERT INTO basket_item (basket_item_id, customer_order_id, product_id, position, title, \
                                 product_type, original_price, final_price, currency, meta) \
                                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, '{}')")
                        .bind(random_id()).bind(id).bind(line.product_id).bind(position as i64).bind(&line.title)
                        .bind(&line.product_type).bind(line.price).bind(line.final_price).bind(&line.currency)
                        .execute(&mut *conn).await.map_err(failed)?;
                }
                sqlx::query("INSERT INTO order_status (order_status_id, customer_order_id, status, created_at) \
                             VALUES ($1, $2, 'CREATED', $3)")
                    .bind(random_id()).bind(id).bind(now).execute(&mut *conn).await.map_err(failed)?;
            });
            tx.commit().await.map_err(failed)?;
            Ok::<_, poem::Error>(poem::web::Json(serde_json::json!({ "id": id })))
        }
    });
    serve(Route::new().at("/orders", poem::post(order))).await;
}
