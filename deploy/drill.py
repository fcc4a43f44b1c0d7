#!/usr/bin/env python3
"""The deployment drill: PostgreSQL, two release BFF replicas behind nginx (deploy/nginx/limoo.conf) and the
simulators on this machine, a customer ordering through the proxy all along, and three things that happen to a
production shop:

  1. kill -9 of one replica: only the requests in flight on it may fail; the proxy sends new ones to the other;
  2. PostgreSQL stopped for a few seconds and started again: the BFF answers 503 in the error envelope, within a
     bound, /readyz says so, and orders succeed again by themselves soon after the database is back;
  3. a rolling deploy (SIGTERM, restart, one replica after the other): no request fails.

Then every order the customer was answered is in the database, none is stored without its items, and the table at
the end gives the figures. A drill, not a test: CI never runs it (it stops the machine's PostgreSQL). Run as root
(it installs nginx from Debian when missing and restarts PostgreSQL with pg_ctlcluster):

    deploy/drill.py            DRILL_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres)
"""
import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time

from stand import HANG_BOUND_S, Stand, customer_of, get, log, print_table, psql, run, wait_until

DATABASE = "limoo_drill"
MOBILE = "09121239876"
WORKERS = 8


class Load:
    """WORKERS customers' tabs ordering one product after another through the proxy, every answer recorded."""

    def __init__(self, port, token):
        self.port, self.token = port, token
        self.running = True
        self.lock = threading.Lock()
        self.answers = []  # (started, seconds, status or the error's name, order id or None)
        self.threads = [threading.Thread(target=self.work, daemon=True) for _ in range(WORKERS)]
        for thread in self.threads:
            thread.start()

    def work(self):
        body = json.dumps({"productIds": [101]})
        headers = {"Content-Type": "application/json", "Authorization": f"Bearer {self.token}"}
        connection = None
        while self.running:
            started = time.monotonic()
            try:
                if connection is None:
                    connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=HANG_BOUND_S * 3)
                connection.request("POST", "/lemonade/api/orders", body, headers)
                reply = connection.getresponse()
                data = reply.read()
                status, order = reply.status, None
                if status == 200:
                    order = json.loads(data).get("id")
                elif status == 503:
                    envelope = json.loads(data).get("err", {})
                    status = "503 envelope" if envelope.get("code") == "503" else 503
            except (OSError, http.client.HTTPException) as error:
                status, order = type(error).__name__, None
                connection = None
                time.sleep(0.01)
            with self.lock:
                self.answers.append((started, time.monotonic() - started, status, order))

    def since(self, moment):
        with self.lock:
            return [answer for answer in self.answers if answer[0] >= moment]

    def stop(self):
        self.running = False
        for thread in self.threads:
            thread.join()


def summary(answers):
    counts = {}
    for _, _, status, _ in answers:
        counts[str(status)] = counts.get(str(status), 0) + 1
    return ", ".join(f"{status}: {n}" for status, n in sorted(counts.items()))


def failures(answers):
    return [a for a in answers if a[2] != 200]


