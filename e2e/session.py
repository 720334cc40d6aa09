"""The main scenario: one person's session on the app, in real Chromium with
real Turbo, while the network comes and goes. It only drives and observes;
recording_checks.py and timeline.py judge what it saw."""

import time

SECRET_TEXT = "meet me at 7, door code 4417"  # typed into the form; must not be recorded
SECRET_QUERY = "utm_source=secret-campaign"   # in the first URL; must not be recorded


def of_type(records, type_, **fields):
    return [r for r in records if r.get("type") == type_
            and all(r.get(k) == v for k, v in fields.items())]


def count(type_, n, **fields):
    return lambda rs: len(of_type(rs, type_, **fields)) >= n


def run(browser, app):
    """Returns what was observed; raises TimeoutError if the page never got
    where a step needed it to be."""
    seen = {}
    b = browser
    # A fresh tab session: the recorder continues whatever sessionStorage holds.
    b.get(app.base + "/blank")
    b.js("sessionStorage.clear()")

    b.get(f"{app.base}/?{SECRET_QUERY}")
    b.wait_for("the first connect", count("connect", 1))

    # Airplane mode, long enough for the pill (800 ms debounce).
    b.network(False)
    b.wait_for("the offline event", count("offline", 1))
    seen["navigator_online_when_cut"] = b.js("return navigator.onLine")
    time.sleep(1.2)

    # Submit while offline: Turbo's fetch dies, the form must keep the text.
    b.type("#body", SECRET_TEXT)
    b.click("#send")
    b.wait_for("the dead submission's submit-end", count("turbo:submit-end", 1, action="/messages"))
    time.sleep(0.2)  # let anything that would clear the form do so
    seen["typed_text_after_offline_submit"] = b.value("#body")

    # Back online; wait out the 2 s back-online flash.
    b.network(True)
    b.wait_for("the online event", count("online", 1))
    time.sleep(2.3)

    # A 422 from the server: Turbo renders the returned page (a new <body>).
    b.click("#save")
    b.wait_for("the 422 re-render", count("connect", 2))
    time.sleep(0.2)

    # Dead upstream: the server drops the connection while the browser is online.
    b.click("#post-dead")
    b.wait_for("the dropped submission's submit-end", count("turbo:submit-end", 1, action="/dead"))

    # A Turbo visit to a page with a banner context, then back home.
    b.click("#ride")
    b.wait_for("the /ride connect", count("connect", 1, page="/ride"))
    b.click("#home")
    b.wait_for("the home load", lambda rs: rs[-1]["type"] == "turbo:load"
               and of_type(rs, "connect")[-1]["page"] == "/")
    time.sleep(0.3)

    # Offline again, then Back: Turbo restores /ride from its cache while offline.
    b.network(False)
    b.wait_for("the second offline event", count("offline", 2))
    b.driver.back()
    b.wait_for("the restore connect", count("connect", 1, online=False))
    time.sleep(0.3)
    b.network(True)
    b.wait_for("the second online event", count("online", 2))
    # Not the whole 2 s flash: the full reload below comes while something of
    # the old page is still up (on 7.1 the green flash; from 7.2 the pill its
    # dropped Visit raises), so the replay must end it at the pagehide (v1.1).
    time.sleep(0.3)

    # What this document saw, before the full reload below replaces it.
    errors = b.js("return window.__pageErrors")
    internal = b.js("return TurboRecorder.stats().errors")

    # A visit whose fetch the server drops: Turbo falls back to a full reload;
    # the recorder must carry its buffer across it (sessionStorage).
    b.click("#flaky")
    b.wait_for("the connect after the full reload", count("connect", 1, page="/flaky"))
    time.sleep(0.2)

    seen["records"] = b.records()
    seen["text"] = b.js("return TurboRecorder.text()")
    seen["stats"] = b.js("return TurboRecorder.stats()")
    seen["stats"]["errors"] += internal
    seen["page_errors"] = errors + b.js("return window.__pageErrors")
    seen["user_agent"] = b.js("return navigator.userAgent")
    seen["flaky_dropped"] = app.flaky_dropped
    return seen
