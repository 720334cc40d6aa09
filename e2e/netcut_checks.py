"""What a real network cut changes, seen in the browser.

Two captures of one situation, each in a fresh tab: the pill is up (offline
for longer than the debounce) and the user follows a link, so Turbo's fetch
dies and Turbo falls back to a full page load, with the network still cut.

  - under the OS-level cut (netns.py), no `online` may be recorded while the
    link is down: the old page keeps its pill until its pagehide;
  - under DevTools emulation, the old page is handed an `online` shortly
    before its pagehide, with the emulated cut still on: the artefact that
    docs/capturing-recordings.md warns about. This check keeps that warning
    true; it fails the day Chromium stops doing it.

Then one app session for issue #25: under the OS-level cut, the web recording
and a native log the harness writes itself, a `path` record at each moment it
began to take the link down and to bring it back (standing in for the app's own
NWPathMonitor or ConnectivityManager), both with `meta.startedAt` so the two
align on one clock (app-session.md).

The times the harness cut and restored, on each log's clock, are written
beside the captures (NAME.cuts.json) and checked against what the page heard."""

import json
import subprocess
import time
from datetime import datetime, timezone

import banner_model
import timeline
from session import count, of_type

PILL_WAIT_S = 1.2       # past the 800 ms debounce
AFTER_UNLOAD_S = 1.5    # a phantom `online` comes 20-50 ms before the pagehide; wait well past it
FLASH_WAIT_S = 2.4      # past the 2000 ms back-online flash
ALIGN_MS = 50           # the page hears the link change within this of `ip` returning
SESSION_MS = 10         # `turbo-replay session`'s drop and edge, from where the harness cut and restored


def now_ms():
    return time.time() * 1000.0


