#!/usr/bin/env python3
"""Holds e2e/banner_model.py to the repository's hand-reviewed goldens: for
every web recording under recordings/ (first record not a native meta) that
has no NAME.config.json, the model's timeline must equal NAME.expected.jsonl
as JSON values, times within 0.0005; so must a few hand-written cases for
rules no golden reaches. This is what makes the model, and so the e2e's
expected timeline, trustworthy. No browser, standard library only.

    e2e/model_test.py

Run by script/test before the browser is installed, and again, as one check,
at the start of e2e/run. Ends with 'N passed, N failed'; exits non-zero on
any failure."""

import glob
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import banner_model  # noqa: E402
import timeline  # noqa: E402
from checks import Checks  # noqa: E402

GOLDEN, CONFIG = ".expected.jsonl", ".config.json"


def cases(root=ROOT):
    """(web recordings to compare, [(recording, why it is not compared)])."""
    compared, left_out = [], []
    for path in sorted(glob.glob(os.path.join(root, "recordings", "**", "*.jsonl"), recursive=True)):
        if path.endswith(GOLDEN):
            continue
        stem = path[: -len(".jsonl")]
        if is_native(path):
            left_out.append((path, "a native recording (not the banner's input)"))
        elif os.path.exists(stem + CONFIG):
            left_out.append((path, f"has {os.path.basename(stem + CONFIG)} (other copy or timings)"))
        else:
            compared.append(path)
    return compared, left_out


def is_native(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                first = json.loads(line)
                return first.get("type") == "meta" and first.get("recording") == "native"
    return False


def compare(path):
    """Lines saying how the model's timeline differs from the golden; none if equal."""
    golden = path[: -len(".jsonl")] + GOLDEN
    if not os.path.exists(golden):
        return [f"no golden: {os.path.relpath(golden, ROOT)} is missing"]
    return against(lambda: banner_model.read(path), lambda: banner_model.read(golden))


def against(recording, want):
    try:
        got = banner_model.timeline(recording())
        return timeline.differences(got, want())
    except Exception as e:  # a model that crashes is a failure like any other, named
        return [f"the model failed on it: {type(e).__name__}: {e}"]


def connect(t, **fields):
    return {"t": t, "type": "connect", **fields}


# Rules of the contract that no bundled golden reaches, each with the timeline
# written by hand from offline-banner.md.
CONTRACT_CASES = [
    ("timers due together fire in start order: the flash (started first) hides, then the debounce shows",
     [connect(0, context=None, online=True), {"t": 100, "type": "offline"},
      {"t": 1000, "type": "online"}, {"t": 2200, "type": "offline"}],  # 1000+2000 = 2200+800
     [{"t": 900, "banner": "offline", "label": "Sin conexión", "cause": "offline"},
      {"t": 1000, "banner": "back-online", "label": "De nuevo en línea", "cause": "online"},
      {"t": 3000, "banner": "hidden", "cause": "flash-elapsed"},
      {"t": 3000, "banner": "offline", "label": "Sin conexión", "cause": "offline"}]),
    ("connect without a context field has none: the plain copy after a ride page",
     [connect(0, context="ride", online=True), {"t": 10, "type": "disconnect"}, connect(20, online=False)],
     [{"t": 20, "banner": "offline", "label": "Sin conexión", "cause": "connect-offline"}]),
    ("a context with no copy of its own falls back to the plain copy",
     [connect(0, context="delivery", online=False), {"t": 5, "type": "turbo:submit-end", "fetchResponse": None}],
     [{"t": 0, "banner": "offline", "label": "Sin conexión", "cause": "connect-offline"},
      {"t": 5, "banner": "offline", "label": "No se ha podido enviar. Tu texto sigue aquí…", "cause": "submit-failed"},
      {"t": 5, "submit": "toast", "label": "No se ha podido enviar. Tu texto sigue aquí…"}]),
    ("a statusCode that is not a JSON integer is left out of the decision",
     [connect(0, context=None), {"t": 5, "type": "turbo:submit-end", "success": False,
                                 "fetchResponse": {"statusCode": 422.5}}],
     [{"t": 5, "submit": "silent", "reason": "server-response"}]),
]


def check(c, root=ROOT, each=True):
    """Each recording as its own check (each=True), or all as one."""
    compared, left_out = cases(root)
    failures = {}
    for path in compared:
        diffs = compare(path)
        if diffs:
            failures[path] = diffs
        if each:
            c.ok(f"model = golden: {os.path.relpath(path, root)}", not diffs, "\n     ".join(diffs))
    for name, recording, want in CONTRACT_CASES:
        diffs = against(lambda: recording, lambda: want)
        if diffs:
            failures[name] = diffs
        if each:
            c.ok(f"model: {name}", not diffs, "\n     ".join(diffs))
    if not each:
        c.ok(f"model: its timeline equals the golden for all {len(compared)} bundled web recordings"
             f" and the {len(CONTRACT_CASES)} contract cases they do not reach",
             compared and not failures,
             "\n     ".join(f"{os.path.relpath(p, root) if p.startswith('/') else p}: {d}"
                            for p, ds in failures.items() for d in ds)
             or "no web recordings with goldens were found under recordings/")
    elif not compared:
        c.ok("model: bundled web recordings to compare", False, f"none found under {root}/recordings")
    return compared, left_out


def main():
    if sys.argv[1:] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    if sys.argv[1:]:
        print(f"e2e/model_test.py: takes no arguments (got '{sys.argv[1]}'); see e2e/model_test.py --help", file=sys.stderr)
        return 64
    c = Checks()
    compared, left_out = check(c)
    for path, why in left_out:
        print(f"not compared: {os.path.relpath(path, ROOT)}: {why}")
    print(f"model: {len(compared)} web recordings compared with their goldens, {len(left_out)} left out (listed above)")
    print(c.summary())
    return 1 if c.failed or not c.passed else 0


if __name__ == "__main__":
    sys.exit(main())