def main():
    if os.geteuid() != 0:
        sys.exit("drill: run as root (nginx, pg_ctlcluster)")
    clusters = sorted(os.listdir("/etc/postgresql"))
    if not clusters:
        sys.exit("drill: no PostgreSQL cluster in /etc/postgresql")
    cluster = (clusters[-1], "main")
    stand = Stand("drill", DATABASE, 18180, 18125, settings={"ORDERS_PER_CUSTOMER_MINUTE": "0"})
    stand.build()
    rows = []
    try:
        stand.up()

        def orders_served(port):
            _, text = get(port, "/metrics")
            return sum(int(float(line.rsplit(" ", 1)[1])) for line in text.decode().splitlines()
                       if line.startswith('limoo_http_requests_total{operation="createOrder"'))

        log("A customer signs in through the proxy")
        token = stand.sign_in(MOBILE)
        load = Load(stand.proxy, token)
        time.sleep(2)  # a drill watches a running shop: two seconds of normal traffic first
        baseline = load.since(0)
        rows.append(("steady load through the proxy", summary(baseline), "-"))

        log(f"1. kill -9 of the replica on {stand.replicas[0]} under load")
        killed_at = time.monotonic()
        stand.replica(0).send_signal(signal.SIGKILL)
        time.sleep(5)
        after_kill = load.since(killed_at)
        failed = failures(after_kill)
        last = max((a[0] - killed_at for a in failed), default=0.0)
        rows.append(("kill -9 of one replica", f"{summary(after_kill)}; last failure {last:.2f} s after the kill",
                     "only its in-flight requests fail, new ones go to the other"))
        stand.start_replica(0)

        log(f"2. PostgreSQL {cluster[0]}/{cluster[1]} stopped for 5 s under load, then started")
        stopped_at = time.monotonic()
        run("pg_ctlcluster", *cluster, "stop", "-m", "fast")
        ready_down, _ = get(stand.replicas[1], "/readyz")
        time.sleep(5)
        down = load.since(stopped_at)
        run("pg_ctlcluster", *cluster, "start")
        back_at = time.monotonic()
        wait_until("an order after the database is back", lambda: any(
            a[2] == 200 and a[0] >= back_at for a in load.since(back_at)), seconds=30)
        first_success = min(a[0] + a[1] for a in load.since(back_at) if a[2] == 200) - back_at
        time.sleep(3)
        slowest = max((a[1] for a in down), default=0.0)
        wait_until("/readyz after the database is back", lambda: get(stand.replicas[1], "/readyz")[0] == 200, seconds=10)
        rows.append(("PostgreSQL down 5 s", f"{summary(down)}; slowest answer {slowest:.2f} s; /readyz {ready_down}",
                     f"503 envelope, none slower than {HANG_BOUND_S:.0f} s, /readyz 503"))
        rows.append(("… and back", f"first order answered {first_success:.2f} s after the start; then "
                     f"{summary(load.since(back_at + first_success))}", "within 5 s, by itself"))

        log("3. Rolling deploy: SIGTERM, restart, one replica after the other, under load")
        rolled_at = time.monotonic()
        exits = []
        for index, port in enumerate(stand.replicas):
            child = stand.replica(index)
            child.send_signal(signal.SIGTERM)
            exits.append(child.wait(timeout=30))
            stand.start_replica(index)
            # The next replica stops only once the proxy sends orders to this one again (nginx retries a replica
            # it marked failed after fail_timeout): stopping it earlier leaves the proxy with no replica it trusts.
            wait_until(f"the proxy sending orders to {port} again", lambda: orders_served(port) > 0, seconds=30)
        time.sleep(1)
        rolled = load.since(rolled_at)
        rows.append(("rolling deploy of both replicas", f"{summary(rolled)}; exit codes {exits}",
                     "no request fails; each exits 0"))
        load.stop()

        log("Every order answered is stored, none without its items")
        answered = {a[3] for a in load.answers if a[2] == 200 and a[3] is not None}
        customer = customer_of(token)
        stored = set(int(i) for i in psql(
            f"SELECT customer_order_id FROM customer_order WHERE customer_id = {customer}", stand.url).split())
        orphans = psql("SELECT COUNT(*) FROM customer_order o WHERE NOT EXISTS "
                       "(SELECT 1 FROM basket_item b WHERE b.customer_order_id = o.customer_order_id)", stand.url)
        lost = answered - stored
        rows.append(("orders answered 200 / stored / lost / without items",
                     f"{len(answered)} / {len(stored)} / {len(lost)} / {orphans}",
                     "lost 0, without items 0 (stored − answered = requests cut in flight)"))
    finally:
        stand.down()
        subprocess.run(["pg_ctlcluster", *cluster, "start"], capture_output=True)
    print_table(rows)


if __name__ == "__main__":
    main()
