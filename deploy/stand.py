"""The production stand the drill and the soak run on: PostgreSQL, release BFF replicas behind nginx
(deploy/nginx/limoo.conf with its ports replaced) and the simulators, all on this machine, each process's output
in a work folder. Customers reach it through the proxy only, as they would in production.
"""
import base64
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ADMIN_URL = os.environ.get("DRILL_ADMIN_URL", "postgres://postgres@127.0.0.1:5432/postgres")
# How long a request may take before a run calls it hung: the BFF's pool waits 2 s for a connection, and an
# order reads the database at most three times in a row (the signed-out tokens, the catalogue's version, its own
# transaction), so a database that does not answer is told within 6 s.
HANG_BOUND_S = 7.0


def log(message):
    print(f"==> {message}", flush=True)


def run(*args, **kwargs):
    return subprocess.run(args, check=True, **kwargs)


def psql(sql, url=ADMIN_URL):
    return run("psql", url, "-Atqc", sql, capture_output=True, text=True).stdout.strip()


def get(port, path, headers=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=HANG_BOUND_S) as reply:
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
    sys.exit(f"{what} did not happen within {seconds} s")


def post_json(port, path, body, token=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=HANG_BOUND_S)
    sent = {"Content-Type": "application/json", **(headers or {})}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    connection.request("POST", path, json.dumps(body), sent)
    reply = connection.getresponse()
    return reply.status, json.loads(reply.read() or b"null")


def customer_of(token):
    """The customer id a BFF token was issued to (its `sub` claim)."""
    claims = token.split(".")[1]
    return int(json.loads(base64.urlsafe_b64decode(claims + "=" * (-len(claims) % 4)))["sub"])


def rss_kib(pid, field="VmRSS"):
    """The resident memory of the process and its children (nginx's workers) now, in KiB (Linux /proc): all of it
    (`VmRSS`), or only what it allocated (`RssAnon`, without the pages of its executable and the files it maps)."""
    own = next((int(line.split()[1]) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                if line.startswith(f"{field}:")), 0)
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return own + sum(rss_kib(child, field) for child in children)


