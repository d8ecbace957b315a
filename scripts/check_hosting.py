#!/usr/bin/env python3
"""Checks the hosting bundle (called by scripts/check-hosting).

static:  the Dockerfile against the repo and the server (COPY sources exist and
         are in the build context, stage outputs match the build, the runtime
         CMD/HEALTHCHECK name the server's binary, ports agree); the compose
         file against the Dockerfile, the server's settings (--help) and
         deploy/haproxy.cfg (servers in cluster mode behind HAProxy, which
         publishes HOST_PORT); haproxy -c on that file.
run:     the image's start sequence natively: the Dockerfile's CMD with the
         Dockerfile + compose environment against a scratch Postgres database,
         then its HEALTHCHECK until ready, /api/ready, the web page, SIGTERM,
         `migrate` again (upgrade path), a restart that brings a room back.
         Then two servers behind HAProxy (deploy/haproxy.cfg on loopback):
         routing, the relay, the servers' limits per player through the
         proxy (X-Forwarded-For), HAProxy's per-client limits, a drain.

Every failure is one line starting with "check-hosting: FAIL".
"""

import argparse
import fnmatch
import ipaddress
import json
import os
import re
import secrets
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
import tomllib
import urllib.error
import urllib.parse
import urllib.request
from http.client import HTTPConnection

try:
    import yaml
except ImportError:
    print("check-hosting: FAIL: python3 cannot import yaml: apt-get install python3-yaml (docker-compose brings it)", file=sys.stderr)
    sys.exit(1)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAILURES = []
sys.stdout.reconfigure(line_buffering=True)  # keep ok/FAIL lines in order


def fail(msg):
    FAILURES.append(msg)
    print(f"check-hosting: FAIL: {msg}", file=sys.stderr)


def ok(msg):
    print(f"  ok: {msg}")


def run(argv, timeout, **kw):
    """subprocess.run, but a command that outlives `timeout` is killed and
    reported as exit code 124 with a note, not a traceback."""
    try:
        return subprocess.run(argv, timeout=timeout, capture_output=True, text=True, **kw)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(argv, 124, "", f"{shlex.join(argv)}: still running after {timeout}s (killed)")


def die_if_failed():
    if FAILURES:
        print(f"check-hosting: {len(FAILURES)} failure(s)", file=sys.stderr)
        sys.exit(1)


# --- Dockerfile ---------------------------------------------------------------


def dockerfile_instructions(path):
    """(keyword, rest) pairs, continuation lines joined, comments dropped."""
    out, buf = [], ""
    with open(path) as f:
        for raw in f:
            line = raw.rstrip("\n")
            if not buf and (not line.strip() or line.lstrip().startswith("#")):
                continue
            if buf and line.lstrip().startswith("#"):
                continue  # a comment inside a continued instruction
            if line.rstrip().endswith("\\"):
                buf += line.rstrip()[:-1] + " "
                continue
            buf += line
            kw, _, rest = buf.strip().partition(" ")
            out.append((kw.upper(), rest.strip()))
            buf = ""
    if buf:
        fail("Dockerfile ends inside a continued line")
    return out


def split_flags(rest):
    """`--from=x --chown=a src dest` -> ({'from': 'x', ...}, [src, dest])."""
    if rest.startswith("["):
        words = json.loads(rest)
    else:
        words = shlex.split(rest)
    flags = {}
    while words and words[0].startswith("--"):
        k, _, v = words.pop(0)[2:].partition("=")
        flags[k] = v
    return flags, words


def parse_env(rest):
    """ENV a=b c="d e"  or the legacy ENV a b."""
    words = shlex.split(rest)
    if words and "=" not in words[0]:
        return {words[0]: " ".join(words[1:])}
    return dict(w.split("=", 1) for w in words)


def exec_form(kw, rest):
    """The JSON (exec) form of CMD/ENTRYPOINT/HEALTHCHECK CMD; None otherwise."""
    try:
        value = json.loads(rest)
    except json.JSONDecodeError:
        return None
    if isinstance(value, list) and value and all(isinstance(x, str) for x in value):
        return value
    return None


class Stage:
    def __init__(self, image, name):
        self.image, self.name = image, name
        self.workdir = "/"
        self.env, self.runs, self.copies = {}, [], []
        self.cmd = self.entrypoint = self.healthcheck = None
        self.expose, self.volumes = [], []
        self.user = self.stopsignal = None
        self.steps = []  # ("COPY", [sources]) and ("RUN", text), in order


def parse_dockerfile(path):
    stages = []
    for kw, rest in dockerfile_instructions(path):
        if kw == "FROM":
            m = re.match(r"(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$", rest, re.I)
            stages.append(Stage(m.group(1), m.group(2)))
            continue
        if not stages:
            if kw != "ARG":
                fail(f"Dockerfile: {kw} before FROM")
            continue
        s = stages[-1]
        if kw == "WORKDIR":
            s.workdir = os.path.normpath(os.path.join(s.workdir, rest))
        elif kw == "ENV":
            s.env.update(parse_env(rest))
        elif kw == "RUN":
            s.runs.append(rest)
            s.steps.append(("RUN", rest))
        elif kw in ("COPY", "ADD"):
            flags, words = split_flags(rest)
            if len(words) < 2:
                fail(f"Dockerfile: {kw} {rest!r} needs a source and a destination")
                continue
            s.copies.append((kw, flags, words[:-1], words[-1], s.workdir))
            if "from" not in flags:
                s.steps.append(("COPY", [os.path.normpath(w) for w in words[:-1]]))
        elif kw == "CMD":
            s.cmd = exec_form(kw, rest) or rest
        elif kw == "ENTRYPOINT":
            s.entrypoint = exec_form(kw, rest) or rest
        elif kw == "HEALTHCHECK":
            m = re.match(r"((?:--\S+\s+)*)CMD\s+(.*)$", rest, re.S)
            s.healthcheck = (exec_form(kw, m.group(2)) or m.group(2)) if m else rest
        elif kw == "EXPOSE":
            s.expose += rest.split()
        elif kw == "VOLUME":
            s.volumes += json.loads(rest) if rest.startswith("[") else rest.split()
        elif kw == "USER":
            s.user = rest
        elif kw == "STOPSIGNAL":
            s.stopsignal = rest
    return stages


def dockerignore_patterns():
    path = os.path.join(ROOT, ".dockerignore")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]


def ignored(rel, patterns):
    """Whether `rel` or a folder above it matches a .dockerignore pattern
    (no `!` exceptions are used in ours; refuse them rather than guess)."""
    parts = rel.split("/")
    for p in patterns:
        if p.startswith("!"):
            fail(".dockerignore: `!` exceptions are not understood by this check")
            continue
        p = p.strip("/")
        for i in range(1, len(parts) + 1):
            prefix = "/".join(parts[:i])
            if fnmatch.fnmatchcase(prefix, p) or (
                p.startswith("**/") and fnmatch.fnmatchcase(parts[i - 1], p[3:])
            ):
                return p
    return None


