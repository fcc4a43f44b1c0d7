//! A real headless Chromium driven over WebDriver (Debian's chromium + chromium-driver), in a narrow window.
use std::{
    process::{Child, Command, Stdio},
    sync::{
        Mutex, OnceLock,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use anyhow::{Context, bail};
use fantoccini::{Client, ClientBuilder, Locator, wd::WebDriverCompatibleCommand};

const CHROMIUM: &str = "/usr/lib/chromium/chromium-headless-shell";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// How long a step waits for the page to reach the expected state.
const PATIENCE: Duration = Duration::from_secs(15);
/// A phone's window: pages are laid out 390 px wide, as the Playwright journeys' phone.
const WINDOW: (u32, u32) = (390, 844);
/// A desktop's window, for the few steps that need one (a dialog with page around it).
const DESKTOP_WINDOW: (u32, u32) = (1280, 844);
/// How far one wait may move a held page clock: well short of the 45 s a request in flight is given.
const PAGE_CLOCK_BUDGET_MS: f64 = 20_000.0;

/// Browsers that finished a scenario cleanly, waiting for the next one: starting chromedriver and Chromium costs
/// more than most scenarios' clicks.
static POOL: Mutex<Vec<Browser>> = Mutex::new(Vec::new());

#[derive(Debug)]
pub struct Browser {
    pub client: Client,
    processes: Processes,
    /// The test holds this document's clock (`hold_page_clock`); a document loaded anew has its own again.
    clock_held: AtomicBool,
}

/// chromedriver and the Chromium it drives, killed when dropped.
#[derive(Debug)]
struct Processes {
    driver: Child,
    chromium: Child,
    profile: std::path::PathBuf,
}

impl Processes {
    /// Waits for them to end and removes the browser's profile.
    fn stop(&mut self) {
        for process in [&mut self.driver, &mut self.chromium] {
            let _ = process.kill();
            let _ = process.wait();
        }
        let _ = std::fs::remove_dir_all(&self.profile);
    }

    /// A WebDriver session through chromedriver on `port`, attached to this Chromium.
    async fn connect(&self, port: u16) -> anyhow::Result<Client> {
        let written = std::fs::read_to_string(self.profile.join("DevToolsActivePort")).context("no DevTools port")?;
        let debugging = written.lines().next().context("no DevTools port")?;
        let options = serde_json::json!({ "debuggerAddress": format!("127.0.0.1:{debugging}") });
        let mut builder = ClientBuilder::rustls()?;
        builder.capabilities(serde_json::Map::from_iter([("goog:chromeOptions".to_owned(), options)]));
        Ok(builder.connect(&format!("http://127.0.0.1:{port}")).await?)
    }
}

impl Drop for Processes {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.chromium.kill();
    }
}

impl Browser {
    /// A browser from the pool, or a new one when none is free.
    pub async fn take() -> anyhow::Result<Browser> {
        let pooled = POOL.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).pop();
        match pooled {
            Some(browser) => Ok(browser),
            None => Browser::launch().await,
        }
    }

    /// Hands the browser to the next scenario with nothing of this one left: one fresh tab (a new session
    /// storage; it keeps the window's size, which no step changes), no cookies (they are shared by every port of
    /// 127.0.0.1) and no storage of `origins` (a later scenario may get the same port). A browser that cannot be
    /// reset is closed instead.
    pub async fn release(self, origins: &[&str]) {
        match self.reset(origins).await {
            Ok(()) => POOL.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(self),
            Err(_) => self.close().await,
        }
    }

    async fn reset(&self, origins: &[&str]) -> anyhow::Result<()> {
        let fresh = self.client.new_window(true).await?.handle;
        for handle in self.client.windows().await? {
            if handle != fresh {
                self.client.switch_to_window(handle).await?;
                self.client.close_window().await?;
            }
        }
        self.client.switch_to_window(fresh).await?;
        self.clock_held.store(false, Ordering::Relaxed);
        self.cdp("Network.clearBrowserCookies", serde_json::json!({})).await?;
        for origin in origins {
            let params = serde_json::json!({ "origin": origin.trim_end_matches('/'), "storageTypes": "all" });
            self.cdp("Storage.clearDataForOrigin", params).await?;
        }
        Ok(())
    }

    /// A Chrome DevTools Protocol command, through chromedriver's `goog/cdp/execute`.
    async fn cdp(&self, cmd: &'static str, params: serde_json::Value) -> anyhow::Result<serde_json::Value> {
        self.client.issue_cmd(Cdp { cmd, params }).await.with_context(|| format!("CDP {cmd}"))
    }

    /// Closes every pooled browser: the end of a run.
    pub async fn close_pool() {
        let pooled = std::mem::take(&mut *POOL.lock().unwrap_or_else(|poisoned| poisoned.into_inner()));
        for browser in pooled {
            browser.close().await;
        }
    }

    /// Starts Chromium's headless shell ([`WINDOW`]) and chromedriver attached to it. chromedriver cannot start the
    /// headless shell itself (its session finds no page), so Chromium listens for DevTools on a port of its choosing,
    /// which it writes to its profile's `DevToolsActivePort`.
    async fn launch() -> anyhow::Result<Browser> {
        let profile = std::env::temp_dir().join(format!("limoo-chromium-{}", uuid::Uuid::new_v4().simple()));
        let chromium = Command::new(std::env::var("CHROMIUM").unwrap_or_else(|_| CHROMIUM.into()))
            .args([
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--lang=fa",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--window-size={},{}", WINDOW.0, WINDOW.1))
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .context("cannot start Chromium (apt-get install chromium-headless-shell)")?;
        let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
        let driver = Command::new(std::env::var("CHROMEDRIVER").unwrap_or_else(|_| CHROMEDRIVER.into()))
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .context("cannot start chromedriver (apt-get install chromium-driver)")?;
        let mut processes = Processes { driver, chromium, profile };
        let started = Instant::now();
        // Both need a moment to listen: retry rather than sleeping a fixed time. The bound is generous: the first
        // browsers of a run start together, and on a machine whose disk cache no longer holds Chromium each reads
        // its 200 MB from disk first (four at once took over 20 s here).
        loop {
            match processes.connect(port).await {
                Ok(client) => return Ok(Browser { client, processes, clock_held: AtomicBool::new(false) }),
                Err(e) if started.elapsed() < Duration::from_secs(90) => {
                    let _ = e;
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => {
                    processes.stop();
                    bail!("cannot open a Chromium session: {e:#}");
                }
            }
        }
    }

    /// Lays the page out on a desktop's window ([`DESKTOP_WINDOW`]) or, with `false`, a phone's again.
    pub async fn desktop(&self, on: bool) -> anyhow::Result<()> {
        let (width, height) = if on { DESKTOP_WINDOW } else { WINDOW };
        self.client.set_window_size(width, height).await.context("window resized")
    }

    /// Opens `url` and, on the web app, waits until the app has started (`#root[data-started]`): its scripts load
    /// after the first paint, so the load event WebDriver waits for comes before them, and a landing screen
    /// prerendered into index.html is painted (inert) before the app owns it; a click, keys or storage written
    /// then would be lost or undone by the app's start.
    pub async fn open(&self, url: &str) -> anyhow::Result<()> {
        self.client.goto(url).await.with_context(|| format!("cannot open {url}"))?;
        // A new hash on the same page keeps the document, and the clock held in it.
        if self.clock_held.load(Ordering::Relaxed) {
            let kept = self.execute("return window.__limooPageClock !== undefined;").await?;
            self.clock_held.store(kept.as_bool() == Some(true), Ordering::Relaxed);
        }
        let live =
            "const root = document.getElementById('root'); return root === null || root.hasAttribute('data-started');";
        self.poll(|| async { Ok(self.execute(live).await?.as_bool().unwrap_or(false).then_some(())) })
            .await
            .with_context(|| format!("{url} was painted but the app never took it over"))
    }

    /// The path of the hash route, e.g. `/select-package-f/1`, waiting until it satisfies `accept`.
    pub async fn wait_for_route(&self, accept: impl Fn(&str) -> bool) -> anyhow::Result<String> {
        self.poll(|| async {
            let url = self.client.current_url().await?;
            let route = url.fragment().unwrap_or("").trim_start_matches('#').to_owned();
            Ok(accept(&route).then_some(route))
        })
        .await
        .context("the page never reached the expected route")
    }

    /// Waits until the route on screen (`main[data-route]`) is the one in the address: an in-app navigation has
    /// run its loaders, loaded its chunk and rendered, or ended on the page a loader redirected it to.
    pub async fn wait_for_route_on_screen(&self) -> anyhow::Result<()> {
        let script = "const main = document.querySelector('main[data-route]'); \
            const wanted = window.location.hash.replace(/^#/, '').split('?')[0] || '/'; \
            return main !== null && main.dataset.route === wanted;";
        self.poll(|| async {
            Ok((self.client.execute(script, vec![]).await? == serde_json::Value::Bool(true)).then_some(()))
        })
        .await
        .context("the route in the address never came on screen")
    }

    /// Text of every element matching `css`, once at least one matches.
    pub async fn texts(&self, css: &str) -> anyhow::Result<Vec<String>> {
        self.poll(|| async {
            let found = self.client.find_all(Locator::Css(css)).await?;
            let mut texts = Vec::with_capacity(found.len());
            for element in &found {
                texts.push(element.text().await?);
            }
            Ok((!texts.is_empty()).then_some(texts))
        })
        .await
        .with_context(|| format!("nothing matches `{css}`"))
    }

    /// Waits until the page's visible text contains `text`.
    pub async fn wait_for_text(&self, text: &str) -> anyhow::Result<()> {
        self.poll(|| async {
            let body = self.client.find(Locator::Css("body")).await?.text().await?;
            Ok(body.contains(text).then_some(()))
        })
        .await
        .with_context(|| format!("the page never showed {text:?}"))
    }

    /// Waits until some element matching `css` has text containing `needle`.
    pub async fn wait_for_text_in(&self, css: &str, needle: &str) -> anyhow::Result<()> {
        self.poll(|| async {
            for element in self.client.find_all(Locator::Css(css)).await? {
                if element.text().await?.contains(needle) {
                    return Ok(Some(()));
                }
            }
            Ok(None)
        })
        .await
        .with_context(|| format!("no `{css}` ever read {needle:?}"))
    }

    /// Waits until no element matches `css`.
    pub async fn wait_for_absence(&self, css: &str) -> anyhow::Result<()> {
        self.poll(|| async { Ok(self.client.find_all(Locator::Css(css)).await?.is_empty().then_some(())) })
            .await
            .with_context(|| format!("`{css}` is still on the page"))
    }

    /// Scrolls the element to the middle of the screen first: on a phone the fixed footer covers
    /// the lower cards, as it would for a person who scrolls before tapping.
    pub async fn click(&self, css: &str) -> anyhow::Result<()> {
        let element = self.poll(|| async { Ok(self.client.find(Locator::Css(css)).await.ok()) }).await?;
        let script = "arguments[0].scrollIntoView({block: 'center', inline: 'center'});";
        self.client.execute(script, vec![serde_json::to_value(&element)?]).await?;
        element.click().await.with_context(|| format!("cannot click `{css}`"))
    }

    pub async fn attribute(&self, css: &str, name: &str) -> anyhow::Result<Option<String>> {
        let element = self.poll(|| async { Ok(self.client.find(Locator::Css(css)).await.ok()) }).await?;
        Ok(element.attr(name).await?)
    }

    /// A DOM property (e.g. an input's current `value`), which attributes do not track.
    pub async fn property(&self, css: &str, name: &str) -> anyhow::Result<Option<String>> {
        let element = self.poll(|| async { Ok(self.client.find(Locator::Css(css)).await.ok()) }).await?;
        Ok(element.prop(name).await?)
    }

    /// Loads `url` as a new document (not an in-page hash change), so the app starts up again.
    pub async fn open_fresh(&self, url: &str) -> anyhow::Result<()> {
        self.open("about:blank").await?;
        self.open(url).await
    }

    /// From now on, the page's `fetch` of any URL containing `fragment` gets `answer` (a JavaScript expression
    /// evaluating to a promise) instead of reaching the server; other calls go through.
    pub async fn intercept_fetch(&self, fragment: &str, answer: &str) -> anyhow::Result<()> {
        let script = format!(
            "const real = window.fetch; window.fetch = (input, init) => \
             (String(input && input.url ? input.url : input).includes({fragment:?}) ? {answer} : real(input, init));"
        );
        self.execute(&script).await.map(|_| ())
    }

    /// Like `intercept_fetch`, for the first matching call only; later ones reach the server again.
    pub async fn intercept_fetch_once(&self, fragment: &str, answer: &str) -> anyhow::Result<()> {
        let script = format!(
            "const real = window.fetch; let spent = false; window.fetch = (input, init) => {{ \
             if (!spent && String(input && input.url ? input.url : input).includes({fragment:?})) \
             {{ spent = true; return {answer}; }} return real(input, init); }};"
        );
        self.execute(&script).await.map(|_| ())
    }

    /// A value of the page's session storage (or local storage with `local`), None when absent.
    pub async fn stored(&self, storage: Storage, key: &str) -> anyhow::Result<Option<String>> {
        let value = self.execute(&format!("return {}.getItem({key:?});", storage.js())).await?;
        Ok(value.as_str().map(str::to_owned))
    }

    pub async fn store(&self, storage: Storage, key: &str, value: &str) -> anyhow::Result<()> {
        self.execute(&format!("{}.setItem({key:?}, {value:?});", storage.js())).await.map(|_| ())
    }

    /// How many requests this document has sent to URLs containing `fragment` (resource timing entries).
    pub async fn requests_to(&self, fragment: &str) -> anyhow::Result<u64> {
        let script = format!(
            "return performance.getEntriesByType('resource').filter(e => e.name.includes({fragment:?})).length;"
        );
        Ok(self.execute(&script).await?.as_u64().unwrap_or_default())
    }

    /// How many requests of this document went to exactly `path` (not to the paths under it).
    pub async fn requests_at(&self, path: &str) -> anyhow::Result<u64> {
        let script = format!(
            "return performance.getEntriesByType('resource').filter(e => new URL(e.name).pathname === {path:?}).length;"
        );
        Ok(self.execute(&script).await?.as_u64().unwrap_or_default())
    }

    /// The requests of this document answered with an error status (4xx, 5xx), as "status url" (resource timing
    /// entries).
    pub async fn failed_requests(&self) -> anyhow::Result<Vec<String>> {
        let script = "return performance.getEntriesByType('resource')\
            .filter(e => e.responseStatus >= 400).map(e => e.responseStatus + ' ' + e.name);";
        let failed = self.execute(script).await?;
        Ok(failed.as_array().into_iter().flatten().filter_map(|e| e.as_str().map(str::to_owned)).collect())
    }

    pub async fn execute(&self, script: &str) -> anyhow::Result<serde_json::Value> {
        Ok(self.client.execute(script, Vec::new()).await?)
    }

    async fn poll<T, F, Fut>(&self, probe: F) -> anyhow::Result<T>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = anyhow::Result<Option<T>>>,
    {
        self.poll_within(PATIENCE, probe).await
    }

    /// Probes until `probe` answers Some or `patience` runs out. While the test holds the page's clock, each miss
    /// moves it to the page's next timer (up to [`PAGE_CLOCK_BUDGET_MS`] past where this wait began) and probes
    /// again at once: the page's time passes only as fast as the page can show it. With nothing due, it waits.
    pub async fn poll_within<T, F, Fut>(&self, patience: Duration, probe: F) -> anyhow::Result<T>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = anyhow::Result<Option<T>>>,
    {
        if !self.clock_held.load(Ordering::Relaxed) {
            return poll_for(patience, probe).await;
        }
        let until = self.page_clock_now().await? + PAGE_CLOCK_BUDGET_MS;
        let next = format!("return window.__limooPageClock.next({until});");
        let moved = poll_with(patience, probe, || async {
            if !self.execute(&next).await.is_ok_and(|fired| fired.as_bool() == Some(true)) {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        });
        moved.await.with_context(|| format!("the page's clock was moved up to {PAGE_CLOCK_BUDGET_MS} ms meanwhile"))
    }

    /// From now on this document's timers and `Date` run on a clock the test moves: every wait of a step moves it
    /// from timer to timer (`poll_within`), so a spec's constant of seconds passes without a second's wait. The
    /// clock is @sinonjs/fake-timers, the web's dev dependency, with `page_clock.js` driving it.
    pub async fn hold_page_clock(&self) -> anyhow::Result<()> {
        self.execute(page_clock_script()?).await?;
        self.clock_held.store(true, Ordering::Relaxed);
        Ok(())
    }

    /// The held page clock's time in ms (its `Date.now()`).
    pub async fn page_clock_now(&self) -> anyhow::Result<f64> {
        self.execute("return window.__limooPageClock.now();").await?.as_f64().context("the page's clock is not held")
    }

    pub async fn close(mut self) {
        let _ = self.client.clone().close().await;
        self.processes.stop();
    }
}

/// The script that holds a page's clock: the library's CommonJS source given the one `require` it makes in a
/// browser, then the driver. Read once per run from the web's installed packages.
fn page_clock_script() -> anyhow::Result<&'static str> {
    static SCRIPT: OnceLock<Result<String, String>> = OnceLock::new();
    let made = SCRIPT.get_or_init(|| {
        let library = crate::workspace_root().join("web/node_modules/@sinonjs/fake-timers/src/fake-timers-src.js");
        let source = std::fs::read_to_string(&library)
            .map_err(|e| format!("{}: {e} (the web's dependencies must be installed)", library.display()))?;
        Ok(format!(
            "if (!window.__limooPageClock) {{ const FakeTimers = (() => {{ const exports = {{}}; \
             const require = () => ({{ global: globalThis }});\n{source}\nreturn exports; }})();\n{}\n}}",
            include_str!("page_clock.js")
        ))
    });
    made.as_deref().map_err(|e| anyhow::anyhow!("{e}"))
}

/// Polls `probe` every 100 ms until it answers Some or `patience` runs out.
pub async fn poll_for<T, F, Fut>(patience: Duration, probe: F) -> anyhow::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = anyhow::Result<Option<T>>>,
{
    poll_with(patience, probe, || tokio::time::sleep(Duration::from_millis(100))).await
}

/// Probes until `probe` answers Some or `patience` runs out, running `pause` after each miss.
async fn poll_with<T, F, Fut, P, PFut>(patience: Duration, mut probe: F, mut pause: P) -> anyhow::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = anyhow::Result<Option<T>>>,
    P: FnMut() -> PFut,
    PFut: Future<Output = ()>,
{
    let started = Instant::now();
    let mut last_error = None;
    while started.elapsed() < patience {
        match probe().await {
            Ok(Some(value)) => return Ok(value),
            Ok(None) => {}
            Err(e) => last_error = Some(e),
        }
        pause().await;
    }
    match last_error {
        Some(e) => Err(e.context("timed out")),
        None => bail!("timed out after {patience:?}"),
    }
}

/// chromedriver's endpoint for a DevTools command.
#[derive(Debug)]
struct Cdp {
    cmd: &'static str,
    params: serde_json::Value,
}

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/goog/cdp/execute", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (reqwest::Method, Option<String>) {
        let body = serde_json::json!({ "cmd": self.cmd, "params": self.params });
        (reqwest::Method::POST, Some(body.to_string()))
    }
}

/// The page's two web storages.
#[derive(Debug, Clone, Copy)]
pub enum Storage {
    Session,
    Local,
}

impl Storage {
    fn js(self) -> &'static str {
        match self {
            Storage::Session => "sessionStorage",
            Storage::Local => "localStorage",
        }
    }
}
