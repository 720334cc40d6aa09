"""Does the recording the session captured follow recording format v1, and
does it say what really happened in the browser?"""

import math
from datetime import datetime

from session import SECRET_QUERY, SECRET_TEXT, of_type

KNOWN = {"meta", "connect", "disconnect", "offline", "online", "turbo:fetch-request-error",
         "turbo:submit-end", "turbo:submit-start", "turbo:visit", "turbo:before-fetch-response",
         "turbo:frame-load", "turbo:load", "turbo:reload", "turbo:render", "turbo:morph", "visibilitychange",
         "pagehide", "seen"}


def check(c, seen):
    rs = seen["records"]
    meta = rs[0] if rs else {}
    c.ok("recording: starts with one meta line, version 1, source chromium, page without query",
         meta.get("type") == "meta" and meta.get("version") == 1 and meta.get("source") == "chromium"
         and meta.get("page") == "/" and len(of_type(rs, "meta")) == 1, meta)
    c.equal("recording: meta.userAgent is the browser's", meta.get("userAgent"), seen["user_agent"])
    c.ok("recording: meta.startedAt is an ISO time", iso(meta.get("startedAt")), meta.get("startedAt"))

    times = [r.get("t") for r in rs[1:]]
    c.ok("recording: every record has a finite t that never decreases",
         all(isinstance(t, (int, float)) and math.isfinite(t) for t in times)
         and all(a <= b for a, b in zip(times, times[1:])), times)
    c.ok("recording: only record types the format lists",
         all(r.get("type") in KNOWN for r in rs), sorted({r.get("type") for r in rs} - KNOWN))
    c.ok("recording: no typed form text and no query string anywhere",
         SECRET_TEXT not in seen["text"] and SECRET_QUERY.split("=")[1] not in seen["text"]
         and "?" not in seen["text"])

    connects = of_type(rs, "connect")
    c.ok("connect: the first page, no context, online",
         connects and connects[0] == {**connects[0], "page": "/", "context": None, "online": True},
         connects[:1])
    c.ok("connect: the /ride page reads its context from data-railsfast--offline-banner-context-value",
         all(r["context"] == "ride" for r in of_type(rs, "connect", page="/ride"))
         and of_type(rs, "connect", page="/ride"), of_type(rs, "connect", page="/ride"))
    check_restore(c, rs)
    check_pairs(c, rs)

    c.equal("browser: navigator.onLine is false once the network is cut",
            seen["navigator_online_when_cut"], False)
    c.equal("browser: the form kept the typed text after the offline submission",
            seen["typed_text_after_offline_submit"], SECRET_TEXT)
    check_submissions(c, rs)
    check_full_reload(c, seen)

    stats = seen["stats"]
    c.ok("recorder: nothing dropped, no internal errors",
         stats["dropped"] == 0 and stats["errors"] == 0 and stats["lines"] == len(rs), stats)
    c.equal("recorder: threw nothing into the page",
            [e for e in seen["page_errors"] if "recorder" in (e.get("stack") or "")], [])


def check_restore(c, rs):
    offline_connects = of_type(rs, "connect", online=False)
    i = rs.index(offline_connects[0]) if offline_connects else -1
    visit = [r for r in rs[:i] if r["type"] == "turbo:visit"][-1:] if i > 0 else []
    restored = bool(visit) and fields(visit[0], url="/ride", action="restore")
    c.ok("connect: a cache restore while offline connects with online:false and its context",
         restored and len(offline_connects) == 1
         and fields(offline_connects[0], page="/ride", context="ride"),
         {"connect": offline_connects, "visit before it": visit})


def check_pairs(c, rs):
    """Turbo swaps <body>: every connect but the first of a document follows
    a disconnect, and no two disconnects are in a row."""
    state, bad = "none", []
    for r in rs:
        if r["type"] == "pagehide" and r.get("persisted") is not True:
            state = "none"  # a new document starts: Stimulus never disconnects on unload
        elif r["type"] == "connect":
            if state == "connected":
                bad.append(r)
            state = "connected"
        elif r["type"] == "disconnect":
            if state != "connected":
                bad.append(r)
            state = "disconnected"
    renders = len(of_type(rs, "disconnect"))
    c.ok(f"connect/disconnect: one pair around each of the {renders} body renders", not bad and renders >= 4, bad)


def check_submissions(c, rs):
    ends = of_type(rs, "turbo:submit-end")
    offline_end = of_type(rs, "turbo:submit-end", action="/messages")
    c.ok("submit-end offline: success false, fetchResponse null, the fetch error, POST",
         len(offline_end) == 1 and fields(offline_end[0], success=False, fetchResponse=None, method="POST")
         and "Failed to fetch" in str(offline_end[0].get("error")), offline_end)
    dead = of_type(rs, "turbo:submit-end", action="/dead")
    c.ok("submit-end dropped connection while online: fetchResponse null",
         len(dead) == 1 and fields(dead[0], success=False, fetchResponse=None, method="POST")
         and "error" in dead[0], dead)
    invalid = of_type(rs, "turbo:submit-end", action="/invalid")
    c.ok("submit-end 422: fetchResponse {statusCode:422, redirected:false}, no error",
         len(invalid) == 1 and fields(invalid[0], success=False,
                                      fetchResponse={"statusCode": 422, "redirected": False})
         and "error" not in invalid[0], invalid)
    c.ok("before-fetch-response: the 422 came to form#invalid",
         of_type(rs, "turbo:before-fetch-response", statusCode=422, target="form#invalid"))
    starts = of_type(rs, "turbo:submit-start")
    c.ok("submit-start: one per submission, with no fields (form data is opt-in)",
         len(starts) == len(ends) == 3 and all(set(r) == {"t", "type"} for r in starts), starts)


def check_full_reload(c, seen):
    rs = seen["records"]
    hide = of_type(rs, "pagehide")
    after = rs[rs.index(hide[-1]):] if hide else []
    c.ok("full reload: Turbo's fetch of /flaky was dropped and it reloaded the page",
         seen["flaky_dropped"] >= 1 and of_type(rs, "turbo:visit", url="/flaky"), seen["flaky_dropped"])
    c.ok("full reload: the buffer survived it (sessionStorage) and /flaky connected after pagehide",
         hide and of_type(after, "connect", page="/flaky") and rs[0]["type"] == "meta"
         and rs[1:] and of_type(rs[: rs.index(hide[-1])], "connect", page="/"), [r["type"] for r in after])
    c.ok("pagehide: every one carries the event's persisted flag, a boolean",
         hide and all(isinstance(r.get("persisted"), bool) for r in hide), hide)
    c.ok("full reload: its pagehide says persisted false (a reload never enters the back-forward cache)",
         hide and hide[-1].get("persisted") is False, hide[-1:])


def fields(record, **want):
    return all(record.get(k) == v and k in record for k, v in want.items())


def iso(text):
    try:
        datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ")
        return True
    except (TypeError, ValueError):
        return False