def server_bin_name():
    with open(os.path.join(ROOT, "server", "Cargo.toml"), "rb") as f:
        manifest = tomllib.load(f)
    bins = manifest.get("bin") or []
    if len(bins) != 1:
        fail(f"server/Cargo.toml: expected one [[bin]], found {len(bins)}")
        die_if_failed()
    return bins[0]["name"], manifest["package"]["name"]


def vite_out_dir():
    with open(os.path.join(ROOT, "web-client", "vite.config.ts")) as f:
        m = re.search(r"outDir:\s*['\"]([^'\"]+)['\"]", f.read())
    return m.group(1) if m else "dist"  # Vite's default


def member_targets(member):
    """Files Cargo needs to load a member: its declared targets' sources."""
    with open(os.path.join(ROOT, member, "Cargo.toml"), "rb") as f:
        m = tomllib.load(f)
    need = []
    lib = m.get("lib", {}).get("path") or ("src/lib.rs" if os.path.exists(os.path.join(ROOT, member, "src/lib.rs")) else None)
    if lib:
        need.append(lib)
    bins = m.get("bin", [])
    need += [b.get("path") or f"src/bin/{b['name']}.rs" for b in bins]
    if not bins and os.path.exists(os.path.join(ROOT, member, "src/main.rs")):
        need.append("src/main.rs")
    need += [b.get("path") or f"benches/{b['name']}.rs" for b in m.get("bench", [])]
    return [os.path.normpath(f"{member}/{p}") for p in need]


def check_dependency_layer(stage, members):
    """A dependency-only `cargo build` before the sources are copied needs a
    stub for every target each member declares, or Cargo cannot load the
    workspace and the image build fails."""
    copied = set()
    for kind, what in stage.steps:
        if kind == "COPY":
            copied |= set(what)
            continue
        if "cargo build" not in what:
            continue
        before = len(FAILURES)
        for member in members:
            if member in copied or "." in copied:
                continue
            for path in member_targets(member):
                if path not in what:
                    fail(f"Dockerfile stage {stage.name}: the dependency build runs before {member}/ is copied "
                         f"but makes no stub {path}")
        if len(FAILURES) == before:
            ok(f"stage {stage.name}: the first cargo build has every member's sources or stubs")
        return


def port_of(addr):
    m = re.match(r"^(?:\[[^\]]*\]|[^:]*):(\d+)$", addr)
    return m.group(1) if m else None


def check_dockerfile(bin_name, package):
    stages = parse_dockerfile(os.path.join(ROOT, "Dockerfile"))
    if not stages:
        fail("Dockerfile has no FROM")
        die_if_failed()
    by_name = {s.name: s for s in stages if s.name}
    patterns = dockerignore_patterns()
    outputs = {}  # stage name -> the path its build leaves its product at

    for s in stages:
        for kw, flags, srcs, dest, workdir in s.copies:
            if "from" in flags:
                continue
            for src in srcs:
                if re.match(r"^[a-z]+://", src):
                    fail(f"Dockerfile: {kw} {src}: fetches from the network; vendor it instead")
                    continue
                rel = os.path.normpath(src).lstrip("/")
                if not os.path.exists(os.path.join(ROOT, rel)):
                    fail(f"Dockerfile: {kw} source {src!r} does not exist in the repo")
                elif (p := ignored(rel, patterns)) is not None:
                    fail(f"Dockerfile: {kw} source {src!r} is excluded by .dockerignore ({p})")
        runs = " && ".join(s.runs)
        if "cargo build" in runs:
            if not re.search(rf"cargo build[^&;]*--release[^&;]*-p {re.escape(package)}\b", runs):
                fail(f"Dockerfile stage {s.name}: no `cargo build --release ... -p {package}`")
            outputs[s.name] = os.path.join(s.workdir, "target", "release", bin_name)
        elif "npm run build" in runs:
            outputs[s.name] = os.path.join(s.workdir, vite_out_dir())
    ok("every COPY source exists in the repo and is in the build context")

    # Workspace members: the dependency layer must copy each member's manifest.
    with open(os.path.join(ROOT, "Cargo.toml"), "rb") as f:
        members = tomllib.load(f)["workspace"]["members"]
    copied = {os.path.normpath(src) for s in stages for _, fl, srcs, _, _ in s.copies if "from" not in fl for src in srcs}
    for m in members:
        if f"{m}/Cargo.toml" not in copied and m not in copied:
            fail(f"Dockerfile: workspace member {m} (its Cargo.toml) is never copied; cargo cannot load the workspace")
    ok(f"every workspace member's manifest is copied ({', '.join(members)})")
    for s in stages:
        check_dependency_layer(s, members)

    final = stages[-1]
    bin_dest = web_dest = None
    for kw, flags, srcs, dest, workdir in final.copies:
        if "from" not in flags:
            continue
        src_stage = by_name.get(flags["from"])
        if src_stage is None:
            fail(f"Dockerfile: COPY --from={flags['from']}: no such stage")
            continue
        want = outputs.get(src_stage.name)
        for src in srcs:
            if want is None:
                fail(f"Dockerfile: COPY --from={src_stage.name} {src}: that stage builds nothing this check knows")
            elif os.path.normpath(src) != want:
                fail(f"Dockerfile: COPY --from={src_stage.name} {src}: the stage's build output is {want}")
            elif want.endswith(f"/release/{bin_name}"):
                bin_dest = dest if not dest.endswith("/") else dest + bin_name
            else:
                web_dest = dest.rstrip("/")
    if bin_dest is None:
        fail(f"Dockerfile: the runtime stage never copies the release binary target/release/{bin_name}")
    if web_dest is None:
        fail("Dockerfile: the runtime stage never copies the built web client")
    ok("COPY --from sources are the build stages' outputs (release binary, web dist)")

    path_dirs = final.env.get("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin").split(":")
    if final.entrypoint is not None:
        fail("Dockerfile: ENTRYPOINT is set; this check (and the docs) expect CMD alone")
    for what, argv, want_args in (("CMD", final.cmd, None), ("HEALTHCHECK", final.healthcheck, ["healthcheck"])):
        if not isinstance(argv, list):
            fail(f"Dockerfile: {what} must use the exec (JSON) form so no shell is needed and signals reach the server; got {argv!r}")
            continue
        exe = argv[0]
        resolved = exe if exe.startswith("/") else next(
            (os.path.join(d, exe) for d in path_dirs if bin_dest and os.path.join(d, exe) == bin_dest), None)
        if os.path.basename(exe) != bin_name:
            fail(f"Dockerfile: {what} runs {exe!r} but the server's [[bin]] is {bin_name!r}")
        elif bin_dest and resolved != bin_dest:
            fail(f"Dockerfile: {what} runs {exe!r}, which is not where the binary is copied ({bin_dest}) on PATH")
        if want_args is not None and argv[1:] != want_args:
            fail(f"Dockerfile: {what} should be [{bin_name!r}, 'healthcheck'], got {argv}")
    ok(f"CMD {final.cmd} and HEALTHCHECK {final.healthcheck} run the [[bin]] {bin_name!r}")

    if not final.user or final.user in ("root", "0") or final.user.startswith(("root:", "0:")):
        fail(f"Dockerfile: the runtime stage runs as root (USER {final.user})")
    if (final.stopsignal or "SIGTERM") not in ("SIGTERM", "15"):
        fail(f"Dockerfile: STOPSIGNAL {final.stopsignal}: the server stops gracefully on SIGTERM")
    env = dict(final.env)
    addr = env.get("PARLOR_ADDR")
    exposed = [p.split("/")[0] for p in final.expose]
    if not addr:
        fail("Dockerfile: the runtime stage sets no PARLOR_ADDR (the server's default is loopback only)")
    elif not addr.startswith(("0.0.0.0:", "[::]:")):
        fail(f"Dockerfile: PARLOR_ADDR={addr} is not a wildcard address; nothing outside the container reaches it")
    if len(exposed) != 1 or (addr and port_of(addr) != exposed[0]):
        fail(f"Dockerfile: EXPOSE {exposed} does not match PARLOR_ADDR={addr}")
    if env.get("PARLOR_WEB_DIR") != web_dest:
        fail(f"Dockerfile: PARLOR_WEB_DIR={env.get('PARLOR_WEB_DIR')} but the web client is copied to {web_dest}")
    db = env.get("DATABASE_URL", "")
    if db.startswith("sqlite:"):
        path = db[len("sqlite:"):].lstrip("/").split("?")[0]
        if not any(("/" + path).startswith(v.rstrip("/") + "/") for v in final.volumes):
            fail(f"Dockerfile: the SQLite file {db} is not under a VOLUME {final.volumes}; it would die with the container")
    else:
        fail(f"Dockerfile: DATABASE_URL default {db!r} should be a SQLite file under the VOLUME")
    ok(f"runs as {final.user}, STOPSIGNAL {final.stopsignal or 'SIGTERM'}, EXPOSE {exposed} = PARLOR_ADDR {addr}, "
       f"web dir {web_dest}, database {db} under VOLUME {final.volumes}")
    return final, exposed[0] if exposed else None


