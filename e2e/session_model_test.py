#!/usr/bin/env python3
"""Random app sessions for holding the Swift AppSession to e2e/session_model.py.

Generates seeded random pairs (a web recording and a native log of one
session, with their alignment and lateMs) and what the model says of each:
its `--format jsonl` lines (merged timeline, findings, summary). The pairs are
committed in e2e/session-pairs/; the Swift suite (Tests/AppSessionTests,
"The independent model") replays every pair through the driver the CLI calls
and compares byte for byte.

    e2e/session_model_test.py            check: the model gives the contract's
                                         example and every session golden under
                                         recordings/session/, e2e/session-pairs/ is
                                         what the generator and the model make now,
                                         and `turbo-replay session --format jsonl`
                                         prints, byte for byte, what the model says
                                         of every pair (the CLI: $TURBO_REPLAY, else
                                         .build/debug/turbo-replay)
    e2e/session_model_test.py --write [DIR] [--count N] [--seed S]
                                         (re)write the pairs (default: 120, seed 25)

Standard library only. Ends with 'N passed, N failed'; exits non-zero on any failure."""

import datetime
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import session_model  # noqa: E402

PAIRS = os.path.join(HERE, "session-pairs")
SEED, COUNT = 25, 120

# Error shapes whose variant is the same under native-error-policy v1 and v2 (the Swift
# policy may lag the contract by a revision; the session only reads its decisions).
ERRORS = {
    "ios": [{"kind": "web", "code": -1009}, {"kind": "web", "code": -1001}, {"kind": "web", "code": -1005},
            {"kind": "web", "turbo": "networkFailure"}, {"kind": "http", "status": 503}, {"kind": "http", "status": 404},
            {"kind": "http", "status": 401}, {"kind": "web", "code": 0}, {"kind": "ssl"}, {"kind": "load"}],
    "android": [{"kind": "web", "code": -2}, {"kind": "web", "code": -8}, {"kind": "web", "code": -7},
                {"kind": "web", "turbo": "timeout"}, {"kind": "http", "status": 500}, {"kind": "http", "status": 401},
                {"kind": "web", "code": -11}, {"kind": "ssl"}, {"kind": "load"}],
}
OFFLINE_ERRORS = {p: [e for e in es if session_model.classify(e, p) == "offline"] for p, es in ERRORS.items()}
SURFACES = ["tab:home", "tab:home", "modal", "sheet"]
FRACTIONS = [0, 0, 0, 0, 0.5, 0.25, 0.1, 0.7, 0.375]


def number(x):
    return int(x) if float(x).is_integer() else x


def iso(ms):
    when = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(milliseconds=ms)
    return when.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ms % 1000:03d}Z"


