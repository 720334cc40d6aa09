"""Timelines (the CLI's `--format jsonl` output): getting one from the
project's turbo-replay, and comparing two as JSON values."""

import json
import os
import subprocess

TIME_TOLERANCE = 0.0005  # the CLI prints at most 3 decimals


def binary(repo_root):
    return os.environ.get("TURBO_REPLAY") or os.path.join(repo_root, ".build", "debug", "turbo-replay")


def replay(exe, path):
    if not os.access(exe, os.X_OK):
        raise FileNotFoundError(f"no turbo-replay at {exe} (run `swift build`, or set TURBO_REPLAY)")
    run = subprocess.run([exe, "replay", "--format", "jsonl", path],
                         capture_output=True, text=True, timeout=60)
    if run.returncode != 0:
        raise RuntimeError(f"turbo-replay exited {run.returncode}: {run.stderr.strip()}")
    return run.stdout, [json.loads(line) for line in run.stdout.splitlines() if line.strip()]


def same(got, want):
    """Records equal as JSON values, times compared as numbers to the CLI's 3 decimals."""
    if not isinstance(got, dict) or not isinstance(want, dict) or set(got) != set(want):
        return False
    for k, v in want.items():
        if k == "t":
            g = got[k]
            if isinstance(g, bool) or not isinstance(g, (int, float)) or abs(g - v) > TIME_TOLERANCE:
                return False
        elif not equal_json(got[k], v):
            return False
    return True


def equal_json(a, b):
    """Equal as JSON values: numbers by value, but true is not 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return set(a) == set(b) and all(equal_json(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(equal_json(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def differences(got, want):
    """One line per position where the two timelines differ, naming the keys."""
    out = []
    for i in range(max(len(got), len(want))):
        g = got[i] if i < len(got) else None
        w = want[i] if i < len(want) else None
        if g is None or w is None or not same(g, w):
            keys = sorted(k for k in set(g or {}) | set(w or {})
                          if not (g and w and k in g and k in w and same({k: g[k]}, {k: w[k]})))
            out.append(f"#{i}: got {show(g)}  want {show(w)}" + (f"  (keys: {', '.join(keys)})" if g and w else ""))
    return out


def show(record):
    return json.dumps(record, ensure_ascii=False) if record is not None else "(nothing)"
