#!/usr/bin/env python3
"""The soak: the production stand (PostgreSQL, two release BFF replicas behind nginx, the simulators) under
SOAK_MINUTES (30) of mixed traffic, as a shop's day brings it:

  - visitors browsing the catalogue and the web app;
  - new customers signing in with the code the SMS simulator received;
  - customers ordering and paying on Vandar's and PayPing's simulated pages: most come back, some close the tab
    after paying (the sweeper must find the money), some cancel, some come back twice (the gateway's callback
    delivered again), some pay one order in two tabs (the second payment must go back).

Then it prints the answers by status (goal: no 5xx), each process's resident memory after the warm-up and at the
end (goal: the replicas within ±10 %), the database's size per thousand orders, and the money invariant: per
order, the money the gateways kept, less what the shop owes back, is the order's price once if it is paid and
nothing otherwise; no sale without a payment; nothing still taken that the shop verified. A script, not a test:
CI never runs it. Run as root when nginx is missing (it installs it from Debian):

    deploy/soak.py          SOAK_MINUTES (30), DRILL_ADMIN_URL, DRILL_NO_BUILD=1 to use the built release
"""
import heapq
import html
import http.client
import json
import os
import random
import re
import sys
import threading
import time
import urllib.parse
from collections import Counter

from stand import HANG_BOUND_S, Stand, customer_of, get, log, print_table, psql, rss_kib

MINUTES = float(os.environ.get("SOAK_MINUTES", "30"))
WARM_UP_S = min(180.0, MINUTES * 60 / 10)
GATEWAYS = ("VANDAR", "PAYPING")
# What a customer does with an order, and how often.
ENDINGS = (("pays and comes back", 55), ("pays and closes the tab", 15), ("cancels on the page", 10),
           ("comes back twice", 5), ("pays in two tabs", 5), ("leaves it unpaid", 10))
# A customer's next journey starts this long after the last one ended: at most four orders and eight payment starts
# a minute, inside ORDERS_PER_CUSTOMER_MINUTE (30) and PAYMENT_CALLS_PER_CUSTOMER_MINUTE (10).
CUSTOMER_PAUSE_S = 15.0


# The web app renews its bearer token (TOKEN_TTL_SECONDS, 15 min) with the refresh cookie before it expires.
RENEW_AFTER_S = 10 * 60


class Customer:
    def __init__(self, token, customer_id, client_ip, refresh):
        self.token, self.id, self.client_ip, self.refresh = token, customer_id, client_ip, refresh
        self.signed_at = time.monotonic()


def refresh_cookie(headers):
    for header in headers.get_all("Set-Cookie") or []:
        name, _, rest = header.partition("=")
        if name.strip() == "limoo_refresh":
            return rest.split(";", 1)[0]
    raise RuntimeError("no refresh cookie")