def generate(rng):
    """One pair: (web records, native records, options), times on the session clock first."""
    platform = rng.choice(["ios", "android"])
    web, native = [], []  # (session t, record)
    clock = [rng.randint(0, 300) + rng.choice(FRACTIONS)]

    def at(lo, hi):
        """A time lo..hi ms after the last, sometimes the same."""
        if rng.random() < 0.08:
            return clock[0]
        clock[0] += rng.randint(lo, hi) + rng.choice(FRACTIONS)
        return clock[0]

    def near(t, spread):
        return max(0, t + rng.randint(-spread, spread) + rng.choice(FRACTIONS))

    web.append((clock[0], {"type": "connect", "context": None, "online": rng.random() < 0.9, "page": "/"}))
    if rng.random() < 0.85:
        native.append((near(clock[0], 400), {"type": "path", "online": rng.random() < 0.85}))
    for _ in range(rng.randint(1, 4)):
        # The network goes away: the OS says so, the page may hear it earlier, later or not at all.
        down = at(500, 4000)
        native.append((near(down, 300), {"type": "path", "online": False}))
        if rng.random() < 0.8:
            web.append((near(down, 1500) + rng.choice([0, 0, 1000, 2500]), {"type": "offline"}))
        if rng.random() < 0.3:
            web.append((near(down, 2000), {"type": "turbo:fetch-request-error", "url": "/x", "target": "html"}))
        if rng.random() < 0.2:
            web.append((near(down, 2000), {"type": "turbo:submit-end", "success": False, "fetchResponse": None}))
        if rng.random() < 0.5:
            error = rng.choice(OFFLINE_ERRORS[platform] if rng.random() < 0.75 else ERRORS[platform])
            native.append((near(down, 1500), {"type": "presented", "surface": rng.choice(SURFACES), "error": error}))
        if rng.random() < 0.2:
            native.append((near(down, 2000), {"type": "path", "online": rng.choice([True, False])}))
        if rng.random() < 0.15:
            native.append((near(down, 2000), {"type": rng.choice(["tap-retry", "dismissed"]), "surface": rng.choice(SURFACES)}))
        if rng.random() < 0.2:
            web.append((near(down, 2000), {"type": rng.choice(["disconnect", "pagehide"]), "persisted": rng.random() < 0.3}))
            if rng.random() < 0.7:
                web.append((near(down, 2000) + 2500, {"type": "connect", "context": None, "online": rng.random() < 0.5}))
        # It comes back, maybe: the last phase may end offline.
        if rng.random() < 0.85:
            up = at(500, 9000)
            native.append((near(up, 200), {"type": "path", "online": True}))
            if rng.random() < 0.8:
                web.append((near(up, 1200) + rng.choice([0, 0, 0, 2500]), {"type": "online"}))
            # Ties across the layers: the page's own moves at the edge's very millisecond.
            edge = native[-1][0]
            if rng.random() < 0.1:
                web.append((edge - 800, {"type": "offline"}))  # its debounce fires at the edge
            if rng.random() < 0.1:
                web.append((edge, rng.choice([{"type": "online"}, {"type": "connect", "context": None, "online": True}])))
            if rng.random() < 0.5:
                web.append((up + rng.randint(100, 5000) + rng.choice(FRACTIONS), {"type": "connect", "context": None, "online": True}))
            if rng.random() < 0.2:
                native.append((near(up, 1000), {"type": "foreground"}))
            if rng.random() < 0.15:
                native.append((near(up, 3000), {"type": "tap-retry", "surface": rng.choice(SURFACES)}))
    for _ in range(rng.randint(0, 3)):
        web.append((at(10, 3000), {"type": rng.choice(["turbo:load", "visibilitychange", "turbo:visit"])}))
    if rng.random() < 0.5:
        native.append((at(10, 3000), {"type": "app-retry", "surface": "tab:home", "kind": "auto"}))
    # v1.1's record lines: what explains a latency, on either side, some at tied times.
    for _ in range(rng.randint(0, 4)):
        kind = rng.random()
        t = near(clock[0], 3000) if rng.random() < 0.7 else clock[0]
        if kind < 0.3:
            native.append((t, {"type": "bridge", "component": rng.choice(["page", "form"]), "event": rng.choice(["connect", "submit"]),
                               **({"url": "/p"} if rng.random() < 0.6 else {})}))
        elif kind < 0.4:
            native.append((t, {"type": "launch", "cold": rng.random() < 0.5}))
        elif kind < 0.6:
            web.append((t, {"type": "seen", "visible": rng.random() < 0.5, "text": rng.choice(["", "Sin conexión", "De nuevo en línea"])}))
        elif kind < 0.75:
            web.append((t, {"type": "turbo:before-fetch-response", "statusCode": rng.choice([200, 503, 422]), "target": "html",
                            "url": "/q"}))
        elif kind < 0.85:
            web.append((t, {"type": "turbo:reload", **({"reason": "request_failed"} if rng.random() < 0.7 else {})}))
        else:
            web.append((t, {"type": "turbo:visit", "url": "/v", "action": rng.choice(["advance", "restore", "replace"])}))
    if rng.random() < 0.3:
        web.append((at(10, 3000), {"type": "turbo:submit-end", "success": True, "fetchResponse": {"statusCode": 200}}))

    options = {"lateMs": rng.choice([2000, 2000, 2000, 1000, 3000, 500.5])}
    web_ms = rng.randint(1_796_000_000_000, 1_797_000_000_000)
    web_meta = {"type": "meta", "version": 1, "source": "chromium", "startedAt": iso(web_ms)}
    native_meta = {"type": "meta", "version": 1, "recording": "native", "platform": platform}
    if rng.random() < 0.8:
        delta = rng.randint(-4000, 4000)
        native_meta["startedAt"] = iso(web_ms + delta)
    else:
        delta = rng.randint(-3000, 3000) + rng.choice([0, 0.5, 0.25, 0.1])
        options["offsetMs"] = delta
        if rng.random() < 0.5:
            native_meta["startedAt"] = "not read when the offset is given"

    def log(meta, timed, shift):
        timed = sorted(((t - shift, r) for t, r in timed), key=lambda x: x[0])
        return [meta] + [{"t": number(t), **r} for t, r in timed]
    # Native times move by −Δ; the session puts them back with +Δ. Keep both logs at t ≥ 0.
    lift = max(0, 4000 - min([t for t, _ in native] + [4000]))
    web = [(t + lift, r) for t, r in web]
    native = [(t + lift, r) for t, r in native]
    return log(web_meta, web, 0), log(native_meta, native, delta), options