def started_ms(meta):
    """meta.startedAt as epoch milliseconds (it is whole milliseconds)."""
    when = datetime.strptime(meta["startedAt"], "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc)
    return when.timestamp() * 1000.0


def iso_ms(epoch_ms):
    return datetime.fromtimestamp(epoch_ms / 1000.0, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def fresh_tab(b, app, path="/"):
    b.get(app.base + "/blank")
    b.js("sessionStorage.clear()")
    b.get(app.base + path)
    b.wait_for("the first connect", count("connect", 1))


def offline_visit(b, app, cut, restore):
    """Pill up, then a Turbo visit while cut: Turbo's fetch fails and it reloads
    the page (Turbo 7.1 and later), which fails too; the old page unloads.
    Returns the records and the harness's cut/restore times on the recording's
    clock (each as [before the command, after it returned])."""
    fresh_tab(b, app)
    wall = {}
    wall["cut"] = [now_ms()]
    cut()
    wall["cut"].append(now_ms())
    b.wait_for("the offline event", count("offline", 1))
    time.sleep(PILL_WAIT_S)
    b.click("#ride")
    # The tab now shows Chromium's own error page, which has no recorder:
    # nothing can be read until the app is loaded again, online.
    time.sleep(AFTER_UNLOAD_S)
    wall["restore"] = [now_ms()]
    restore()
    wall["restore"].append(now_ms())
    time.sleep(0.3)
    b.get(app.base + "/")  # the recorder carries its buffer across (sessionStorage)
    b.wait_for("the connect after the failed load", lambda rs: any(
        r["type"] == "connect" for r in rs[position_of_last(rs, "pagehide") + 1:]) if of_type(rs, "pagehide") else None)
    time.sleep(0.2)
    text = b.js("return TurboRecorder.text()")
    records = [json.loads(line) for line in text.splitlines() if line.strip()]
    origin = started_ms(records[0])
    times = {k: [round(w - origin, 1) for w in v] for k, v in wall.items()}
    return {"text": text, "records": records, "times": times}


EMULATED_TRIES = 3


def offline_visit_emulated(b, app):
    """offline_visit under DevTools emulation. The phantom `online` races the
    old document's unload: it showed in about nine captures of ten here
    (never when the online came after the pagehide, since an unloaded page
    records nothing), so a capture without it is taken again, up to three
    times, and the check says how many it took."""
    for attempt in range(1, EMULATED_TRIES + 1):
        capture = offline_visit(b, app, lambda: b.emulate(False), lambda: b.emulate(True))
        capture["attempts"] = attempt
        if phantom(capture["records"], capture["times"]):
            break
    return capture


def position_of_last(rs, type_):
    return max(i for i, r in enumerate(rs) if r.get("type") == type_)


def while_cut(records, times):
    """Records recorded strictly while the cut was on, by the harness's clock
    (after the cut command returned, before the restore began)."""
    start, end = times["cut"][1], times["restore"][0]
    return [r for r in records[1:] if start <= r["t"] <= end]


def phantom(records, times):
    """The emulation's signature: an `online` recorded while the cut is on,
    followed by an unloading pagehide with no `offline` between. Returns
    (online, pagehide, gap in ms) or None."""
    cut = while_cut(records, times)
    for i, r in enumerate(cut):
        if r["type"] != "online":
            continue
        for later in cut[i + 1:]:
            if later["type"] == "offline":
                break
            if later["type"] == "pagehide" and later.get("persisted") is False:
                return r, later, round(later["t"] - r["t"], 1)
    return None


def check_os_cut(c, root, keep, capture):
    rs, times = capture["records"], capture["times"]
    write(keep, "offline-visit.netns.jsonl", capture["text"])
    write(keep, "offline-visit.netns.cuts.json", json.dumps(times) + "\n")
    cut = while_cut(rs, times)
    hides = of_type(cut, "pagehide", persisted=False)
    c.ok("netcut: under the OS-level cut the page hears offline, and its visit unloads it while the link is down",
         of_type(rs, "offline") and hides and of_type(cut, "turbo:visit", url="/ride"),
         {"while cut": [r["type"] for r in cut], "cut/restore": times})
    c.equal("netcut: under the OS-level cut no `online` is recorded while the link is down",
            of_type(cut, "online"), [])
    want = banner_model.timeline(rs)
    c.ok("netcut: so the pill stays up to the pagehide, with no green flash before it",
         hides and [(w["banner"], w["cause"]) for w in want if "banner" in w and w["t"] <= hides[0]["t"]][-2:]
         in ([("offline", "offline"), ("hidden", "pagehide")], [("offline", "fetch-request-error"), ("hidden", "pagehide")])
         and not [w for w in want if w.get("banner") == "back-online" and w["t"] <= hides[0]["t"]], want)
    replay_agrees(c, root, keep, "offline-visit.netns", want)


def check_emulated(c, root, keep, capture):
    rs, times = capture["records"], capture["times"]
    write(keep, "offline-visit.devtools.jsonl", capture["text"])
    write(keep, "offline-visit.devtools.cuts.json", json.dumps(times) + "\n")
    found = phantom(rs, times)
    c.ok("emulation artefact: under DevTools emulation the old page gets `online` while the cut is on,"
         " just before its unloading pagehide, with no `offline` between"
         + (f" ({found[2]} ms before it; capture {capture['attempts']} of at most {EMULATED_TRIES})" if found else ""),
         found and 0 <= found[2] <= 200, {"while cut": while_cut(rs, times), "cut/restore": times})
    if found:
        print(f"note emulation artefact: online at t={found[0]['t']}, pagehide at t={found[1]['t']}"
              f" ({found[2]} ms later); cut from t={times['cut'][1]} to t={times['restore'][0]}", flush=True)
    want = banner_model.timeline(rs)
    c.ok("emulation artefact: so the contract's timeline flashes a green the user never saw, ended by the pagehide",
         [(w.get("banner"), w.get("cause")) for w in want if "banner" in w][-2:]
         == [("back-online", "online"), ("hidden", "pagehide")], want)
    replay_agrees(c, root, keep, "offline-visit.devtools", want)


def airplane_mode(b, cut, restore, native, native_origin):
    """Airplane mode long enough for the pill, then back for the whole flash: the app's path
    records go into `native` at the harness's wall-clock cut and restore (native clock).
    Returns those wall-clock times, each as [before, after] the `ip` command."""
    wall = {"cut": [now_ms()]}
    cut()
    wall["cut"].append(now_ms())
    native.append({"t": round(wall["cut"][0] - native_origin, 1), "type": "path", "online": False})
    b.wait_for("the offline event", count("offline", 1))
    time.sleep(PILL_WAIT_S + 0.3)
    wall["restore"] = [now_ms()]
    restore()
    wall["restore"].append(now_ms())
    native.append({"t": round(wall["restore"][0] - native_origin, 1), "type": "path", "online": True})
    b.wait_for("the online event", count("online", 1))
    time.sleep(FLASH_WAIT_S)
    return wall


def airplane_session(b, app, cut, restore):
    """One app session: a page up online, airplane mode long enough for the
    pill, then back for the whole flash. The native log starts first, as the
    app does (its path monitor reports the network before the first page)."""
    native_origin = float(int(now_ms()))  # whole ms: startedAt carries three fraction digits
    native = [{"type": "meta", "version": 1, "recording": "native", "platform": "android",
               "startedAt": iso_ms(native_origin)},
              {"t": round(now_ms() - native_origin, 1), "type": "path", "online": True}]
    wall = {}
    fresh_tab(b, app)
    time.sleep(0.5)
    wall.update(airplane_mode(b, cut, restore, native, native_origin))
    text = b.js("return TurboRecorder.text()")
    records = [json.loads(line) for line in text.splitlines() if line.strip()]
    web_origin = started_ms(records[0])
    return {"text": text, "records": records, "native": native,
            "times": {"web": {k: [round(w - web_origin, 1) for w in v] for k, v in wall.items()},
                      "native": {k: [round(w - native_origin, 1) for w in v] for k, v in wall.items()},
                      "deltaMs": native_origin - web_origin}}


def check_session(c, root, keep, s):
    rs, native, times = s["records"], s["native"], s["times"]
    native_text = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in native)
    write(keep, "airplane.web.jsonl", s["text"])
    write(keep, "airplane.native.jsonl", native_text)
    write(keep, "airplane.cuts.json", json.dumps(times) + "\n")
    web_meta, native_meta = rs[0], native[0]
    c.ok("app session: both logs' meta carry startedAt, UTC with milliseconds",
         all(isinstance(m.get("startedAt"), str) and len(m["startedAt"]) == 24 and m["startedAt"].endswith("Z")
             and started_ms(m) is not None for m in (web_meta, native_meta)), [web_meta, native_meta])
    delta = started_ms(native_meta) - started_ms(web_meta)
    paths = [r for r in native if r.get("type") == "path"]
    drop = next((p["t"] + delta for p in paths if p["online"] is False), None)
    edge = next((p["t"] + delta for p in paths if p["online"] is True and drop is not None and p["t"] + delta > drop), None)
    web = times["web"]
    # The path records are stamped when the harness ran `ip` (the link changes
    # during the command, so an app's monitor cannot report it earlier); on the
    # session clock they must land where the web clock says the harness was.
    c.ok(f"app session: on one clock (native startedAt - web startedAt = {delta:g} ms) the native path records"
         " fall at the harness's cut and restore",
         drop is not None and edge is not None
         and abs(drop - web["cut"][0]) <= 1 and abs(edge - web["restore"][0]) <= 1,
         {"drop": drop, "edge": edge, "harness (web clock)": web})
    offline, online = of_type(rs, "offline"), of_type(rs, "online")
    # The link changes somewhere inside the `ip` command; the page hears it then or just after.
    c.ok(f"app session: the page heard offline and online while `ip` cut and restored the link, or within {ALIGN_MS} ms",
         len(offline) == 1 and len(online) == 1
         and web["cut"][0] <= offline[0]["t"] <= web["cut"][1] + ALIGN_MS
         and web["restore"][0] <= online[0]["t"] <= web["restore"][1] + ALIGN_MS,
         {"web": offline + online, "harness (web clock)": web})
    c.equal("app session: no `online` is recorded while the link is down", of_type(while_cut(rs, times["web"]), "online"), [])
    want = banner_model.timeline(rs)
    c.ok("app session: the pill comes up during the drop and the green flash after the edge",
         [(w.get("banner"), w.get("cause")) for w in want] == [("offline", "offline"), ("back-online", "online"),
                                                               ("hidden", "flash-elapsed")], want)
    replay_agrees(c, root, keep, "airplane.web", want)
    session_agrees(c, root, keep, web)


def session_agrees(c, root, keep, web):
    """`turbo-replay session` on the fresh pair: read on one clock through both startedAt, the
    drop and the edge it measures are where the harness cut and restored the link."""
    exe = timeline.binary(root)
    try:
        run = subprocess.run([exe, "session", "--format", "jsonl", f"{keep}/airplane.web.jsonl", f"{keep}/airplane.native.jsonl"],
                             capture_output=True, text=True, timeout=60)
    except Exception as e:
        return c.error("turbo-replay session on the fresh pair", e)
    write(keep, "airplane.session.jsonl", run.stdout)
    if run.returncode != 0:
        return c.ok("turbo-replay session on the fresh pair exits 0 (no findings)", False, run.stderr.strip() or run.stdout[-400:])
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    changes = [l for l in lines if "connectivity" in l]
    drop = next((l["t"] for l in changes if l["connectivity"] == "offline"), None)
    edge = next((l["t"] for l in changes if l["connectivity"] == "online" and drop is not None and l["t"] > drop), None)
    c.ok(f"app session: turbo-replay session measures the drop and the edge within {SESSION_MS} ms of the harness's cut and restore",
         drop is not None and edge is not None
         and abs(drop - web["cut"][0]) <= SESSION_MS and abs(edge - web["restore"][0]) <= SESSION_MS,
         {"drop": drop, "edge": edge, "harness (web clock)": web})
    summary = lines[-1].get("summary", {}) if lines else {}
    to_pill, to_clear = summary.get("dropToPill", {}), summary.get("edgeToClear", {})
    # The pill is the debounce after the page heard `offline`; the flash, as soon as it heard `online`.
    c.ok(f"app session: dropToPill is the 800 ms debounce plus at most {ALIGN_MS} ms, edgeToClear at most {ALIGN_MS} ms, no finding",
         summary.get("drops") == 1 and to_pill.get("count") == 1 and 800 <= to_pill.get("max", -1) <= 800 + ALIGN_MS
         and to_clear.get("count") == 1 and 0 <= to_clear.get("max", -1) <= ALIGN_MS
         and set(summary.get("findings", {}).values()) == {0},
         summary)


def replay_agrees(c, root, keep, name, want):
    try:
        raw, got = timeline.replay(timeline.binary(root), f"{keep}/{name}.jsonl")
    except Exception as e:
        return c.error(f"replay of {name}", e)
    write(keep, f"{name}.timeline.jsonl", raw)
    write(keep, f"{name}.expected.jsonl", "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in want))
    diffs = timeline.differences(got, want)
    c.ok(f"replay of {name}: the port's timeline is the model's ({len(want)} records)", not diffs, "\n     ".join(diffs))


def write(directory, name, text):
    with open(f"{directory}/{name}", "w", encoding="utf-8") as f:
        f.write(text)


BRIDGE_WAIT_S = 5.0


def bridge_messages(b):
    from webapp import BRIDGE_KEY
    return b.js(f"return JSON.parse(sessionStorage.getItem('{BRIDGE_KEY}') || '[]')")


def bridged_session(b, app, cut, restore):
    """The app session of airplane_session on a page with a `page-load` bridge
    component (Stimulus), then one navigation: what real Turbo does when a
    visit's fetch dies while the browser believes it is online (the server
    drops /bridge/flaky's fetch, as a dead upstream does). Turbo 8.0.23 (and
    7.1) does not render an error: the visit fails with status 0 and Turbo
    falls back to a full page load (8.x dispatches `turbo:reload` with reason
    `request_failed` first), so the old page gets its `pagehide` and the
    reloaded page, served to the browser's own navigation, a new `connect`. A
    plain Turbo Drive visit would do neither (no unload; a body swap is a
    connect with no pagehide).

    The native log is what a real app writes: a `path` record where the
    harness took the link down and brought it back, and a `bridge` record for
    each "connect" the page's bridge component sent, stamped with the
    wall-clock time it was sent, on the native clock."""
    if app.stimulus is None:
        raise FileNotFoundError("the bridged session needs Stimulus 3.2.2: vendor/javascript/stimulus-3.2.2/stimulus.esm.js is missing")
    native_origin = float(int(now_ms()))
    native = [{"type": "meta", "version": 1, "recording": "native", "platform": "android",
               "startedAt": iso_ms(native_origin)},
              {"t": round(now_ms() - native_origin, 1), "type": "path", "online": True}]
    wall = {}
    fresh_tab(b, app, "/bridge")
    wait_until("the first bridge message", lambda: len(bridge_messages(b)) >= 1)
    time.sleep(0.5)
    wall.update(airplane_mode(b, cut, restore, native, native_origin))
    dropped_before = app.flaky_dropped
    b.click("#bridge-flaky")
    b.wait_for("the reloaded page's connect", lambda rs: of_type(rs, "pagehide") and any(
        r["type"] == "connect" for r in rs[position_of_last(rs, "pagehide") + 1:]))
    wait_until("the reloaded page's bridge message", lambda: len(bridge_messages(b)) >= 2)
    time.sleep(0.3)
    sent = bridge_messages(b)
    for m in sent:
        native.append({"t": round(m["wall"] - native_origin, 1), "type": "bridge",
                       "component": m["component"], "event": m["event"], "url": m["url"]})
    native[1:] = sorted(native[1:], key=lambda r: r["t"])  # a logger writes in time order
    text = b.js("return TurboRecorder.text()")
    records = [json.loads(line) for line in text.splitlines() if line.strip()]
    web_origin = started_ms(records[0])
    return {"text": text, "records": records, "native": native, "bridge": sent,
            "fetchesDropped": app.flaky_dropped - dropped_before,
            "times": {"web": {k: [round(w - web_origin, 1) for w in v] for k, v in wall.items()},
                      "native": {k: [round(w - native_origin, 1) for w in v] for k, v in wall.items()},
                      "deltaMs": native_origin - web_origin}}


def wait_until(what, ready, timeout=BRIDGE_WAIT_S):
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout:g} s for {what}")
        time.sleep(0.05)


# The record lines session v1.1 lists, with the keys each carries (app-session.md).
WEB_RECORDS = {"connect": ("online", "page", "context"), "pagehide": ("persisted",),
               "turbo:visit": ("url", "action"), "turbo:before-fetch-response": ("statusCode", "target"),
               "turbo:fetch-request-error": ("target", "url"), "turbo:reload": ("reason",),
               "seen": ("visible", "text")}
NATIVE_RECORDS = {"bridge": ("component", "event", "url"), "launch": ("cold",)}


def record_lines(records, kinds, layer, shift):
    """The `record` lines the contract asks for, from one log, on the session clock."""
    out = []
    for r in records[1:]:
        if r.get("type") in kinds:
            # Δ is whole ms and t has at most a few decimals: the sum is exact in decimal, as the CLI writes it.
            line = {"t": round(r["t"] + shift, 6), "layer": layer, "record": r["type"]}
            line.update({k: r[k] for k in kinds[r["type"]] if k in r})
            out.append(line)
    return out


def run_cli(root, *args):
    return subprocess.run([timeline.binary(root), *args], capture_output=True, text=True, timeout=60)


def check_bridged_session(c, root, keep, s):
    rs, native, times = s["records"], s["native"], s["times"]
    web_path, native_path = f"{keep}/bridged.web.jsonl", f"{keep}/bridged.native.jsonl"
    write(keep, "bridged.web.jsonl", s["text"])
    write(keep, "bridged.native.jsonl", "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in native))
    write(keep, "bridged.cuts.json", json.dumps(times) + "\n")
    hides = of_type(rs, "pagehide", persisted=False)
    # turbo:fetch-request-error is Turbo 7.2's and later (script/test patches it into 7.1).
    c.ok("bridged session: the visit whose fetch died online fell back to a full load:"
         " turbo:visit (then turbo:fetch-request-error, from Turbo 7.2), the old page's pagehide, the new page's connect",
         of_type(rs, "turbo:visit", url="/bridge/flaky") and len(hides) == 1 and len(of_type(rs, "connect")) == 2 and s["fetchesDropped"] >= 1,
         {"types": [r.get("type") for r in rs[1:]], "fetches dropped": s["fetchesDropped"]})
    text = run_cli(root, "session", web_path, native_path)
    write(keep, "bridged.session.txt", text.stdout + text.stderr)
    print("bridged session, `turbo-replay session` (text):\n" + text.stdout, flush=True)
    run = run_cli(root, "session", "--format", "jsonl", web_path, native_path)
    write(keep, "bridged.session.jsonl", run.stdout)
    if run.returncode not in (0, 1):
        return c.ok("bridged session: turbo-replay session reads the pair", False, run.stderr.strip())
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    delta = started_ms(native[0]) - started_ms(rs[0])
    check_record_lines(c, lines, rs, native, delta)
    check_layer_findings(c, root, lines, web_path, native_path, delta)


def check_record_lines(c, lines, rs, native, delta):
    timeline_lines = [l for l in lines if "finding" not in l and "summary" not in l]
    got = [l for l in timeline_lines if "record" in l]
    web_want = record_lines(rs, WEB_RECORDS, "web", 0)
    native_want = record_lines(native, NATIVE_RECORDS, "native", delta)
    c.equal("bridged session: its web record lines are the web log's connect, pagehide, turbo:visit,"
            " turbo:fetch-request-error, turbo:reload … records, each at the record's own t",
            [l for l in got if l["layer"] == "web"], web_want)
    c.equal("bridged session: its native record lines are the app's two bridge messages, each at the record's t + Δ"
            f" (Δ = {delta:g} ms)", [l for l in got if l["layer"] == "native"], native_want)
    keys = [(l["t"], 0 if l["layer"] == "native" else 1) for l in timeline_lines]
    c.ok("bridged session: the merged timeline is in t order, native before web at equal t",
         keys == sorted(keys), [(l["t"], l["layer"], l.get("record") or l.get("banner") or l.get("connectivity"))
                                for l in timeline_lines])
    story = [(l["layer"], l["record"]) for l in got if l["record"] in ("connect", "pagehide", "bridge")]
    c.equal("bridged session: in order, the page's connect, the app's bridge message, the old page's pagehide,"
            " the new page's connect, its bridge message",
            story, [("web", "connect"), ("native", "bridge"), ("web", "pagehide"), ("web", "connect"),
                    ("native", "bridge")])
    pairs = list(zip([l for l in got if l["record"] == "connect"], [l for l in got if l["record"] == "bridge"]))
    c.ok(f"bridged session: each bridge message is within {ALIGN_MS} ms of its page's connect on the session clock",
         len(pairs) == 2 and all(0 <= b["t"] - w["t"] <= ALIGN_MS for w, b in pairs),
         [(w["t"], b["t"]) for w, b in pairs])


def check_layer_findings(c, root, lines, web_path, native_path, delta):
    found = [l for l in lines if "finding" in l and "layer" in l]
    for layer, path, shift in (("web", web_path, 0), ("native", native_path, delta)):
        explained = run_cli(root, "explain", "--format", "jsonl", path)
        if explained.returncode not in (0, 1):
            c.ok(f"bridged session: explain reads the {layer} log", False, explained.stderr.strip())
            continue
        own = [json.loads(l) for l in explained.stdout.splitlines() if l.strip()]
        own = [dict(f, layer=layer, t=round(f["t"] + shift, 6)) for f in own if "finding" in f]
        got = [f for f in found if f["layer"] == layer]
        own.sort(key=lambda f: f["t"])  # explain lists by detector; the session by t (stable: its order at equal t)
        if layer == "web":
            c.equal("bridged session: the page's own warnings (explain on the web log) are its \"layer\":\"web\" findings,"
                    " by t", got, own)
        else:  # the native finding's other times are the policy's to move; its id and t are held here
            c.equal("bridged session: the app's own findings (explain on the native log) are its \"layer\":\"native\" findings",
                    [(f["t"], f["finding"]) for f in got], [(f["t"], f["finding"]) for f in own])
    lied = [f for f in found if f["layer"] == "web" and f["finding"] == "online-lied"]
    errors = [l for l in lines if l.get("record") == "turbo:fetch-request-error"]
    c.ok("bridged session: the dropped fetch, while navigator.onLine was true, is the page's own online-lied warning,"
         " at the turbo:fetch-request-error (none where Turbo dispatches none, 7.1)",
         [f["t"] for f in lied] == [l["t"] for l in errors][:1] and len(errors) <= 1, [f for f in found])