# --- compose ------------------------------------------------------------------

COMPOSE = "docker-compose.yml"
HAPROXY_CFG = os.path.join("deploy", "haproxy.cfg")
# deploy/haproxy.cfg marks the lines of its per-client limits with this
# comment; the tests' loopback configuration (tests/src/cluster.rs) drops them.
LIMIT_MARK = "# per-client limit"


def read_env_file(path):
    values = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                k, _, v = line.partition("=")
                values[k.strip()] = v.strip()
    return values


def resolve_compose_here(values=None):
    """Without docker-compose: substitute .env.example (or `values`) into
    docker-compose.yml (${V}, ${V:-default}, ${V-default}, ${V:?err}), as compose would."""
    if values is None:
        values = read_env_file(os.path.join(ROOT, ".env.example"))

    def sub(m):
        name, op, arg = m.group(1), m.group(2), m.group(3) or ""
        v = values.get(name)
        if op in (":?", "?") and (v is None or (op == ":?" and v == "")):
            fail(f"{COMPOSE}: ${{{name}}} is required ({arg}) and .env.example lacks it")
            return ""
        if op == ":-" and not v or op == "-" and v is None:
            return arg
        return v or ""

    def walk(node):
        # Compose interpolates after parsing YAML, so a substituted "on" stays a string.
        if isinstance(node, dict):
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        if isinstance(node, str):
            return re.sub(r"\$\{([A-Za-z0-9_]+)(?:(:?[-?])([^}]*))?\}", sub, node)
        return node

    with open(os.path.join(ROOT, COMPOSE)) as f:
        resolved = walk(yaml.safe_load(f))
    fd, path = tempfile.mkstemp(suffix=".yml")
    with os.fdopen(fd, "w") as f:
        yaml.safe_dump(resolved, f)
    return path


def service_env(service):
    env = service.get("environment") or {}
    if isinstance(env, list):
        env = dict(e.split("=", 1) for e in env)
    return {k: ("" if v is None else str(v)) for k, v in env.items()}


def compose_services(resolved_path):
    with open(resolved_path) as f:
        return yaml.safe_load(f).get("services", {})


def compose_server_env(resolved_path):
    services = compose_services(resolved_path)
    return service_env(next((s for s in services.values() if "build" in s), {}))


def compose_proxy_env(resolved_path):
    services = compose_services(resolved_path)
    return service_env(next((s for s in services.values() if "haproxy" in str(s.get("image", ""))), {}))


# The server refuses cluster mode on SQLite; validate_settings checks the
# settings on an in-memory SQLite database, so that one refusal is expected
# there (the bundle gives its servers Postgres).
CLUSTER_NEEDS_POSTGRES = "PARLOR_CLUSTER: cluster mode needs Postgres"


def validate_settings(bin_path, env, label):
    """The server parses every setting at start and exits 2 on a bad one,
    naming each; `migrate` on an in-memory database does exactly that and
    nothing more."""
    run_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    run_env.update(env, DATABASE_URL="sqlite::memory:")
    r = run([bin_path, "migrate"], 60, env=run_env)
    if r.returncode == 0:
        ok(f"{label}: the server accepts every setting")
        return
    problems = [l for l in r.stderr.splitlines() if l.startswith("  ")]
    rest = [l for l in problems if not l.strip().startswith(CLUSTER_NEEDS_POSTGRES)]
    if env.get("PARLOR_CLUSTER") == "on" and r.returncode == 2 and problems and not rest:
        ok(f"{label}: the server accepts every setting (cluster mode, which needs the Postgres it gets)")
    else:
        fail(f"{label}: the server refuses these settings:\n{r.stderr.strip()[-1500:]}")


def server_settings(bin_path):
    """The environment variables the server reads, from its --help."""
    out = run([bin_path, "--help"], 10)
    if out.returncode != 0:
        fail(f"{bin_path} --help exited {out.returncode}: {out.stderr.strip()[-500:]} "
             "(a server without --help is too old for this bundle: rebuild it)")
        die_if_failed()
    names = set(re.findall(r"\[env: ([A-Z0-9_]+)", out.stdout))
    # The log filter is tracing's RUST_LOG, which --help names in the text.
    names |= set(re.findall(r"\bRUST_LOG\b", out.stdout))
    if len(names) < 5:
        fail(f"{bin_path} --help lists only {sorted(names)}; cannot check the compose environment")
        die_if_failed()
    return names


def haproxy_cfg_text():
    with open(os.path.join(ROOT, HAPROXY_CFG)) as f:
        return f.read()


# Docker's default address pools (bridge and user-defined networks), which
# the bundle's PARLOR_TRUSTED_PROXIES must cover.
DOCKER_POOLS = ("172.16.0.0/12", "192.168.0.0/16")


def haproxy_cfg_defaults(cfg):
    """The environment variables deploy/haproxy.cfg reads, with its defaults."""
    return dict(re.findall(r"\$\{([A-Z0-9_]+)-([^}]*)\}", cfg))