def write_jsonl(path, records):
    with open(path, "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")


def write_pairs(directory, count=COUNT, seed=SEED):
    os.makedirs(directory, exist_ok=True)
    for name in os.listdir(directory):
        if name[:3].isdigit():
            os.remove(os.path.join(directory, name))
    rng = random.Random(seed)
    for i in range(1, count + 1):
        web, native, options = generate(rng)
        stem = os.path.join(directory, f"{i:03d}")
        write_jsonl(stem + ".web.jsonl", web)
        write_jsonl(stem + ".native.jsonl", native)
        with open(stem + ".options.json", "w", encoding="utf-8") as f:
            f.write(json.dumps(options) + "\n")
        lines = session_model.session_lines(web, native, options.get("offsetMs"), options["lateMs"])
        with open(stem + ".session.expected.jsonl", "w", encoding="utf-8") as f:
            f.write("".join(l + "\n" for l in lines))


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def explained(exe, path):
    """Each finding line `explain --format jsonl` gives on the log at `path` alone, as
    (layer, line): the layer findings the model takes as given (see session_model)."""
    run = subprocess.run([exe, "explain", "--format", "jsonl", path], capture_output=True, text=True, timeout=60)
    layer = "native" if '"recording":"native"' in read(path).split("\n", 1)[0].replace(" ", "") else "web"
    return [(layer, l) for l in run.stdout.splitlines() if l.startswith('{"t":') and '"finding":' in l]


def usage_error(message):
    print(f"e2e/session_model_test.py: {message}; see e2e/session_model_test.py --help", file=sys.stderr)
    sys.exit(64)


def write_options(rest):
    """--write's [DIR] [--count N] [--seed S], refusing anything else before a pair is written:
    a wrong option must not rewrite the committed pairs."""
    directory, numbers = None, {"--count": COUNT, "--seed": SEED}
    i = 0
    while i < len(rest):
        if rest[i] in numbers:
            if i + 1 == len(rest) or not rest[i + 1].isdigit():
                usage_error(f"{rest[i]} takes a whole number")
            numbers[rest[i]] = int(rest[i + 1])
            i += 2
        elif rest[i].startswith("-"):
            usage_error(f"unknown option '{rest[i]}' for --write")
        elif directory is not None:
            usage_error(f"--write takes one DIR at most (got {directory} and {rest[i]})")
        else:
            directory = rest[i]
            i += 1
    if numbers["--count"] == 0:
        usage_error("--count takes a whole number from 1")
    return directory or PAIRS, numbers["--count"], numbers["--seed"]


