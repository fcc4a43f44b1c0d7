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
import base64
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ADMIN_URL = os.environ.get("DRILL_ADMIN_URL", "postgres://postgres@127.0.0.1:5432/postgres")
DATABASE = "limoo_drill"
DATABASE_URL = ADMIN_URL.rsplit("/", 1)[0] + "/" + DATABASE
PROXY, REPLICAS, SIM, SMTP = 18180, (18181, 18182), 18190, 18125
MOBILE = "09121239876"
WORKERS = 8
# How long a request may take before the drill calls it hung: the BFF's pool waits 2 s for a connection, and an
# order reads the database at most three times in a row (the signed-out tokens, the catalogue's version, its own
# transaction), so a database that does not answer is told within 6 s.
HANG_BOUND_S = 7.0


def log(message):
    print(f"==> {message}", flush=True)


def run(*args, **kwargs):
    return subprocess.run(args, check=True, **kwargs)


def psql(sql, url=ADMIN_URL):
    return run("psql", url, "-Atqc", sql, capture_output=True, text=True).stdout.strip()


def get(port, path):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=HANG_BOUND_S) as reply:
            return reply.status, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()
    except OSError:
        return None, b""


def wait_until(what, check, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    sys.exit(f"drill: {what} did not happen within {seconds} s")


def post_json(port, path, body, token=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=HANG_BOUND_S)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection.request("POST", path, json.dumps(body), headers)
    reply = connection.getresponse()
    return reply.status, json.loads(reply.read() or b"null")


class Processes:
    def __init__(self, work):
        self.work = work
        self.children = {}

    def start(self, name, args, env=None):
        out = open(self.work / f"{name}.log", "ab")
        self.children[name] = subprocess.Popen(args, env=env, stdout=out, stderr=subprocess.STDOUT)
        return self.children[name]

    def stop_all(self):
        for child in self.children.values():
            if child.poll() is None:
                child.kill()
                child.wait()


def replica_env(port, demo):
    sims = f"http://127.0.0.1:{SIM}"
    env = dict(os.environ)
    env.update({
        "LIMOO_ENV": "development", "HOST": "127.0.0.1", "PORT": str(port), "DATABASE_URL": DATABASE_URL,
        "WEB_DIR": str(ROOT / "web/dist"), "DEMO_DATA": "true" if demo else "false", "MIGRATE_ON_START": "false",
        "AUTH_SECRET": "drill-secret-drill-secret-drill-secret", "PUBLIC_BASE_URL": f"http://127.0.0.1:{PROXY}",
        "TRUSTED_PROXIES": "127.0.0.1/32", "ORDERS_PER_CUSTOMER_MINUTE": "0", "SHUTDOWN_GRACE_SECONDS": "10",
        "KAVENEGAR_BASE_URL": f"{sims}/kavenegar", "KAVENEGAR_API_KEY": "sim-key",
        "VANDAR_BASE_URL": f"{sims}/vandar", "PAYPING_BASE_URL": f"{sims}/payping",
        "SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(SMTP), "RUST_LOG": "warn",
    })
    return env


def nginx_config(work):
    site = (ROOT / "deploy/nginx/limoo.conf").read_text()
    site = site.replace("listen 80;", f"listen 127.0.0.1:{PROXY};")
    site = site.replace("127.0.0.1:8081", f"127.0.0.1:{REPLICAS[0]}").replace("127.0.0.1:8082", f"127.0.0.1:{REPLICAS[1]}")
    conf = work / "nginx.conf"
    conf.write_text(
        "worker_processes 1;\ndaemon off;\n"
        f"pid {work}/nginx.pid;\nerror_log {work}/nginx-error.log warn;\n"
        "events { worker_connections 1024; }\n"
        "http {\n  access_log off;\n"
        f"  client_body_temp_path {work}/body;\n  proxy_temp_path {work}/proxy;\n"
        f"  fastcgi_temp_path {work}/fastcgi;\n  uwsgi_temp_path {work}/uwsgi;\n  scgi_temp_path {work}/scgi;\n"
        f"{site}\n}}\n"
    )
    return conf


class Load:
    """WORKERS customers' tabs ordering one product after another through the proxy, every answer recorded."""

    def __init__(self, token):
        self.token = token
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
                    connection = http.client.HTTPConnection("127.0.0.1", PROXY, timeout=HANG_BOUND_S * 3)
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
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        log("Installing nginx from Debian")
        run("apt-get", "install", "-y", "-q", "--no-install-recommends", "nginx", stdout=subprocess.DEVNULL)
    clusters = sorted(os.listdir("/etc/postgresql"))
    if not clusters:
        sys.exit("drill: no PostgreSQL cluster in /etc/postgresql")
    cluster = (clusters[-1], "main")
    if not os.environ.get("DRILL_NO_BUILD"):
        log("Building the release BFF and simulators")
        run("cargo", "build", "--release", "--quiet", "-p", "limoo-bff", "-p", "limoo-simulators", cwd=ROOT)
    if not (ROOT / "web/dist/index.html").exists():
        log("Building the web app")
        run("sh", "-c", "npm ci --no-audit --no-fund --loglevel=error && npm run build --silent", cwd=ROOT / "web")
    bff, simulators = ROOT / "target/release/bff", ROOT / "target/release/simulators"
    work = Path(tempfile.mkdtemp(prefix="limoo-drill-"))
    processes = Processes(work)
    rows = []
    try:
        log(f"Database {DATABASE}: created fresh, migrated once by `bff migrate`")
        psql(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        psql(f"CREATE DATABASE {DATABASE}")
        migrated = run(bff, "migrate", env=replica_env(0, False), capture_output=True, text=True).stdout.strip()
        print(f"    {migrated}")
        processes.start("simulators", [simulators, "--port", str(SIM), "--smtp-port", str(SMTP)])
        wait_until("the simulators answering", lambda: get(SIM, "/_sim/")[0] == 200)

        def start_replica(index, demo=False):
            port = REPLICAS[index]
            processes.start(f"bff-{port}", [bff, "serve"], env=replica_env(port, demo))
            wait_until(f"replica {port} ready", lambda: get(port, "/readyz")[0] == 200)

        def orders_served(port):
            _, text = get(port, "/metrics")
            return sum(int(float(line.rsplit(" ", 1)[1])) for line in text.decode().splitlines()
                       if line.startswith('limoo_http_requests_total{operation="createOrder"'))

        start_replica(0, demo=True)  # the first one loads the demo catalogue; the second finds it
        start_replica(1)
        processes.start("nginx", [nginx, "-p", str(work), "-c", str(nginx_config(work))])
        wait_until("nginx proxying", lambda: get(PROXY, "/readyz")[0] == 200)

        log("A customer signs in through the proxy")
        status, _ = post_json(PROXY, "/auth/otp", {"mobileNumber": MOBILE, "countryId": 1})
        assert status == 200, f"sending a code: {status}"
        _, sms = get(SIM, f"/_sim/sms?receptor={MOBILE}")
        code = json.loads(sms)["token"]
        status, signed = post_json(PROXY, "/auth/register", {
            "mobileNumber": MOBILE, "countryId": 1, "firstName": "تمرین", "lastName": "استقرار", "otp": code})
        assert status == 200, f"registering: {status} {signed}"
        load = Load(signed["lemonadeToken"])
        time.sleep(2)  # a drill watches a running shop: two seconds of normal traffic first
        baseline = load.since(0)
        rows.append(("steady load through the proxy", summary(baseline), "-"))

        log(f"1. kill -9 of the replica on {REPLICAS[0]} under load")
        killed_at = time.monotonic()
        processes.children[f"bff-{REPLICAS[0]}"].send_signal(signal.SIGKILL)
        time.sleep(5)
        after_kill = load.since(killed_at)
        failed = failures(after_kill)
        last = max((a[0] - killed_at for a in failed), default=0.0)
        rows.append(("kill -9 of one replica", f"{summary(after_kill)}; last failure {last:.2f} s after the kill",
                     "only its in-flight requests fail, new ones go to the other"))
        start_replica(0)

        log(f"2. PostgreSQL {cluster[0]}/{cluster[1]} stopped for 5 s under load, then started")
        stopped_at = time.monotonic()
        run("pg_ctlcluster", *cluster, "stop", "-m", "fast")
        ready_down, _ = get(REPLICAS[1], "/readyz")
        time.sleep(5)
        down = load.since(stopped_at)
        run("pg_ctlcluster", *cluster, "start")
        back_at = time.monotonic()
        wait_until("an order after the database is back", lambda: any(
            a[2] == 200 and a[0] >= back_at for a in load.since(back_at)), seconds=30)
        first_success = min(a[0] + a[1] for a in load.since(back_at) if a[2] == 200) - back_at
        time.sleep(3)
        slowest = max((a[1] for a in down), default=0.0)
        wait_until("/readyz after the database is back", lambda: get(REPLICAS[1], "/readyz")[0] == 200, seconds=10)
        rows.append(("PostgreSQL down 5 s", f"{summary(down)}; slowest answer {slowest:.2f} s; /readyz {ready_down}",
                     f"503 envelope, none slower than {HANG_BOUND_S:.0f} s, /readyz 503"))
        rows.append(("… and back", f"first order answered {first_success:.2f} s after the start; then "
                     f"{summary(load.since(back_at + first_success))}", "within 5 s, by itself"))

        log("3. Rolling deploy: SIGTERM, restart, one replica after the other, under load")
        rolled_at = time.monotonic()
        exits = []
        for index, port in enumerate(REPLICAS):
            child = processes.children[f"bff-{port}"]
            child.send_signal(signal.SIGTERM)
            exits.append(child.wait(timeout=30))
            start_replica(index)
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
        claims = signed["lemonadeToken"].split(".")[1]
        customer = int(json.loads(base64.urlsafe_b64decode(claims + "=" * (-len(claims) % 4)))["sub"])
        stored = set(int(i) for i in psql(
            f"SELECT customer_order_id FROM customer_order WHERE customer_id = {customer}", DATABASE_URL).split())
        orphans = psql("SELECT COUNT(*) FROM customer_order o WHERE NOT EXISTS "
                       "(SELECT 1 FROM basket_item b WHERE b.customer_order_id = o.customer_order_id)", DATABASE_URL)
        lost = answered - stored
        rows.append(("orders answered 200 / stored / lost / without items",
                     f"{len(answered)} / {len(stored)} / {len(lost)} / {orphans}",
                     "lost 0, without items 0 (stored − answered = requests cut in flight)"))
    finally:
        processes.stop_all()
        if os.environ.get("DRILL_KEEP"):
            print(f"    logs kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
        subprocess.run(["pg_ctlcluster", *cluster, "start"], capture_output=True)

    width = max(len(r[0]) for r in rows)
    print(f"\n{'':{width}}  measured  |  expected")
    for figure, measured, goal in rows:
        print(f"{figure:<{width}}  {measured}  |  {goal}")


if __name__ == "__main__":
    main()