def check_compose(resolved_path, defaults_path, bin_name, port, dockerfile_healthcheck, settings):
    """docker-compose.yml: Postgres, the servers in cluster mode (no port of
    their own), HAProxy with deploy/haproxy.cfg publishing HOST_PORT."""
    with open(resolved_path) as f:
        compose = yaml.safe_load(f)
    with open(os.path.join(ROOT, COMPOSE)) as f:
        raw = f.read()
    example = read_env_file(os.path.join(ROOT, ".env.example"))
    services = compose.get("services", {})
    named = [n for n, s in services.items() if "build" in s]
    if not named:
        fail(f"{COMPOSE}: no service is built from the Dockerfile")
        die_if_failed()
    server_name = named[0]
    server = services[server_name]
    build = server["build"]
    context = build if isinstance(build, str) else build.get("context", ".")
    if os.path.realpath(os.path.join(ROOT, context)) != os.path.realpath(ROOT):
        fail(f"{COMPOSE}: the server builds from {context}, not the repo root")

    env = service_env(server)
    unknown = sorted(k for k in env if k not in settings)
    if unknown:
        fail(f"{COMPOSE}: server environment {unknown} are not settings the server knows (see parlor-server --help)")
    if not env.get("DATABASE_URL", "").startswith("postgres://"):
        fail(f"{COMPOSE}: the server's DATABASE_URL is not the Postgres service")
    if "PARLOR_PUBLIC_URL" not in env:
        fail(f"{COMPOSE}: PARLOR_PUBLIC_URL is not set (share links)")
    if env.get("PARLOR_CLUSTER") != "on":
        fail(f"{COMPOSE}: the servers do not run PARLOR_CLUSTER=on (--scale needs cluster mode)")
    if not env.get("PARLOR_CLUSTER_SECRET"):
        fail(f"{COMPOSE}: no PARLOR_CLUSTER_SECRET")
    if not re.search(r"PARLOR_CLUSTER_SECRET: \$\{PARLOR_CLUSTER_SECRET:\?", raw):
        fail(f"{COMPOSE}: PARLOR_CLUSTER_SECRET is not required (${{PARLOR_CLUSTER_SECRET:?...}}): a known secret would do")
    # Every request reaches the servers from HAProxy or from another server,
    # on the compose network's private addresses. The servers must believe
    # their X-Forwarded-For (PARLOR_TRUSTED_PROXIES covering Docker's
    # address pools) to count each player on their own; then their
    # per-client limits stay on. Open connections are counted by TCP peer
    # (HAProxy) before any header is read: that cap is off, HAProxy's.
    trusted = env.get("PARLOR_TRUSTED_PROXIES", "off")
    nets = []
    for part in ([] if trusted == "off" else trusted.split(",")):
        try:
            nets.append(ipaddress.ip_network(part.strip(), strict=False))
        except ValueError:
            fail(f"{COMPOSE}: PARLOR_TRUSTED_PROXIES entry {part!r} is not an address range")
    for pool in DOCKER_POOLS:
        net = ipaddress.ip_network(pool)
        if not any(net.version == n.version and net.subnet_of(n) for n in nets):
            fail(f"{COMPOSE}: PARLOR_TRUSTED_PROXIES={trusted!r} does not cover Docker's pool {pool}: "
                 "behind HAProxy every player would count as one client")
    for k in ("PARLOR_RATE_LIMIT", "PARLOR_RATE_CREATE", "PARLOR_MAX_SOCKETS_PER_IP"):
        if env.get(k) == "off":
            fail(f"{COMPOSE}: {k}=off, but behind trusted proxies the servers can limit per player (want on)")
    if env.get("PARLOR_MAX_CONNS_PER_IP") != "off":
        fail(f"{COMPOSE}: PARLOR_MAX_CONNS_PER_IP={env.get('PARLOR_MAX_CONNS_PER_IP')!r} counts HAProxy's "
             "connections, all players together (want off: HAProxy limits connections per client)")
    addr = env.get("PARLOR_ADDR")
    if addr and port_of(addr) != port:
        fail(f"{COMPOSE}: PARLOR_ADDR={addr} but the Dockerfile EXPOSEs {port}")
    if server.get("ports"):
        fail(f"{COMPOSE}: the server publishes ports; players come through the proxy (and --scale needs it)")
    hc = (server.get("healthcheck") or {}).get("test")
    if hc != ["CMD"] + (dockerfile_healthcheck or []):
        fail(f"{COMPOSE}: server healthcheck {hc} is not the image's ['CMD', '{bin_name}', 'healthcheck']")
    if not server.get("restart"):
        fail(f"{COMPOSE}: the server has no restart policy")

    deps = server.get("depends_on") or {}
    db_names = [n for n, c in deps.items() if isinstance(c, dict) and c.get("condition") == "service_healthy"] \
        if isinstance(deps, dict) else []
    if not db_names:
        fail(f"{COMPOSE}: the server does not wait for a healthy database (depends_on condition: service_healthy)")
    for name in db_names:
        db = services.get(name, {})
        if not (db.get("healthcheck") or {}).get("test"):
            fail(f"{COMPOSE}: {name} has no health check, so service_healthy never comes")
        vols = db.get("volumes") or []
        volumes = compose.get("volumes") or {}
        if not any((v.get("source") if isinstance(v, dict) else str(v).split(":")[0]) in volumes for v in vols):
            fail(f"{COMPOSE}: {name} keeps its data in no named volume")
        if db.get("ports"):
            fail(f"{COMPOSE}: {name} publishes its port; only the servers need the database")

    # The proxy: deploy/haproxy.cfg, finding the servers by the service's
    # name on the image's port, and publishing the port it binds.
    cfg = haproxy_cfg_text()
    proxies = [n for n, s in services.items() if "haproxy" in str(s.get("image", ""))]
    if not proxies:
        fail(f"{COMPOSE}: no HAProxy service")
        die_if_failed()
    proxy = services[proxies[0]]
    mounts = [v if isinstance(v, dict) else {"source": str(v).split(":")[0], "target": str(v).split(":")[1]}
              for v in proxy.get("volumes") or []]
    if not any(os.path.realpath(os.path.join(ROOT, m.get("source", ""))) == os.path.realpath(os.path.join(ROOT, HAPROXY_CFG))
               and m.get("target") == "/usr/local/etc/haproxy/haproxy.cfg" for m in mounts):
        fail(f"{COMPOSE}: the proxy does not mount {HAPROXY_CFG} as /usr/local/etc/haproxy/haproxy.cfg")
    templates = re.findall(r"(?m)^\s+server-template \S+ \S+ ([^:\s]+):(\d+)", cfg)
    if not templates or any(t != (server_name, port) for t in templates):
        fail(f"{HAPROXY_CFG}: server-template targets {templates}, want the {server_name!r} service on {port}")
    binds = re.findall(r"(?m)^\s+bind \S*:(\d+)", cfg)
    targets = []
    for p in proxy.get("ports") or []:
        targets.append(str(p["target"]) if isinstance(p, dict) else str(p).split(":")[-1].split("/")[0])
    if len(binds) != 1 or targets != binds:
        fail(f"{COMPOSE}: the proxy publishes container ports {targets}, but {HAPROXY_CFG} binds {binds}")
    raw_ports = (yaml.safe_load(raw).get("services", {}).get(proxies[0]) or {}).get("ports") or []
    if not any(str(p).startswith("${HOST_PORT") for p in raw_ports):
        fail(f"{COMPOSE}: the proxy's published port is not HOST_PORT ({raw_ports})")
    if not proxy.get("restart"):
        fail(f"{COMPOSE}: the proxy has no restart policy")
    if server_name not in (proxy.get("depends_on") or {}):
        fail(f"{COMPOSE}: the proxy does not depend on {server_name}")
    # The limits' variables: passed to the proxy, with the same defaults as
    # deploy/haproxy.cfg's own (which `haproxy -c` and the tests use).
    cfg_defaults = haproxy_cfg_defaults(cfg)
    compose_defaults = compose_proxy_env(defaults_path)
    for k, v in cfg_defaults.items():
        if k not in compose_defaults:
            fail(f"{COMPOSE}: {HAPROXY_CFG} reads ${{{k}}} but the proxy service does not pass it")
        elif compose_defaults[k] != v:
            fail(f"{COMPOSE}: the proxy's {k} defaults to {compose_defaults[k]!r}, {HAPROXY_CFG}'s to {v!r}")
    if not any(l.rstrip().endswith(LIMIT_MARK) for l in cfg.splitlines()):
        fail(f"{HAPROXY_CFG}: no line is marked {LIMIT_MARK!r} (the tests drop those lines)")

    # .env.example and the compose file must agree: a documented variable
    # nothing reads misleads, an undocumented one surprises.
    used = set(re.findall(r"\$\{([A-Z0-9_]+)", raw))
    for k in sorted(set(example) - used):
        fail(f".env.example: {k} is not used by {COMPOSE}")
    for k in sorted(used - set(example)):
        fail(f"{COMPOSE}: ${{{k}}} is not documented in .env.example")
    for k, v in example.items():
        if k.endswith("_TOKEN") and v:
            fail(f".env.example: {k} has a value; a copied example would switch it on with a public token")
    ok(f"compose: server env keys are server settings ({len(env)}), cluster mode, per-client limits on "
       f"behind trusted proxies {trusted}, connection cap off, "
       f"no port of its own, health check, waits for {db_names}; .env.example matches")
    ok(f"compose: {proxies[0]} runs {HAPROXY_CFG} (servers {server_name}:{port}), publishes {targets}, "
       f"limits {sorted(cfg_defaults)} default as in the file")
    return env