def main(argv):
    if "-h" in argv or "--help" in argv:
        print(__doc__.strip())
        return 0
    if argv and argv[0] != "--write":
        usage_error(f"unknown argument '{argv[0]}'")
    if argv[:1] == ["--write"]:
        directory, count, seed = write_options(argv[1:])
        write_pairs(directory, count, seed)
        print(f"wrote {count} pairs (seed {seed}) to {directory}")
        return 0

    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {what}")

    # The model is held to the contract's worked example first.
    ex = os.path.join(ROOT, "recordings", "session", "example")
    web = session_model.banner_model.read(ex + ".jsonl")
    native = session_model.banner_model.read(ex + ".native.jsonl")
    lines = session_model.session_lines(web, native)
    check("".join(l + "\n" for l in lines) == read(ex + ".session.expected.jsonl"), "the contract's example")
    check(session_model.started_at_ms("2026-02-30T00:00:00.000Z") is None, "a 30 February is not a startedAt")

    # The layer findings are explain's (the model takes them as given): the CLI is needed.
    exe = os.environ.get("TURBO_REPLAY") or os.path.join(ROOT, ".build", "debug", "turbo-replay")
    have_exe = os.access(exe, os.X_OK)
    check(have_exe, f"turbo-replay at {exe} (run `swift build`, or set TURBO_REPLAY)")

    def layer_findings(web, native):
        return (explained(exe, web) + explained(exe, native)) if have_exe else []

    # Every session golden in the corpus (NAME.jsonl + NAME.native.jsonl, reviewed by hand) is
    # what the model says of its pair, with the default settings.
    corpus = os.path.join(ROOT, "recordings", "session")
    goldens = sorted(n[:-len(".session.expected.jsonl")] for n in os.listdir(corpus) if n.endswith(".session.expected.jsonl"))
    check(len(goldens) >= 3, f"{corpus} has its session goldens")
    for name in goldens:
        stem = os.path.join(corpus, name)
        lines = session_model.session_lines(session_model.banner_model.read(stem + ".jsonl"),
                                            session_model.banner_model.read(stem + ".native.jsonl"),
                                            layer_findings=layer_findings(stem + ".jsonl", stem + ".native.jsonl"))
        check("".join(l + "\n" for l in lines) == read(stem + ".session.expected.jsonl"),
              f"the model gives recordings/session/{name}.session.expected.jsonl")

    # The CLI prints what the model says, for every committed pair and every corpus session:
    # the pair's expected lines (the model's, without layer findings, which the Swift suite
    # compares with the core) and the logs' own findings merged in as the model merges them.
    if have_exe:
        cases = [(os.path.join(corpus, n + ".jsonl"), os.path.join(corpus, n + ".native.jsonl"), [],
                  os.path.join(corpus, n + ".session.expected.jsonl"), None) for n in goldens]
        for stem in sorted({n.split(".")[0] for n in os.listdir(PAIRS) if n[:3].isdigit()}):
            base = os.path.join(PAIRS, stem)
            options = json.loads(read(base + ".options.json"))
            args = ["--late-ms", repr(options["lateMs"])]
            if "offsetMs" in options:
                args += ["--offset-ms", repr(options["offsetMs"])]
            cases.append((base + ".web.jsonl", base + ".native.jsonl", args, base + ".session.expected.jsonl", options))
        for web, native, args, expected, options in cases:
            run = subprocess.run([exe, "session", "--format", "jsonl", *args, web, native],
                                 capture_output=True, text=True, timeout=60)
            if options is None:
                want = read(expected)
            else:
                lines = session_model.session_lines(
                    session_model.banner_model.read(web), session_model.banner_model.read(native),
                    options.get("offsetMs"), options["lateMs"], layer_findings=layer_findings(web, native))
                want = "".join(l + "\n" for l in lines)
            # The exit status is the session's own findings' (each log's are explain's to judge).
            findings = any(line.startswith('{"t":') and '"finding":' in line and '"layer":' not in line for line in want.splitlines())
            check(run.returncode == (1 if findings else 0) and run.stdout == want,
                  f"turbo-replay session {' '.join(args)} {os.path.relpath(web, ROOT)} prints {os.path.relpath(expected, ROOT)}"
                  f" (exit {run.returncode}{': ' + run.stderr.strip() if run.stderr.strip() else ''})")

    # The committed pairs are what the generator and the model make now.
    with tempfile.TemporaryDirectory() as fresh:
        write_pairs(fresh)
        names = sorted(os.listdir(fresh))
        committed = sorted(n for n in os.listdir(PAIRS) if n[:3].isdigit()) if os.path.isdir(PAIRS) else []
        check(names == committed, f"{PAIRS} holds the {COUNT} generated pairs (rewrite with --write)")
        for name in names:
            if name in committed:
                check(read(os.path.join(fresh, name)) == read(os.path.join(PAIRS, name)), f"{name} is stale (rewrite with --write)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
