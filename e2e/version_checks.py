"""Checks that hold only for some Turbo versions, applied only to the version
detected (turbo_js.locate reads it from the file's banner).

What the versions this e2e can meet differ in, per Turbo's own source:
  turbo:fetch-request-error  from 7.2.0: dispatched from FetchRequest#perform when a
                             fetch fails before any response, on the form or frame
                             that made it, else on <html> (hotwired/turbo#640, #685)
  turbo:reload               from 7.2.0: dispatched just before the full-reload
                             fallback, reason "request_failed" after a failed Visit (#556)

A version is a release "X.Y.Z", or a pre-release of one ("8.0.0-beta.1": it
fires what arrived before X.Y.Z; one of 7.2.0 itself is unknown), or
"X.Y.Z+EVENT+…": release X.Y.Z with those events patched in, the label of
the test-only build patched_turbo.py makes.
Anything else, or older than 7.1.0, is unknown: only the version-independent
checks apply, and the run says so."""

import re

from session import of_type

ARRIVED = {"turbo:fetch-request-error": (7, 2, 0), "turbo:reload": (7, 2, 0)}
OLDEST = (7, 1, 0)
VERSION = re.compile(r"(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?((?:\+[0-9A-Za-z:-]+)*)$")


def fires(version):
    """{event: True/False} for what this Turbo dispatches, or None if the version is unknown."""
    m = VERSION.match(version or "")
    if not m:
        return None
    base, pre = tuple(int(g) for g in m.group(1, 2, 3)), m.group(4)
    patched = {"turbo:" + name for name in m.group(5).split("+") if name}
    if base < OLDEST or not patched <= set(ARRIVED):
        return None
    if pre and any(base == since for since in ARRIVED.values()):
        return None  # a pre-release of the very release an event arrived in may or may not have it
    return {event: event in patched or base >= since for event, since in ARRIVED.items()}


def check(c, version, rs, want):
    events = fires(version)
    if events is None:
        print(f"note Turbo {version}: the version-specific checks know releases from 7.1.0, their pre-releases"
              f" and the e2e's own patched build, not this; only the version-independent checks apply", flush=True)
        return
    name = f"turbo {version}"
    for event, present in events.items():
        if not present:
            c.equal(f"{name}: no {event} (it arrived in 7.2.0)", of_type(rs, event), [])
    if events["turbo:fetch-request-error"]:
        fetch_errors_reported(c, name, rs, want)
    else:
        c.ok(f"{name}: with no turbo:fetch-request-error, the full reload's pagehide ends the back-online flash"
             " before it elapses", [w.get("cause") for w in want[-2:]] == ["online", "pagehide"], want[-2:])
    if events["turbo:reload"]:
        reloads = between(rs, visit_of_flaky(rs), last(rs, "pagehide"), "turbo:reload")
        c.ok(f"{name}: the dropped Visit's full-reload fallback fired turbo:reload, reason request_failed",
             [r.get("reason") for r in reloads] == ["request_failed"], reloads)


def fetch_errors_reported(c, name, rs, want):
    """Each failure the session caused fired turbo:fetch-request-error before
    Turbo's own reaction to it, on the element that made the request."""
    for action, target in (("/messages", "form#composer"), ("/dead", "form#dead")):
        ends = of_type(rs, "turbo:submit-end", action=action)
        start = last(rs[: position(rs, ends[0])], "turbo:submit-start") if ends else None
        errors = between(rs, start, ends[0] if ends else None, "turbo:fetch-request-error")
        c.ok(f"{name}: the failed submission to {action} fired turbo:fetch-request-error on {target}"
             " before its turbo:submit-end",
             [(e.get("target"), e.get("method")) for e in errors] == [(target, "POST")], errors or ends)
    visit, hide = visit_of_flaky(rs), last(rs, "pagehide")
    errors = [e for e in between(rs, visit, hide, "turbo:fetch-request-error") if e.get("target") == "html"]
    c.ok(f"{name}: the dropped Visit of /flaky fired turbo:fetch-request-error on html before the full reload",
         len(errors) == 1 and errors[0].get("method") == "GET" and str(errors[0].get("url")).endswith("/flaky"),
         errors)
    c.ok(f"{name}: so the pill is up when the full reload's pagehide takes it down",
         [(w.get("banner"), w.get("cause")) for w in want[-2:]] == [("offline", "fetch-request-error"),
                                                                   ("hidden", "pagehide")], want[-2:])


def visit_of_flaky(rs):
    visits = of_type(rs, "turbo:visit", url="/flaky")
    return visits[0] if visits else None


def last(rs, type_):
    found = of_type(rs, type_)
    return found[-1] if found else None


def between(rs, first, end, type_):
    """Records of type_ after first and before end in file order; none if either is missing."""
    if first is None or end is None:
        return []
    return [r for r in rs[position(rs, first) + 1: position(rs, end)] if r.get("type") == type_]


def position(rs, record):
    """By identity: two records can be equal (same t, same type)."""
    return next(i for i, r in enumerate(rs) if r is record)