class Stand:
    """Ports `base`+0 (nginx), +1 and +2 (replicas), +10 (simulators); the SMTP sink on `smtp`; `database` made
    fresh on the machine's PostgreSQL and migrated once by `bff migrate`."""

    def __init__(self, name, database, base, smtp, settings=None, sim_args=()):
        self.database, self.url = database, ADMIN_URL.rsplit("/", 1)[0] + "/" + database
        self.proxy, self.replicas, self.sim, self.smtp = base, (base + 1, base + 2), base + 10, smtp
        self.settings, self.sim_args = settings or {}, list(sim_args)
        self.work = Path(tempfile.mkdtemp(prefix=f"limoo-{name}-"))
        self.children = {}
        self.bff, self.simulators = ROOT / "target/release/bff", ROOT / "target/release/simulators"

    def build(self):
        if not os.environ.get("DRILL_NO_BUILD"):
            log("Building the release BFF and simulators")
            run("cargo", "build", "--release", "--quiet", "-p", "limoo-bff", "-p", "limoo-simulators", cwd=ROOT)
        if not (ROOT / "web/dist/index.html").exists():
            log("Building the web app")
            run("sh", "-c", "npm ci --no-audit --no-fund --loglevel=error && npm run build --silent", cwd=ROOT / "web")

    def start(self, name, args, env=None):
        out = open(self.work / f"{name}.log", "ab")
        self.children[name] = subprocess.Popen(args, env=env, stdout=out, stderr=subprocess.STDOUT)
        return self.children[name]

    def replica_env(self, port, demo):
        sims = f"http://127.0.0.1:{self.sim}"
        env = dict(os.environ)
        env.update({
            "LIMOO_ENV": "development", "HOST": "127.0.0.1", "PORT": str(port), "DATABASE_URL": self.url,
            "WEB_DIR": str(ROOT / "web/dist"), "DEMO_DATA": "true" if demo else "false", "MIGRATE_ON_START": "false",
            "AUTH_SECRET": "drill-secret-drill-secret-drill-secret", "PUBLIC_BASE_URL": f"http://127.0.0.1:{self.proxy}",
            "TRUSTED_PROXIES": "127.0.0.1/32", "SHUTDOWN_GRACE_SECONDS": "10", "SHUTDOWN_DRAIN_SECONDS": "5",
            "KAVENEGAR_BASE_URL": f"{sims}/kavenegar", "KAVENEGAR_API_KEY": "sim-key",
            "VANDAR_BASE_URL": f"{sims}/vandar", "PAYPING_BASE_URL": f"{sims}/payping",
            "SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(self.smtp), "RUST_LOG": "warn",
        })
        env.update(self.settings)
        # As a production unit runs it: with backtraces on, every logged failure captures one and the first to be
        # printed loads the binary's debug information for good (20 MiB and more of a replica's memory).
        for name in ("RUST_BACKTRACE", "RUST_LIB_BACKTRACE"):
            env.pop(name, None)
        return env

    def start_replica(self, index, demo=False):
        port = self.replicas[index]
        self.start(f"bff-{port}", [self.bff, "serve"], env=self.replica_env(port, demo))
        wait_until(f"replica {port} ready", lambda: get(port, "/readyz")[0] == 200)

    def replica(self, index):
        return self.children[f"bff-{self.replicas[index]}"]

    def up(self):
        """The database, the simulators, both replicas (the first loads the demo catalogue) and nginx."""
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        if not Path(nginx).exists():
            log("Installing nginx from Debian")
            run("apt-get", "install", "-y", "-q", "--no-install-recommends", "nginx", stdout=subprocess.DEVNULL)
        log(f"Database {self.database}: created fresh, migrated once by `bff migrate`")
        psql(f"DROP DATABASE IF EXISTS {self.database} WITH (FORCE)")
        psql(f"CREATE DATABASE {self.database}")
        migrated = run(self.bff, "migrate", env=self.replica_env(0, False), capture_output=True, text=True)
        print(f"    {migrated.stdout.strip()}")
        self.start("simulators", [self.simulators, "--port", str(self.sim), "--smtp-port", str(self.smtp),
                                  *self.sim_args])
        wait_until("the simulators answering", lambda: get(self.sim, "/_sim/")[0] == 200)
        self.start_replica(0, demo=True)
        self.start_replica(1)
        self.start("nginx", [nginx, "-p", str(self.work), "-c", str(self.nginx_config())])
        wait_until("nginx proxying", lambda: get(self.proxy, "/readyz")[0] == 200)

    def nginx_config(self):
        site = (ROOT / "deploy/nginx/limoo.conf").read_text()
        site = site.replace("listen 80;", f"listen 127.0.0.1:{self.proxy};")
        site = site.replace("127.0.0.1:8081", f"127.0.0.1:{self.replicas[0]}")
        site = site.replace("127.0.0.1:8082", f"127.0.0.1:{self.replicas[1]}")
        conf, work = self.work / "nginx.conf", self.work
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

    def sign_in(self, mobile, client_ip=None):
        """A new customer registers through the proxy with the code the SMS simulator received; their token."""
        headers = {"X-Forwarded-For": client_ip} if client_ip else None
        status, _ = post_json(self.proxy, "/auth/otp", {"mobileNumber": mobile, "countryId": 1}, headers=headers)
        if status != 200:
            raise RuntimeError(f"sending a code: {status}")
        _, sms = get(self.sim, f"/_sim/sms?receptor={mobile}")
        code = json.loads(sms)["token"]
        status, signed = post_json(self.proxy, "/auth/register", {
            "mobileNumber": mobile, "countryId": 1, "firstName": "تمرین", "lastName": "استقرار", "otp": code},
            headers=headers)
        if status != 200:
            raise RuntimeError(f"registering: {status} {signed}")
        return signed["lemonadeToken"]

    def down(self):
        # SIGTERM first: nginx's master killed outright leaves its worker serving the port.
        for child in self.children.values():
            if child.poll() is None:
                child.terminate()
        for child in self.children.values():
            try:
                child.wait(timeout=15)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        if os.environ.get("DRILL_KEEP"):
            print(f"    logs kept in {self.work}")
        else:
            shutil.rmtree(self.work, ignore_errors=True)


def print_table(rows):
    width = max(len(r[0]) for r in rows)
    print(f"\n{'':{width}}  measured  |  expected")
    for figure, measured, goal in rows:
        print(f"{figure:<{width}}  {measured}  |  {goal}")
