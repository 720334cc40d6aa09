"""The recorder's POST sink failing: it must drop nothing and throw nothing.

Three documents in one tab, each loading the recorder as a module with a
sink: one whose sink answers 500, one whose sink refuses connections, one
whose sink works. The buffer crosses the full loads in sessionStorage; once
the sink works, what it received must be exactly what the recorder holds,
including the last lines, which only a sendBeacon on pagehide can carry."""

import json
import time


def flap(b, times):
    """Real offline/online events, so there is something to record and send."""
    total = "const s = TurboRecorder.stats(); return s.lines + s.dropped"
    for _ in range(times):
        before = b.js(total)
        b.network(False)
        # A link taken down and up at once may reach Chromium as no change at all.
        wait_until("an offline record", lambda: json.loads(b.js("return TurboRecorder.lines().pop()"))["type"]
                   == "offline")
        b.network(True)
        wait_until("an offline and an online record", lambda: b.js(total) >= before + 2
                   and json.loads(b.js("return TurboRecorder.lines().pop()"))["type"] == "online")


def page_state(b):
    return b.js("return {stats: TurboRecorder.stats(), lines: TurboRecorder.lines(),"
                " errors: window.__pageErrors}")


def wait_until(what, predicate, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(0.05)


def check_failing_page(c, b, name):
    st = page_state(b)
    stats, lines = st["stats"], st["lines"]
    c.ok(f"sink {name}: recording kept, none dropped, all still pending",
         stats["dropped"] == 0 and stats["lines"] == len(lines) and stats["pending"] == len(lines),
         stats)
    c.ok(f"sink {name}: failures counted, no internal errors, nothing thrown into the page",
         stats["sinkErrors"] >= 1 and stats["errors"] == 0 and st["errors"] == [],
         {"stats": stats, "page errors": st["errors"]})
    return lines


def run(c, b, app):
    sink = app.sink
    b.get(app.base + "/blank")
    b.js("sessionStorage.clear()")

    sink.mode = "500"
    b.get(app.base + "/sinkpage?sink=failing&token=secret-token")
    b.wait_for("the connect", lambda rs: any(r["type"] == "connect" for r in rs))
    flap(b, 3)
    wait_until("three POSTs to the failing sink", lambda: sink.attempts >= 3)
    failing = check_failing_page(c, b, "answering 500")
    c.ok("sink answering 500: the query string of the page is not recorded",
         "secret-token" not in "".join(failing) and json.loads(failing[0])["page"] == "/sinkpage")

    b.get(app.base + "/sinkpage?sink=refused")
    b.wait_for("two connects", lambda rs: sum(r["type"] == "connect" for r in rs) >= 2)
    flap(b, 2)
    wait_until("two refused POSTs", lambda: b.js("return TurboRecorder.stats().sinkErrors") >= 2)
    refused = check_failing_page(c, b, "refusing connections")
    c.equal("sink refusing: the previous document's lines are still there, in order",
            refused[:len(failing)], failing)

    sink.mode = "ok"
    b.get(app.base + "/sinkpage?sink=ok")
    session = b.js("return TurboRecorder.stats().session")
    wait_until("the backlog to be accepted", lambda: b.js("return TurboRecorder.stats().pending") == 0)
    turbo8_shapes(c, b)
    flap(b, 1)
    b.get(app.base + "/blank")  # pagehide: the last lines go by sendBeacon
    stored = [l[1] for l in json.loads(b.js("return sessionStorage.getItem('turbo-recorder')"))["lines"]]
    try:
        wait_until("the beacon", lambda: len(sink.stream(session)[0]) >= len(stored), timeout=5)
    except TimeoutError:
        pass  # judged just below
    received, gaps = sink.stream(session)
    c.ok("sink working again: it received every line exactly once, in order, through the pagehide beacon",
         received == stored and not gaps
         and "pagehide" in [json.loads(l)["type"] for l in received[-2:]],
         {"received": len(received), "recorder holds": len(stored), "gaps": gaps,
          "missing": [l for l in stored if l not in received][:5]})
    c.ok("sink working again: one meta line, the previous documents' lines first",
         received[:len(refused)] == refused and sum('"type":"meta"' in l for l in received) == 1)
    meta = json.loads(received[0])
    c.equal("identity: meta.session is the session the sink files the batches under, meta.app the meta tags'",
            (meta.get("session"), meta.get("app")), (session, {"version": "2.3.1", "build": "231"}))
    c.equal("identity: every request, beacons too, carried the collector's token as ?token=",
            sink.tokens, {"e2e token&="})
    return received


def refused(c, b, app):
    """A batch the sink refuses for what it holds (a collector's 422) is given up and counted,
    and the lines after it still go: the sink's stream has a gap exactly there, nothing else."""
    sink = app.sink
    b.get(app.base + "/blank")
    b.js("sessionStorage.clear()")
    sink.mode = "ok"
    b.get(app.base + "/sinkpage?sink=ok")
    b.wait_for("the connect", lambda rs: any(r["type"] == "connect" for r in rs))
    session = b.js("return TurboRecorder.stats().session")
    wait_until("the first lines accepted", lambda: b.js("return TurboRecorder.stats().pending") == 0)
    sink.mode = "refuse-once"
    flap(b, 2)
    wait_until("every line past the refused batch accepted",
               lambda: b.js("TurboRecorder.flush(); return TurboRecorder.stats().pending") == 0 and sink.refused)
    stats = b.js("return TurboRecorder.stats()")
    (first, count), = sink.refused
    received, gaps = sink.stream(session)
    kept = b.js("return TurboRecorder.lines()")
    c.ok(f"refused batch: its {count} lines given up and counted, the gap in the sink exactly there, every later line received",
         stats["sinkRefused"] == count and gaps == list(range(first, first + count))
         and received == kept[:first - 1] + kept[first - 1 + count:] and stats["errors"] == 0,
         {"stats": stats, "refused": sink.refused, "gaps": gaps, "received": len(received), "kept": len(kept)})


def back_online(c, b, app):
    """The failures counted while the sink could not be reached say nothing once the network is
    back: a flush that fails in the first moment after `online` is tried again at once or after
    the shortest back-off, not after one grown over the whole outage (up to a minute)."""
    sink = app.sink
    b.get(app.base + "/blank")
    b.js("sessionStorage.clear()")
    sink.mode = "500"
    b.get(app.base + "/sinkpage?sink=fast")
    b.wait_for("the connect", lambda rs: any(r["type"] == "connect" for r in rs))
    # Seven failures in a row: the next back-off would be 50 ms · 2^8 = 12.8 s.
    wait_until("seven failed POSTs", lambda: b.js("return TurboRecorder.stats().sinkErrors") >= 7, timeout=20)
    sink.mode = "500-once"
    b.js("window.dispatchEvent(new Event('online'))")
    try:
        wait_until("every line accepted", lambda: b.js("return TurboRecorder.stats().pending") == 0, timeout=4)
        accepted = True
    except TimeoutError:
        accepted = False
    stats = b.js("return TurboRecorder.stats()")
    c.ok("back online: a flush failing right after `online` is retried within seconds, not after the outage's back-off",
         accepted and sink.mode == "ok" and stats["errors"] == 0, stats)


def capped(c, b, app):
    """Lines dropped past maxLines while the sink fails leave a gap in the sequence numbers:
    once the sink works, each line must reach it under its own seq (a batch is a contiguous
    run; the one after the gap starts after it), and no seq the recorder dropped may be filled."""
    sink = app.sink
    b.get(app.base + "/blank")
    b.js("sessionStorage.clear()")
    sink.mode = "500"
    b.get(app.base + "/sinkpage?sink=capped")
    b.wait_for("the connect", lambda rs: any(r["type"] == "connect" for r in rs))
    session = b.js("return TurboRecorder.stats().session")
    flap(b, 4)
    dropped = b.js("return TurboRecorder.stats().dropped")
    sink.mode = "ok"
    wait_until("the backlog to be accepted",
               lambda: b.js("TurboRecorder.flush(); return TurboRecorder.stats().pending") == 0, timeout=20)
    # What the recorder holds: meta (seq 1) and the newest lines, whose seqs end at the last written.
    st = b.js("return {stats: TurboRecorder.stats(), lines: TurboRecorder.lines()}")
    kept, last = st["lines"], st["stats"]["lines"] + st["stats"]["dropped"]
    held = {1: kept[0], **{last - len(kept) + 1 + i: text for i, text in enumerate(kept) if i}}
    with sink.lock:
        got = dict(sink.by_session.get(session, {}))
    c.ok(f"capped sink: {dropped} lines dropped while the sink failed; every kept line reached it under its own seq",
         dropped > 0 and got == held, {"sink": sorted(got), "recorder": sorted(held),
                                       "differ": [s for s in got if got.get(s) != held.get(s)][:5]})
    meta = json.loads(held.get(1, "{}"))
    c.equal("capped sink: TurboRecorderConfig.app wins over the meta tags, build and all",
            meta.get("app"), {"version": "2.4.0"})


def turbo8_shapes(c, b):
    """Turbo 8 is not installable here, so feed the recorder the two event
    details Turbo 7.1 never produces, shaped exactly as Turbo 8's source
    dispatches them (FetchRequest#willDelegateErrorHandling; BrowserAdapter#reload)."""
    got = b.js("""
      const n = TurboRecorder.lines().length;
      const form = document.getElementById("dead");
      form.dispatchEvent(new CustomEvent("turbo:fetch-request-error", {bubbles: true, cancelable: true,
        detail: {request: {url: new URL("/dead?token=t0p", location.href), fetchOptions: {method: "post"}},
                 error: new TypeError("Failed to fetch")}}));
      document.documentElement.dispatchEvent(new CustomEvent("turbo:reload", {bubbles: true,
        detail: {reason: "tracked_element_mismatch"}}));
      form.dispatchEvent(new CustomEvent("turbo:fetch-request-error", {bubbles: true, cancelable: true,
        detail: {request: {url: new URL("https://tenant-42.example.com/api/x#f"), fetchOptions: {method: "get"}},
                 error: new TypeError("Failed to fetch")}}));
      return TurboRecorder.lines().slice(n).map(l => JSON.parse(l));
    """)
    strip = [{k: v for k, v in r.items() if k != "t"} for r in got]
    c.equal("turbo 8 shapes: fetch-request-error and reload records", strip, [
        # The path alone: the origin (and the ?token) are cut, as in every record.
        {"type": "turbo:fetch-request-error", "url": "/dead",
         "method": "POST", "target": "form#dead", "error": "TypeError: Failed to fetch"},
        {"type": "turbo:reload", "reason": "tracked_element_mismatch"},
        # Another origin's request: its host (a tenant's name) is cut too.
        {"type": "turbo:fetch-request-error", "url": "/api/x",
         "method": "GET", "target": "form#dead", "error": "TypeError: Failed to fetch"},
    ])