# --- HAProxy: its configuration, a live cluster behind it, its limits ---------


def haproxy_bin():
    for path in ("haproxy", "/usr/sbin/haproxy"):
        r = run(["sh", "-c", f"command -v {path}"], 5)
        if r.returncode == 0:
            return r.stdout.strip()
    return None


def check_haproxy_cfg():
    haproxy = haproxy_bin()
    if haproxy is None:
        if os.environ.get("CI"):
            fail("haproxy is not installed; CI must check its configuration (apt-get install haproxy)")
        else:
            print("\n!!! check-hosting: haproxy not installed: SKIPPING its configuration check !!!\n", file=sys.stderr)
        return
    r = run([haproxy, "-c", "-f", os.path.join(ROOT, HAPROXY_CFG)], 30)
    if r.returncode != 0:
        fail(f"{HAPROXY_CFG} is not valid:\n{(r.stdout + r.stderr).strip()[-1500:]}")
    else:
        ok(f"{HAPROXY_CFG}: haproxy -c says valid")
    # The tests' forms: on loopback with the limits (below), and without the
    # lines marked as limits (the chaos run's many players from 127.0.0.1).
    with tempfile.TemporaryDirectory() as d:
        for label, keep in (("on loopback", True), (f"on loopback without the lines marked {LIMIT_MARK!r}", False)):
            path = os.path.join(d, "haproxy.cfg")
            with open(path, "w") as f:
                f.write(loopback_haproxy_cfg(free_port(), [free_port(), free_port()], keep_limits=keep))
            r = run([haproxy, "-c", "-f", path], 30)
            if r.returncode != 0:
                fail(f"{HAPROXY_CFG} {label} is not valid:\n{(r.stdout + r.stderr).strip()[-1500:]}")
            else:
                ok(f"{HAPROXY_CFG} {label}: valid")


def loopback_haproxy_cfg(proxy_port, server_ports, keep_limits=True):
    """deploy/haproxy.cfg for servers on this host: the same routing, with
    the servers listed instead of found through Docker's DNS (as
    tests/src/cluster.rs does; it also drops the limits)."""
    cfg = haproxy_cfg_text()
    if not keep_limits:
        cfg = "".join(l for l in cfg.splitlines(keepends=True) if not l.rstrip().endswith(LIMIT_MARK))
    cfg = re.sub(r"(?m)^resolvers docker\n(?:    .*\n)*", "", cfg)
    cfg = cfg.replace(" resolvers docker init-addr none", "")
    cfg = cfg.replace("bind :8080", f"bind 127.0.0.1:{proxy_port}")
    servers = "".join(f"    server s{i} 127.0.0.1:{p}\n" for i, p in enumerate(server_ports, 1))
    cfg = re.sub(r"(?m)^    server-template .*\n", lambda _m: servers, cfg)
    if "resolvers" in cfg or "server-template" in cfg or f"bind 127.0.0.1:{proxy_port}" not in cfg:
        fail(f"{HAPROXY_CFG} no longer turns into a loopback configuration (resolvers, server-template, bind :8080)")
    return cfg


