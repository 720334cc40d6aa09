"""Replay the captured recording with the project's CLI and say what timeline
offline-banner.md requires for what the session did, with its recorded times.

The expectation is built from anchors in the recording (when the browser
really went offline, when the dead submission really ended, …) and the
contract's rules (800 ms debounce, 2000 ms flash, its copy); the CLI's output
must equal it record for record."""

import json
import os
import subprocess

from session import of_type

DEBOUNCE, FLASH = 800, 2000
OFFLINE = "Sin conexión"
OFFLINE_RIDE = "Sin conexión — tu viaje se sigue registrando"
BACK = "De nuevo en línea"
FAILED = "No se ha podido enviar. Tu texto sigue aquí…"
ACTED_ON = {"connect", "disconnect", "offline", "online", "turbo:fetch-request-error", "turbo:submit-end",
            "pagehide"}


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


class TimingError(Exception):
    """The session did not leave the gaps the expectation assumes."""


def expected(rs):
    def first(type_, **f):
        found = of_type(rs, type_, **f)
        if not found:
            raise TimingError(f"no {type_} {f} in the recording")
        return found[0]

    def next_acted(after):
        later = [r for r in rs[rs.index(after) + 1:] if r["type"] in ACTED_ON]
        return later[0]["t"] if later else float("inf")

    def gap(name, a, b, at_least):
        if b - a < at_least:
            raise TimingError(f"{name}: only {b - a:.1f} ms, the scenario needs >= {at_least}")

    off1 = first("offline")
    sent = first("turbo:submit-end", action="/messages")
    on1 = first("online")
    invalid = first("turbo:submit-end", action="/invalid")
    dead = first("turbo:submit-end", action="/dead")
    ride = first("connect", page="/ride")
    left_ride = [r for r in rs[:rs.index(ride)] if r["type"] == "disconnect"][-1]
    off2 = of_type(rs, "offline")[1]
    restored = first("connect", online=False)
    left_home = [r for r in rs[:rs.index(restored)] if r["type"] == "disconnect"][-1]
    on2 = of_type(rs, "online")[1]
    reload = of_type(rs, "pagehide")[-1]  # the full reload to /flaky

    gap("offline to the first acted-on record", off1["t"], next_acted(off1), DEBOUNCE)
    gap("online to the next acted-on record", on1["t"], next_acted(on1), FLASH)
    if next_acted(on2) != reload["t"] or reload["t"] >= on2["t"] + FLASH:
        raise TimingError(f"the full reload's pagehide ({reload['t']}) must be the next acted-on record"
                          f" after the second online ({on2['t']}) and come within its {FLASH} ms flash")

    want = [
        banner(off1["t"] + DEBOUNCE, "offline", OFFLINE, "offline"),         # the pill, debounced
        banner(sent["t"], "offline", FAILED, "submit-failed"),               # the dead submission
        {"t": sent["t"], "submit": "toast", "label": FAILED},
        banner(on1["t"], "back-online", BACK, "online"),                     # back online
        banner(on1["t"] + FLASH, "hidden", None, "flash-elapsed"),
        {"t": invalid["t"], "submit": "silent", "reason": "server-response", "status": 422},
        banner(dead["t"], "offline", FAILED, "submit-failed"),               # dead upstream, online
        {"t": dead["t"], "submit": "toast", "label": FAILED},
        banner(left_ride["t"], "hidden", None, "disconnect"),                # the visit to /ride
    ]
    if left_home["t"] >= off2["t"] + DEBOUNCE:  # the restore came after the debounce
        want += [banner(off2["t"] + DEBOUNCE, "offline", OFFLINE, "offline"),
                 banner(left_home["t"], "hidden", None, "disconnect")]
    want += [
        banner(restored["t"], "offline", OFFLINE_RIDE, "connect-offline"),   # cache restore offline
        banner(on2["t"], "back-online", BACK, "online"),
        banner(reload["t"], "hidden", None, "pagehide"),                    # the reload ends the flash
    ]                                                                       # /flaky connects online: nothing
    return want


def banner(t, state, label, cause):
    r = {"t": t, "banner": state, "label": label, "cause": cause}
    if label is None:
        del r["label"]
    return r


def same(got, want):
    """Records equal, times compared as numbers to the CLI's 3 decimals."""
    if set(got) != set(want):
        return False
    for k, v in want.items():
        if k == "t":
            if not isinstance(got[k], (int, float)) or abs(got[k] - v) > 0.0005:
                return False
        elif got[k] != v:
            return False
    return True


def differences(got, want):
    out = []
    for i in range(max(len(got), len(want))):
        g = got[i] if i < len(got) else None
        w = want[i] if i < len(want) else None
        if g is None or w is None or not same(g, w):
            out.append(f"#{i}: got {json.dumps(g, ensure_ascii=False)}  want {json.dumps(w, ensure_ascii=False)}")
    return out