class Browser:
    """One tab's HTTP client on the proxy or a gateway page: keeps its connection, never follows a redirect."""

    def __init__(self, tally):
        self.tally, self.connections = tally, {}

    def request(self, kind, method, url, body=None, headers=None):
        parts = urllib.parse.urlsplit(url)
        key = (parts.hostname, parts.port)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        for attempt in (1, 2):
            connection = self.connections.get(key)
            if connection is None:
                connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=HANG_BOUND_S * 3)
                self.connections[key] = connection
            try:
                connection.request(method, path, body, headers or {})
                reply = connection.getresponse()
                data = reply.read()
                self.tally.count(kind, reply.status)
                return reply.status, reply.headers, data
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as error:
                # A kept-alive connection the server closed while idle: the request never reached it.
                self.connections.pop(key).close()
                if attempt == 2:
                    self.tally.count(kind, type(error).__name__)
                    raise
            except (OSError, http.client.HTTPException) as error:
                self.connections.pop(key).close()
                self.tally.count(kind, type(error).__name__)
                raise

    def json(self, kind, method, url, body, token=None, client_ip=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if client_ip:
            headers["X-Forwarded-For"] = client_ip
        status, _, data = self.request(kind, method, url, json.dumps(body) if body is not None else None, headers)
        return status, json.loads(data or b"null")


class Tally:
    """Every answer by what was asked and how it ended (a status, or the network error's name)."""

    def __init__(self):
        self.lock, self.answers, self.endings = threading.Lock(), Counter(), Counter()

    def count(self, kind, status):
        with self.lock:
            self.answers[(kind, status)] += 1

    def ended(self, ending):
        with self.lock:
            self.endings[ending] += 1


def form(page, form_id):
    """A simulator page's form with this id: its method, action and hidden fields."""
    found = re.search(rf'<form id="{form_id}"([^>]*)>(.*?)</form>', page, re.S)
    if not found:
        return None
    attributes = lambda tag: {k: html.unescape(v) for k, v in re.findall(r'(\w+)="([^"]*)"', tag)}
    own = attributes(found.group(1))
    inputs = [attributes(tag) for tag in re.findall(r"<input ([^>]*)>", found.group(2))]
    fields = [(i["name"], i["value"]) for i in inputs if i.get("type") == "hidden"]
    return own.get("method", "get").upper(), own["action"], fields


class Shop:
    def __init__(self, stand, tally, deadline):
        self.stand, self.tally, self.deadline = stand, tally, deadline
        self.proxy = f"http://127.0.0.1:{stand.proxy}"
        # Customers ready to shop again: (when, token, customer id, client address), the soonest first. A customer
        # comes back CUSTOMER_PAUSE_S after a journey ends, as a person would: within the shop's per-customer limits.
        self.customers = []
        self.lock = threading.Lock()
        self.orders = set()
        self.failures = Counter()
        self.next_mobile = random.randrange(1_000_000, 8_000_000)

    def running(self):
        return time.monotonic() < self.deadline

    def visitor(self):
        tab = Browser(self.tally)
        while self.running():
            try:
                tab.request("catalogue", "GET", f"{self.proxy}/lemonade/api/products")
                tab.request("web app", "GET", f"{self.proxy}/")
            except (OSError, http.client.HTTPException):
                pass
            time.sleep(0.05)

    def signer(self):
        tab = Browser(self.tally)
        while self.running():
            with self.lock:
                self.next_mobile += 1
                # Numbers ending in 0xxx are the SMS simulator's test values (0418: no credit, 0451: rate limited …),
                # which make it fail on purpose: a soak's customers have ordinary numbers.
                if self.next_mobile % 10_000 < 1_000:
                    self.next_mobile += 1_000
                mobile = f"0935{self.next_mobile:07d}"
            client_ip = f"10.{random.randrange(256)}.{random.randrange(256)}.{random.randrange(1, 255)}"
            try:
                status, _ = tab.json("sign-in code", "POST", f"{self.proxy}/auth/otp",
                                     {"mobileNumber": mobile, "countryId": 1}, client_ip=client_ip)
                if status == 200:
                    _, sms = get(self.stand.sim, f"/_sim/sms?receptor={mobile}")
                    body = json.dumps({"mobileNumber": mobile, "countryId": 1, "firstName": "سوک",
                                       "lastName": "آزمون", "otp": json.loads(sms)["token"]})
                    status, headers, data = tab.request("register", "POST", f"{self.proxy}/auth/register", body, {
                        "Content-Type": "application/json", "X-Forwarded-For": client_ip})
                    if status == 200:
                        token = json.loads(data)["lemonadeToken"]
                        customer = Customer(token, customer_of(token), client_ip, refresh_cookie(headers))
                        self.back_later(0.0, customer)
            except (OSError, http.client.HTTPException, ValueError, KeyError):
                pass
            time.sleep(0.3)

    def back_later(self, pause, customer):
        with self.lock:
            heapq.heappush(self.customers, (time.monotonic() + pause, random.random(), customer))

    def next_customer(self):
        with self.lock:
            if self.customers and self.customers[0][0] <= time.monotonic():
                return heapq.heappop(self.customers)[2]
        return None

    def buyer(self):
        tab = Browser(self.tally)
        while self.running():
            shopper = self.next_customer()
            if shopper is None:
                time.sleep(0.05)
                continue
            ending = random.choices([e for e, _ in ENDINGS], [w for _, w in ENDINGS])[0]
            try:
                if time.monotonic() - shopper.signed_at > RENEW_AFTER_S:
                    self.renew(tab, shopper)
                self.buy(tab, shopper.token, shopper.id, shopper.client_ip, ending)
                self.tally.ended(ending)
            except (OSError, http.client.HTTPException, ValueError, KeyError, RuntimeError) as error:
                with self.lock:
                    self.failures[f"{ending}: {type(error).__name__}: {str(error)[:80]}"] += 1
            self.back_later(CUSTOMER_PAUSE_S, shopper)

    def renew(self, tab, customer):
        """What the web app does before its bearer token expires: the refresh cookie for a new one (rotated)."""
        status, headers, data = tab.request("token renewal", "GET", f"{self.proxy}/auth/verify-lemonade?service=LIMOO_SHOP",
                                            headers={"Cookie": f"limoo_refresh={customer.refresh}",
                                                     "X-Forwarded-For": customer.client_ip})
        if status != 200:
            raise RuntimeError(f"renewing the sign-in answered {status}")
        customer.token, customer.refresh = json.loads(data)["lemonadeToken"], refresh_cookie(headers)
        customer.signed_at = time.monotonic()

    def buy(self, tab, token, customer, client_ip, ending):
        status, order = tab.json("order", "POST", f"{self.proxy}/lemonade/api/orders", {"productIds": [101]},
                                 token, client_ip)
        if status != 200:
            return
        with self.lock:
            self.orders.add(order["id"])
        tab.request("orders history", "GET", f"{self.proxy}/lemonade/api/orders",
                    headers={"Authorization": f"Bearer {token}", "X-Forwarded-For": client_ip})
        if ending == "leaves it unpaid":
            return
        # Two tabs are two gateways: a second start on the same gateway hands back the payment the first opened.
        gateways = random.sample(GATEWAYS, 2 if ending == "pays in two tabs" else 1)
        links = []
        for gateway in gateways:
            status, started = tab.json("payment start", "POST", f"{self.proxy}/lemonade/api/payments", {
                "orderId": order["id"], "service": "LIMOO_SHOP", "customerId": customer, "mobile": "09121234567",
                "paymentConfig": {"gateway": gateway, "paymentResultUrl": f"{self.proxy}/#/payment-result"}},
                token, client_ip)
            if status != 200:
                return
            links.append(started["paymentLink"])
        action = "cancel" if ending == "cancels on the page" else "pay"
        callbacks = [self.press(tab, link, action) for link in links]
        if ending == "pays and closes the tab":
            return
        for callback in callbacks:
            self.come_back(tab, callback)
        if ending == "comes back twice":
            code = links[0].split("?")[0].rstrip("/").rsplit("/", 1)[-1]
            tab.json("callback delivered again", "POST", f"http://127.0.0.1:{self.stand.sim}/_sim/payments/{code}/callback",
                     {"times": 1})

    def press(self, tab, link, action):
        """Opens the gateway's page and presses `action`; the callback the gateway sends the browser on."""
        status, headers, body = tab.request("gateway page", "GET", link)
        for _ in range(5):
            if status not in (301, 302, 303, 307):
                break
            link = urllib.parse.urljoin(link, headers["Location"])
            status, headers, body = tab.request("gateway page", "GET", link)
        page = form(body.decode(), "sim-page")
        if status != 200 or page is None:
            raise RuntimeError(f"no payment page at {link}: {status}")
        pressed = urllib.parse.urljoin(link, page[1])
        status, headers, body = tab.request("gateway pay", "POST", pressed, urllib.parse.urlencode({"action": action}),
                                            {"Content-Type": "application/x-www-form-urlencoded"})
        if status in (302, 303):
            return "GET", urllib.parse.urljoin(pressed, headers["Location"]), []
        callback = form(body.decode(), "callback")
        if callback is None:
            raise RuntimeError(f"pressing {action} answered {status} without a callback")
        return callback[0], urllib.parse.urljoin(pressed, callback[1]), callback[2]

    def come_back(self, tab, callback):
        method, url, fields = callback
        if method == "POST":
            tab.request("payment callback", "POST", url, urllib.parse.urlencode(fields),
                        {"Content-Type": "application/x-www-form-urlencoded"})
        else:
            tab.request("payment callback", "GET", url)


def figures(stand):
    orders = int(psql("SELECT COUNT(*) FROM customer_order", stand.url))
    size = int(psql(f"SELECT pg_database_size('{stand.database}')"))
    memory = {name: (rss_kib(child.pid), rss_kib(child.pid, "RssAnon")) for name, child in stand.children.items()}
    return orders, size, memory


OPEN_STATES = "'CREATED','REDIRECTED','CALLBACK_RECEIVED'"


def settled(stand):
    """No payment the sweeper can finish waits any more. PayPing's are not among them: its verify needs the
    `paymentRefId` only its callback brings, so a customer who paid and closed the tab gets the money back from
    PayPing after its 10 minutes, and the shop's payment expires after PAYMENT_EXPIRE_MINUTES."""
    waiting = f"SELECT COUNT(*) FROM payment WHERE state IN ({OPEN_STATES}) AND gateway <> 'PAYPING'"
    return psql(waiting, stand.url) == "0"


def open_payments(stand):
    rows = psql(f"SELECT gateway, COUNT(*) FROM payment WHERE state IN ({OPEN_STATES}) GROUP BY gateway", stand.url)
    return ", ".join(line.replace("|", ": ") for line in rows.splitlines()) or "none"


def money(stand):
    """The money invariant over every order and every sale the simulators made; the broken cases, by kind."""
    _, ledger = get(stand.sim, "/_sim/ledger")
    ledger = json.loads(ledger)
    payments = {}
    for line in psql("SELECT payment_id, customer_order_id, state, amount, gateway_amount FROM payment",
                     stand.url).splitlines():
        payment, order, state, amount, gateway_amount = line.split("|")
        payments[payment] = (int(order), state, int(amount), int(gateway_amount))
    orders = {}
    for line in psql("SELECT o.customer_order_id, o.status, SUM(b.final_price - b.user_point_deduction) "
                     "FROM customer_order o JOIN basket_item b ON b.customer_order_id = o.customer_order_id "
                     "GROUP BY o.customer_order_id, o.status", stand.url).splitlines():
        order, status, price = line.split("|")
        orders[int(order)] = (status, int(price), [0, 0])  # kept, owed back, in toman
    broken, kinds = Counter(), Counter()
    for entry in ledger:
        kinds[entry["money"]] += 1
        payment = payments.get(entry["reference"])
        if payment is None:
            broken["a gateway sale with no payment of the shop"] += 1
            continue
        order, state, amount, gateway_amount = payment
        if amount != orders[order][1]:
            broken["a payment asked another amount than its order's price"] += 1
        kept = entry["kept"] * amount // gateway_amount
        orders[order][2][0] += kept
        if state == "REFUND_DUE":
            orders[order][2][1] += kept
        if entry["money"] == "taken" and state == "VERIFIED":
            broken["money still only taken for a payment the shop verified"] += 1
    for status, price, (kept, owed) in orders.values():
        expected = price if status == "PAYMENT_SUCCESS" else 0
        if kept - owed != expected:
            broken[f"an order {status} keeping {kept - owed} of {price}"] += 1
    paid = sum(1 for status, _, _ in orders.values() if status == "PAYMENT_SUCCESS")
    owed = sum(1 for _, state, _, _ in payments.values() if state == "REFUND_DUE")
    return paid, len(orders), len(ledger), owed, kinds, broken


def main():
    stand = Stand("soak", "limoo_soak", 18280, 18225, settings={
        # The sweeper asks about a payment nobody came back from after 20 s, every 5 s, so a 30-minute soak sees
        # it settle thousands; production keeps the defaults (120 s, 60 s).
        "PAYMENT_SETTLE_AFTER_SECONDS": "20", "PAYMENT_SWEEP_SECONDS": "5",
    }, sim_args=["--max-records", "200000"])
    stand.build()
    tally = Tally()
    rows = []
    try:
        stand.up()
        started = time.monotonic()
        shop = Shop(stand, tally, started + MINUTES * 60)
        workers = [shop.visitor] * 2 + [shop.signer] + [shop.buyer] * 4
        threads = [threading.Thread(target=work, daemon=True) for work in workers]
        for thread in threads:
            thread.start()
        log(f"Mixed traffic for {MINUTES:g} min; figures after a {WARM_UP_S:.0f} s warm-up and at the end")
        time.sleep(WARM_UP_S)
        warm = figures(stand)
        while any(thread.is_alive() for thread in threads):
            time.sleep(60 if MINUTES >= 5 else 5)
            answered = sum(tally.answers.values())
            memory = ", ".join(f"{name} {rss_kib(child.pid) / 1024:.1f} MiB ({rss_kib(child.pid, 'RssAnon') / 1024:.1f} "
                               "allocated)" for name, child in stand.children.items() if name.startswith("bff"))
            log(f"{(time.monotonic() - started) / 60:.1f} min: {answered} answers, {len(shop.orders)} orders; {memory}")
        end = figures(stand)
        log("Load stopped; waiting for the sweeper to settle every payment nobody came back from")
        deadline = time.monotonic() + 120
        while not settled(stand) and time.monotonic() < deadline:
            time.sleep(1)
        elapsed = time.monotonic() - started

        by_status = Counter()
        for (_, status), n in tally.answers.items():
            by_status[str(status)] += n
        unusual = {f"{kind} {status}": n for (kind, status), n in sorted(tally.answers.items(), key=str)
                   if status not in (200, 303)}
        rows.append(("answers by status", ", ".join(f"{s}: {n}" for s, n in sorted(by_status.items())),
                     "no 5xx, no network error"))
        rows.append(("… other than 200 and 303, by request", json.dumps(unusual, ensure_ascii=False), "{}"))
        rows.append(("customers' journeys", ", ".join(f"{e}: {n}" for e, n in tally.endings.most_common()), "-"))
        if shop.failures:
            rows.append(("journeys cut short", json.dumps(dict(shop.failures), ensure_ascii=False), "none"))
        for name in stand.children:
            (before, anon_before), (after, anon_after) = warm[2][name], end[2][name]
            change = (after - before) / before * 100 if before else 0.0
            goal = {"simulators": "- (they keep every payment they made)", "nginx": "-"}.get(name, "within ±10 %")
            rows.append((f"RSS {name}", f"{before / 1024:.1f} MiB → {after / 1024:.1f} MiB ({change:+.1f} %); "
                         f"allocated {anon_before / 1024:.1f} → {anon_after / 1024:.1f} MiB", goal))
        grown = end[0] - warm[0]
        per_thousand = (end[1] - warm[1]) / grown * 1000 / 2**20 if grown else 0.0
        rows.append(("database", f"{end[1] / 2**20:.1f} MiB for {end[0]} orders; "
                     f"{per_thousand:.2f} MiB per 1,000 orders after the warm-up", "-"))
        paid, orders, sales, owed, kinds, broken = money(stand)
        rows.append(("money", f"{orders} orders, {paid} paid; {sales} gateway payments "
                     f"({', '.join(f'{k}: {n}' for k, n in sorted(kinds.items()))}); {owed} owed back by finance",
                     "-"))
        rows.append(("money invariant broken", json.dumps(dict(broken), ensure_ascii=False) if broken else "never",
                     "never"))
        rows.append(("payments still open after the sweeper", open_payments(stand),
                     "only PayPing's whose customer closed the tab (its verify needs the callback)"))
        log(f"Done in {elapsed / 60:.1f} min")
    finally:
        stand.down()
    print_table(rows)
    failed = any(r[0] == "money invariant broken" and r[1] != "never" for r in rows)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