def run_cluster(bin_path, final, compose_env, proxy_env, web_dir):
    """Two servers in cluster mode on one scratch Postgres, behind HAProxy
    with the bundle's routing and limits: a room is reached through the
    proxy and through either server (the relay); the servers' room-creation
    limit counts each player through the proxy on their own; HAProxy's
    per-client limits refuse a client over them; when a room's server
    drains, the other takes the room over and the proxy's next request
    reaches it. HAProxy reaches the servers from 127.0.0.1, which stands
    for the compose network: it is added to PARLOR_TRUSTED_PROXIES; players
    come from 127.0.0.2 and 127.0.0.3."""
    haproxy = haproxy_bin()
    base = os.environ.get("PARLOR_TEST_POSTGRES", "postgres://postgres@127.0.0.1:5432/test")
    if haproxy is None or psql(base, "select 1").returncode != 0:
        if os.environ.get("CI"):
            fail("the cluster check needs haproxy and Postgres in CI")
        else:
            print("\n!!! check-hosting: no haproxy or no Postgres: SKIPPING the live cluster check !!!\n", file=sys.stderr)
        return
    dbname = f"parlor_cluster_{os.getpid()}_{secrets.token_hex(3)}"
    parts = urllib.parse.urlsplit(base)
    scratch = urllib.parse.urlunsplit(parts._replace(path="/" + dbname))
    if psql(base, f'create database "{dbname}"').returncode != 0:
        fail(f"creating {dbname}")
        return
    workdir = tempfile.mkdtemp(prefix="parlor-cluster-")
    ports = [free_port(), free_port()]
    proxy_port = free_port()
    servers, proxy = [], None
    try:
        for i, port in enumerate(ports, 1):
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp")}
            env.update(final.env)
            env.update(compose_env)
            env.update(DATABASE_URL=scratch, PARLOR_ADDR=f"127.0.0.1:{port}", PARLOR_WEB_DIR=web_dir,
                       PARLOR_NODE_ID=f"n{i}", PARLOR_LEASE_TTL="2s")
            trusted = env.get("PARLOR_TRUSTED_PROXIES", "off")
            env["PARLOR_TRUSTED_PROXIES"] = "127.0.0.1" if trusted == "off" else f"{trusted},127.0.0.1"
            servers.append(Server([bin_path] + final.cmd[1:], env, workdir, workdir, f"-cluster{i}"))
        for srv, port in zip(servers, ports):
            deadline = time.monotonic() + 30
            while http("GET", f"http://127.0.0.1:{port}/api/ready")[0] != 200:
                if time.monotonic() > deadline or srv.proc.poll() is not None:
                    fail(f"a cluster server on {port} never became ready:\n{srv.logs()}")
                    return
                time.sleep(0.2)
        cfg = os.path.join(workdir, "haproxy.cfg")
        with open(cfg, "w") as f:
            f.write(loopback_haproxy_cfg(proxy_port, ports))
        # The proxy's environment is the bundle's (its limits), nothing else but PATH.
        penv = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        penv.update(proxy_env)
        proxy = subprocess.Popen([haproxy, "-f", cfg, "-db"], env=penv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        front = f"http://127.0.0.1:{proxy_port}"
        deadline = time.monotonic() + 15
        while http("GET", f"{front}/api/ready")[0] != 200:
            if time.monotonic() > deadline or proxy.poll() is not None:
                proxy.kill()
                fail(f"HAProxy never passed a request to a ready server: {proxy.communicate()[1].decode()[-1500:]}")
                return
            time.sleep(0.2)
        status, body = http("POST", f"{front}/api/rooms", {"game": "doozy-dice", "name": "Ana"})
        if status != 200:
            fail(f"creating a room through the proxy: {status} {body[:300]!r}")
            return
        code = json.loads(body)["code"]
        reached = [http("GET", f"{u}/api/rooms/{code}")[0] for u in [front] + [f"http://127.0.0.1:{p}" for p in ports]]
        if reached != [200, 200, 200]:
            fail(f"room {code} through the proxy and each server answered {reached} (want 200 each: the relay)")
            return
        ok("a room is reached through HAProxy and through either server (relayed to its owner)")
        check_limits_per_player(proxy_port)
        check_proxy_limits(haproxy, ports, workdir)
        owner = psql(scratch, f"select node_id from room_owner where room_code = '{code}'").stdout.strip()
        index = {"n1": 0, "n2": 1}.get(owner)
        if index is None:
            fail(f"room {code} has no owner among n1, n2: {owner!r}")
            return
        t0 = time.monotonic()
        if servers[index].stop(20) != 0:
            fail(f"the owner {owner} did not drain cleanly:\n{servers[index].logs()}")
            return
        deadline = time.monotonic() + 10
        while http("GET", f"{front}/api/rooms/{code}")[0] != 200:
            if time.monotonic() > deadline:
                fail(f"after {owner} drained, room {code} was not reached through the proxy within 10 s")
                return
            time.sleep(0.1)
        took = time.monotonic() - t0
        now = psql(scratch, f"select node_id from room_owner where room_code = '{code}'").stdout.strip()
        if now == owner:
            fail(f"room {code} is still {owner}'s after it drained")
            return
        ok(f"{owner} drained; the room answered through the proxy again {took:.1f}s after SIGTERM, now {now}'s")
    finally:
        for srv in servers:
            srv.kill()
        if proxy is not None:
            proxy.kill()
            proxy.wait()
        psql(base, f'drop database if exists "{dbname}" with (force)')


def post_from(source, port, path, body, headers=()):
    """POST JSON to 127.0.0.1:`port` from the local address `source`: the status."""
    conn = HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        hdrs = {"content-type": "application/json"}
        hdrs.update(headers)
        conn.request("POST", path, json.dumps(body).encode(), hdrs)
        resp = conn.getresponse()
        resp.read()
        return resp.status
    except OSError:
        return None
    finally:
        conn.close()


def check_limits_per_player(proxy_port):
    """The servers' room-creation limit (PARLOR_RATE_CREATE, 10 at once
    per player), through HAProxy: a player at 127.0.0.2 creates rooms until
    both servers refuse it (429); an X-Forwarded-For it writes itself does
    not make it someone else; a player at 127.0.0.3 is served."""
    room = {"game": "doozy-dice", "name": "Ana"}
    created, refused, statuses = 0, 0, []
    for _ in range(40):
        status = post_from("127.0.0.2", proxy_port, "/api/rooms", room)
        statuses.append(status)
        if status == 200:
            created, refused = created + 1, 0
        elif status == 429:
            refused += 1
            if refused == 2:  # one from each server (round robin)
                break
        else:
            fail(f"creating rooms through the proxy: {status} (want 200, then 429): {statuses}")
            return
    if refused < 2 or not 10 <= created <= 22:
        fail(f"a player through the proxy created {created} rooms before both servers refused it "
             f"(want 10 per server): {statuses}")
        return
    spoofed = [post_from("127.0.0.2", proxy_port, "/api/rooms", room, {"X-Forwarded-For": xff})
               for xff in ("198.51.100.7", "198.51.100.8, 10.0.0.1")]
    if spoofed != [429, 429]:
        fail(f"a player over its limit writing its own X-Forwarded-For was answered {spoofed} (want 429: it chooses nothing)")
        return
    other = post_from("127.0.0.3", proxy_port, "/api/rooms", room)
    if other != 200:
        fail(f"another player through the proxy was answered {other} while the first was limited (want 200: limits are per player)")
        return
    ok(f"through HAProxy the servers limit rooms per player (X-Forwarded-For): {created} created "
       "(10 at once per server), then 429; its own X-Forwarded-For changes nothing; another player is served")


def check_proxy_limits(haproxy, server_ports, workdir):
    """deploy/haproxy.cfg's per-client limits, natively, with low values
    substituted (PROXY_CONNS_PER_CLIENT=2, PROXY_REQUESTS_PER_CLIENT=10):
    a third open connection from this client is refused while two are open,
    and answered again once they closed; past ten requests in 10 s the
    client gets 429 with Retry-After."""
    conns, reqs = 2, 10
    port = free_port()
    cfg = os.path.join(workdir, "haproxy-limits.cfg")
    with open(cfg, "w") as f:
        f.write(loopback_haproxy_cfg(port, server_ports))
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "PROXY_CONNS_PER_CLIENT": str(conns), "PROXY_REQUESTS_PER_CLIENT": str(reqs)}
    proxy = subprocess.Popen([haproxy, "-f", cfg, "-db"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    request = b"GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    def answer(sock):
        """The status line's code of the answer on `sock`, or None when the
        connection was closed (or reset) without one."""
        try:
            sock.sendall(request)
            data = b""
            while b"\r\n" not in data:
                chunk = sock.recv(4096)
                if not chunk:
                    return None
                data += chunk
            return int(data.split(b" ", 2)[1])
        except OSError:
            return None

    answered = 0  # requests HAProxy answered: the ones its rate counts
    open_socks = []
    try:
        deadline = time.monotonic() + 15
        while True:
            status = http("GET", f"http://127.0.0.1:{port}/api/ready")[0]
            if status is not None:
                answered += 1
            if status == 200:
                break
            if time.monotonic() > deadline or proxy.poll() is not None:
                fail(f"HAProxy with low limits never passed a request on: {status}")
                return
            time.sleep(0.2)
        for _ in range(conns):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            open_socks.append(s)
            status = answer(s)  # answered, and kept open (keep-alive)
            answered += status is not None
            if status != 200:
                fail(f"with PROXY_CONNS_PER_CLIENT={conns}, open connection {len(open_socks)} was answered {status}")
                return
        try:
            extra = socket.create_connection(("127.0.0.1", port), timeout=5)
        except OSError:
            status = None  # reset as soon as it was made
        else:
            status = answer(extra)
            extra.close()
        if status is not None:
            fail(f"with PROXY_CONNS_PER_CLIENT={conns} and {conns} open, connection {conns + 1} was answered {status} (want refused)")
            return
        for s in open_socks:
            s.close()
        open_socks.clear()
        deadline = time.monotonic() + 5
        while (status := http("GET", f"http://127.0.0.1:{port}/api/ready")[0]) != 200:
            answered += status is not None
            if time.monotonic() > deadline:
                fail(f"after its connections closed, the client was still refused: {status}")
                return
            time.sleep(0.1)
        answered += 1
        ok(f"PROXY_CONNS_PER_CLIENT={conns}: connection {conns + 1} refused while {conns} were open, answered once they closed")
        first_429 = None
        for _ in range(2 * reqs):
            req = urllib.request.Request(f"http://127.0.0.1:{port}/api/ready")
            try:
                with urllib.request.urlopen(req, timeout=10) as r:
                    r.read()
                answered += 1
            except urllib.error.HTTPError as e:
                answered += 1
                if e.code == 429:
                    first_429 = (answered, e.headers.get("Retry-After"))
                    break
                fail(f"past the request limit: {e.code}, want 429")
                return
        if first_429 is None:
            fail(f"with PROXY_REQUESTS_PER_CLIENT={reqs}, {answered} requests and no 429")
        elif not (reqs < first_429[0] <= 2 * reqs) or first_429[1] != "10":
            fail(f"with PROXY_REQUESTS_PER_CLIENT={reqs}, the first 429 was request {first_429[0]} "
                 f"with Retry-After {first_429[1]!r} (want after request {reqs}, Retry-After 10)")
        else:
            ok(f"PROXY_REQUESTS_PER_CLIENT={reqs}: request {first_429[0]} in 10 s answered 429, Retry-After 10")
    finally:
        for s in open_socks:
            s.close()
        proxy.kill()
        proxy.wait()


# --- the start sequence, natively ---------------------------------------------


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def psql(url, sql):
    return run(["psql", url, "-v", "ON_ERROR_STOP=1", "-Atqc", sql], 30)


def http(method, url, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"content-type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()
    except OSError as e:
        return None, str(e).encode()


class Server:
    def __init__(self, argv, env, cwd, logdir, n):
        self.out = open(os.path.join(logdir, f"server{n}.out"), "w+")
        self.err = open(os.path.join(logdir, f"server{n}.err"), "w+")
        self.proc = subprocess.Popen(argv, env=env, cwd=cwd, stdout=self.out, stderr=self.err)

    def logs(self):
        text = ""
        for f in (self.out, self.err):
            f.flush()
            f.seek(0)
            text += f.read()
        text = re.sub(r"\x1b\[[0-9;]*m", "", text)  # the server colours text logs even into files
        return "\n".join("    | " + l for l in text.strip().splitlines()[-40:])

    def stop(self, bound):
        """SIGTERM; the exit code, or None when it outlived `bound` seconds."""
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=bound)
        except subprocess.TimeoutExpired:
            return None

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def run_sequence(bin_path, final, compose_env, health_bound, stop_bound):
    base = os.environ.get("PARLOR_TEST_POSTGRES", "postgres://postgres@127.0.0.1:5432/test")
    required = bool(os.environ.get("CI") or os.environ.get("PARLOR_REQUIRE_POSTGRES"))
    if psql(base, "select 1").returncode != 0:
        if required:
            fail(f"Postgres is unreachable at {base}; the start sequence must run in CI")
            return
        print(f"\n!!! check-hosting: Postgres unreachable at {base}: SKIPPING the start sequence !!!\n", file=sys.stderr)
        return
    web_dir = os.path.join(ROOT, "web-client", "dist")
    if not os.path.exists(os.path.join(web_dir, "index.html")):
        fail("web-client/dist/index.html is missing: build the web client first (npm --prefix web-client run build)")
        return

    dbname = f"parlor_hosting_{os.getpid()}_{secrets.token_hex(3)}"
    parts = urllib.parse.urlsplit(base)
    scratch = urllib.parse.urlunsplit(parts._replace(path="/" + dbname))
    r = psql(base, f'create database "{dbname}"')
    if r.returncode != 0:
        fail(f"creating the scratch database {dbname}: {r.stderr.strip()}")
        return
    port = free_port()
    image_addr = final.env["PARLOR_ADDR"]
    # The image's environment: the Dockerfile's ENV, then compose's. Nothing
    # from this shell leaks in but PATH and HOME.
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp")}
    env.update(final.env)
    env.update(compose_env)
    env.update(DATABASE_URL=scratch, PARLOR_ADDR=f"127.0.0.1:{port}", PARLOR_WEB_DIR=web_dir)
    # The health check asks the wildcard address the image listens on, as it
    # does in the container (a wildcard means this host), on the test port.
    health_env = dict(env, PARLOR_ADDR=f"{image_addr.rsplit(':', 1)[0]}:{port}")
    cmd = [bin_path] + final.cmd[1:]
    health = [bin_path] + final.healthcheck[1:]
    base_url = f"http://127.0.0.1:{port}"
    print(f"  start sequence: {shlex.join(final.cmd)} on {env['PARLOR_ADDR']}, database {dbname}")

    servers = []
    workdir = tempfile.mkdtemp(prefix="parlor-hosting-")  # like the image's WORKDIR: not the repo

    def healthcheck():
        return run(health, 15, env=health_env, cwd=workdir).returncode

    def start(n):
        srv = Server(cmd, env, workdir, workdir, n)
        servers.append(srv)
        deadline = time.monotonic() + health_bound
        while time.monotonic() < deadline:
            if srv.proc.poll() is not None:
                fail(f"{shlex.join(final.cmd)} exited {srv.proc.returncode} before it was healthy:\n{srv.logs()}")
                return None
            if healthcheck() == 0:
                return srv
            time.sleep(0.5)
        fail(f"HEALTHCHECK {final.healthcheck} never exited 0 within {health_bound}s:\n{srv.logs()}")
        return None

    def stop(srv, what):
        t0 = time.monotonic()
        code = srv.stop(stop_bound)
        if code is None:
            fail(f"{what}: still running {stop_bound}s after SIGTERM:\n{srv.logs()}")
        elif code != 0:
            fail(f"{what}: exited {code} after SIGTERM (want 0):\n{srv.logs()}")
        else:
            ok(f"{what}: SIGTERM -> clean exit in {time.monotonic() - t0:.1f}s")

    try:
        if healthcheck() == 0:
            fail(f"HEALTHCHECK exits 0 with no server on port {port}: it cannot tell a dead server from a live one")
        else:
            ok("HEALTHCHECK fails while nothing listens")
        srv = start(1)
        if srv is None:
            return
        ok("CMD migrated a fresh database and HEALTHCHECK passed")
        srv.out.flush()
        srv.out.seek(0)
        if f"parlor listening on http://127.0.0.1:{port}" not in srv.out.read():
            fail(f"stdout lacks `parlor listening on http://127.0.0.1:{port}`:\n{srv.logs()}")
        status, body = http("GET", base_url + "/api/ready")
        ready = json.loads(body) if status == 200 else {}
        if status != 200 or not (ready.get("ready") and ready.get("database") and ready.get("migrations")):
            fail(f"/api/ready answered {status} {body[:300]!r}")
        else:
            ok(f"/api/ready: {ready}")
        n_migrations = len([f for f in os.listdir(os.path.join(ROOT, "migrations")) if f.endswith(".sql")])
        r = psql(scratch, "select count(*) from _sqlx_migrations where success")
        if r.returncode != 0 or r.stdout.strip() != str(n_migrations):
            fail(f"the scratch database has {r.stdout.strip() or r.stderr.strip()} applied migrations, want {n_migrations}")
        else:
            ok(f"all {n_migrations} migrations applied in Postgres")
        status, body = http("GET", base_url + "/")
        with open(os.path.join(web_dir, "index.html"), "rb") as f:
            index = f.read()
        if status != 200 or body != index:
            fail(f"GET / answered {status}, not web-client/dist/index.html")
        else:
            ok("GET / serves the web client's index.html")
        status, body = http("POST", base_url + "/api/rooms", {"game": "doozy-dice", "name": "Host"})
        code = json.loads(body).get("code") if status == 200 else None
        if not code:
            fail(f"POST /api/rooms answered {status} {body[:300]!r}")
        stop(srv, "first start")

        # Upgrading: `parlor-server migrate` on an up-to-date database is a no-op that succeeds.
        r = run([bin_path, "migrate"], 60, env=env, cwd=workdir)
        if r.returncode != 0:
            fail(f"{bin_name_of(bin_path)} migrate exited {r.returncode}: {r.stderr.strip()[-800:]}")
        else:
            ok("`parlor-server migrate` on the migrated database exits 0")

        srv = start(2)
        if srv is None:
            return
        if code:
            status, body = http("GET", f"{base_url}/api/rooms/{code}")
            if status != 200:
                fail(f"after a restart, room {code} answered {status} {body[:300]!r}")
            else:
                ok(f"restart: room {code} is back from Postgres")
        stop(srv, "second start")
    finally:
        for s in servers:
            s.kill()
        r = psql(base, f'drop database if exists "{dbname}" with (force)')
        if r.returncode != 0:
            fail(f"dropping the scratch database {dbname}: {r.stderr.strip()}")


def bin_name_of(path):
    return os.path.basename(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True, help="the parlor-server binary to run")
    ap.add_argument("--compose-config", help=f"`docker-compose config` output of {COMPOSE} (resolved with .env.example)")
    ap.add_argument("--compose-defaults", help="`docker-compose config` output with only the required variables set")
    ap.add_argument("--health-bound", type=float, default=30)
    ap.add_argument("--stop-bound", type=float, default=20)
    args = ap.parse_args()
    bin_path = os.path.abspath(args.bin)
    if not os.access(bin_path, os.X_OK):
        fail(f"{args.bin} is not an executable server binary (set PARLOR_SERVER_BIN, or cargo build -p parlor-server)")
        die_if_failed()

    print("==> check-hosting: Dockerfile")
    bin_name, package = server_bin_name()
    final, port = check_dockerfile(bin_name, package)
    die_if_failed()

    print(f"==> check-hosting: {COMPOSE}, .env.example and {HAPROXY_CFG}")
    settings = server_settings(bin_path)
    resolved = args.compose_config or resolve_compose_here()
    defaults = args.compose_defaults or resolve_compose_here(
        {"POSTGRES_PASSWORD": "x", "PARLOR_CLUSTER_SECRET": "a-cluster-secret-16chars"})
    compose_env = check_compose(resolved, defaults, bin_name, port, final.healthcheck, settings)
    check_haproxy_cfg()
    # The hosting guide's settings table must keep up with the server.
    with open(os.path.join(ROOT, "docs", "hosting.md")) as f:
        guide = f.read()
    missing = sorted(k for k in settings if f"`{k}`" not in guide)
    if missing:
        fail(f"docs/hosting.md does not document {missing} (listed by parlor-server --help)")
    else:
        ok(f"docs/hosting.md documents all {len(settings)} settings of parlor-server --help")
    # Every value the image can start with must parse: the Dockerfile's ENV,
    # compose with .env.example, and compose's own defaults (an .env with
    # only the required variables).
    validate_settings(bin_path, final.env, "Dockerfile ENV")
    validate_settings(bin_path, dict(final.env, **compose_env), "compose with .env.example")
    validate_settings(bin_path, dict(final.env, **compose_server_env(defaults)),
                      "compose defaults (only POSTGRES_PASSWORD and PARLOR_CLUSTER_SECRET in .env)")
    die_if_failed()

    print("==> check-hosting: the image's start sequence with the bundle's settings, natively against Postgres")
    run_sequence(bin_path, final, compose_env, args.health_bound, args.stop_bound)
    die_if_failed()

    print("==> check-hosting: two servers behind HAProxy with the bundle's settings, natively")
    run_cluster(bin_path, final, compose_env, compose_proxy_env(resolved), os.path.join(ROOT, "web-client", "dist"))
    die_if_failed()
    print("check-hosting: all checks passed")


if __name__ == "__main__":
    main()
