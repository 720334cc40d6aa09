"""Did the page's own banner do what the contract says? The recording's `seen`
records (what a person could see of the pill) against the contract's
timeline for the same recording (`turbo-replay replay --format jsonl`).

Until `turbo-replay explain` reports `banner-drift` itself, this is the
comparison, with the same tolerances: a change caused by an event must show
within EVENT_MS of it, either way; one caused by a timer (the debounce
firing, the flash ending) may be late by up to TIMER_LATE_MS and never
early (EARLY_MS covers the 0.1 ms the recorder rounds to). Switching to the
CLI's finding is the one line in drifts().

Nothing can be judged where nothing could be seen or the app was not in
charge: before the document's first `seen`, from an unloading `pagehide` to
the next document's first `seen`, and while Turbo shows a cached preview
(`seen` with "preview": true, to the next `seen` without it).

A drift: {"t", "until", "kind": missing|extra|wrong-text|early|late,
"contract": [visible, text], "page": [visible, text], "ms"}."""

import json
import subprocess

import timeline

EVENT_MS = 5.0
TIMER_LATE_MS = 100.0
EARLY_MS = 1.0
TIMER_CAUSES = {"offline", "flash-elapsed"}  # the debounce fired; the flash elapsed


def drifts(exe, path, records, end_t):
    """The drifts of one recording (an empty list: the page kept the contract)."""
    return python_drifts(exe, path, records, end_t)  # later: return explain_drifts(exe, path)


def explain_drifts(exe, path):
    """`turbo-replay explain`'s banner-drift findings, once it has them."""
    run = subprocess.run([exe, "explain", "--format", "jsonl", "--fail-on", "never", path],
                         capture_output=True, text=True, timeout=60)
    if run.returncode != 0:
        raise RuntimeError(f"turbo-replay explain exited {run.returncode}: {run.stderr.strip()}")
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    return [line for line in lines if line.get("finding") == "banner-drift"]


def python_drifts(exe, path, records, end_t):
    _, model = timeline.replay(exe, path)
    return compare(records, model, end_t)


def contract_steps(model):
    """[(t, (visible, text), cause)]: the contract's banner, from hidden."""
    return [(m["t"], (m["banner"] != "hidden", m.get("label", "") if m["banner"] != "hidden" else ""), m["cause"])
            for m in model if "banner" in m]


def page_steps(records):
    """[(t, (visible, text) or None)]: None where the page cannot be judged."""
    out = []
    for r in records:
        if r.get("type") == "seen":
            out.append((r["t"], None if r.get("preview") is True else (r["visible"], r["text"])))
        elif r.get("type") == "pagehide" and r.get("persisted") is not True:
            out.append((r["t"], None))
    return out


def state_at(steps, t, initial):
    """The state of a step function at t: its last step at or before t (file order breaks ties)."""
    state = initial
    for step in steps:
        if step[0] > t:
            break
        state = step[1]
    return state


def window(cause):
    """(how early, how late) a page change may be around a contract change."""
    return (EARLY_MS, TIMER_LATE_MS) if cause in TIMER_CAUSES else (EVENT_MS, EVENT_MS)


def compare(records, model, end_t):
    contract, page = contract_steps(model), page_steps(records)
    if not page:
        return []
    hidden = (False, "")
    start = page[0][0]
    times = sorted({start, end_t} | {t for t, *_ in contract + page if start <= t <= end_t})
    intervals = []  # merged runs of disagreement: [a, b, contract state, page state]
    for a, b in zip(times, times[1:]):
        want, got = state_at(contract, a, hidden), state_at(page, a, None)
        if got is None or got == want:
            continue
        if intervals and intervals[-1][1] == a and intervals[-1][2:] == [want, got]:
            intervals[-1][1] = b
        else:
            intervals.append([a, b, want, got])
    out = []
    for a, b, want, got in intervals:
        if any(t - window(cause)[0] <= a and b <= t + window(cause)[1] for t, _, cause in contract):
            continue  # within the tolerance of a change the page then showed
        out.append(describe(a, b, want, got, contract, page))
    return out


def describe(a, b, want, got, contract, page):
    starts_at_contract = any(t == a for t, *_ in contract)
    ends_at_page = any(t == b and s == want for t, s in page)
    ends_at_contract = any(t == b and s == got for t, s, _ in contract)
    if starts_at_contract and ends_at_page:
        kind = "late"
    elif ends_at_contract and not starts_at_contract:
        kind = "early"
    elif want[0] and not got[0]:
        kind = "missing"
    elif got[0] and not want[0]:
        kind = "extra"
    else:
        kind = "wrong-text"
    return {"t": round(a, 1), "until": round(b, 1), "kind": kind, "contract": list(want), "page": list(got),
            "ms": round(b - a, 1)}


def delays(records, model):
    """For each change of the contract's banner that the page showed: (cause, ms from the
    contract's change to the page's `seen` of it). Changes the page could not show (it
    was superseded within EVENT_MS, or the page could not be judged) are left out."""
    contract, page = contract_steps(model), page_steps(records)
    out = []
    for i, (t, state, cause) in enumerate(contract):
        after = contract[i + 1][0] if i + 1 < len(contract) else float("inf")
        if after - t <= EVENT_MS:
            continue  # one task made two changes; a person sees the second
        before = state_at(contract, t - 1e-9, (False, ""))
        if before == state:
            continue
        early = window(cause)[0]
        shown = [s for s, st in page if st == state and t - early <= s < after + TIMER_LATE_MS]
        if shown and state_at(page, t - early - 1e-9, None) is not None:
            out.append((cause, round(shown[0] - t, 1)))
    return out
