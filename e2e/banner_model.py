"""The offline-banner contract (offline-banner.md v1.1) as a small state
machine, written from its rules table and nothing else.

It is the independent check the Swift port is held to, so it never imports,
runs or reads the port: the e2e compares the port's replay with what this
model says, and e2e/model_test.py holds this model to the repository's
hand-reviewed goldens.

    timeline(records) -> the timeline records, in order, as JSON-ready dicts

Times stay Python floats, which are IEEE-754 doubles like JavaScript's and
Swift's, so `16.036 + 800` is 816.0360000000001 here too and due times are
compared exactly, as the contract requires.
"""

import json
import math

DEBOUNCE_MS = 800
FLASH_MS = 2000

# The copy table, `es` (the default). A context names its own messages; a
# context with no entry for a message, or no context, gets the plain one.
PLAIN = None
COPY = {
    "offline": {PLAIN: "Sin conexión", "ride": "Sin conexión — tu viaje se sigue registrando"},
    "back-online": {PLAIN: "De nuevo en línea"},
    "submit-failed": {PLAIN: "No se ha podido enviar. Tu texto sigue aquí…"},
}


# What a change is attributed to, where the cause is not the input's own type.
CAUSE = {"turbo:fetch-request-error": "fetch-request-error", "turbo:submit-end": "submit-failed"}


def message(key, context):
    return COPY[key].get(context, COPY[key][PLAIN])


class Banner:
    def __init__(self, debounce=DEBOUNCE_MS, flash=FLASH_MS):
        self.debounce = float(debounce)
        self.flash = float(flash)
        # Before its first connect the controller is connected, no context, hidden.
        self.connected = True
        self.context = None
        self.banner = "hidden"
        self.label = None
        self.timers = {}  # "debounce" | "flash" -> (due, start order)
        self.started = 0
        self.out = []

    # ---- what the rules table calls ------------------------------------------

    def start(self, name, due):
        self.started += 1
        self.timers[name] = (due, self.started)

    def cancel_timers(self):
        self.timers.clear()

    def show_offline(self):
        self.cancel_timers()
        self.banner = "offline"
        self.label = message("offline", self.context)

    def hide(self):
        self.banner = "hidden"
        self.label = None

    def visible(self):
        return (self.banner, self.label if self.banner != "hidden" else None)

    # ---- one input or timer, then its visible change and its decision -----------

    def changed(self, t, cause, before):
        """One banner record per input or timer, judged after it is fully handled."""
        if self.visible() != before:
            rec = {"t": t, "banner": self.banner, "label": self.label, "cause": cause}
            if self.banner == "hidden":
                del rec["label"]
            self.out.append(rec)

    def fire_timers_due_by(self, t):
        """Due at or before t: fire in due order, ties in start order. A timer
        that fires may cancel the other, so look again after each one."""
        while True:
            due = sorted((d, order, name) for name, (d, order) in self.timers.items() if d <= t)
            if not due:
                return
            d, _, name = due[0]
            del self.timers[name]
            before = self.visible()
            if name == "debounce":
                self.show_offline()
                self.changed(d, "offline", before)
            else:
                self.hide()
                self.changed(d, "flash-elapsed", before)

    def take(self, r, t):
        kind = r["type"]
        before = self.visible()
        cause, decision = CAUSE.get(kind, kind), None
        if not self.connected:
            # Only the connect row and the last two rows apply.
            if kind == "connect":
                cause = self.connect(r)
            elif kind == "turbo:submit-end":
                decision = {"submit": "silent", "reason": "disconnected"}
        elif kind == "offline":
            if self.banner != "offline" and "debounce" not in self.timers:
                self.start("debounce", t + self.debounce)
        elif kind == "online":
            self.timers.pop("debounce", None)
            if self.banner == "offline":
                self.banner = "back-online"
                self.label = message("back-online", self.context)
                self.start("flash", t + self.flash)
        elif kind == "turbo:fetch-request-error":
            self.show_offline()
        elif kind == "turbo:submit-end":
            decision = self.submit_end(r)
        elif kind == "connect":
            cause = self.connect(r)
        elif kind == "disconnect":
            self.unload()
        elif kind == "pagehide" and r.get("persisted") is not True:
            self.unload()
        self.changed(t, cause, before)
        if decision:
            self.out.append({"t": t, **decision})

    def submit_end(self, r):
        if r.get("success") is True:
            return {"submit": "silent", "reason": "success"}
        response = r.get("fetchResponse")
        if isinstance(response, dict):  # the server answered: the page's business
            decision = {"submit": "silent", "reason": "server-response"}
            status = response.get("statusCode")
            if isinstance(status, int) and not isinstance(status, bool):
                decision["status"] = status
            return decision
        self.show_offline()  # died before any response
        self.label = message("submit-failed", self.context)
        return {"submit": "toast", "label": self.label}

    def connect(self, r):
        self.cancel_timers()
        self.connected = True
        self.context = r.get("context")
        if r.get("online") is False:
            self.banner = "offline"
            self.label = message("offline", self.context)
            return "connect-offline"
        self.hide()
        return "connect"

    def unload(self):
        self.cancel_timers()
        self.connected = False
        self.hide()


def timeline(records, debounce=DEBOUNCE_MS, flash=FLASH_MS):
    """The contract's timeline for parsed recording records (dicts, in file order)."""
    b = Banner(debounce, flash)
    last = -math.inf
    for n, r in enumerate(records, 1):
        kind = r.get("type") if isinstance(r, dict) else None
        if not isinstance(kind, str):
            raise ValueError(f"record {n}: no string type: {r!r}")
        if kind == "meta":
            continue
        t = r.get("t")
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t):
            raise ValueError(f"record {n}: no finite numeric t: {r!r}")
        t = float(t)
        if t < last:
            raise ValueError(f"record {n}: t {t} goes back in time (after {last})")
        last = t
        check_fields(n, r)
        b.fire_timers_due_by(t)
        b.take(r, t)
    b.fire_timers_due_by(math.inf)  # the page stays open: every pending timer fires
    return b.out


def check_fields(n, r):
    """The four fields the format types on the records that define them."""
    def bad(field, want):
        raise ValueError(f"record {n}: {r['type']}.{field} must be {want}: {r[field]!r}")
    if r["type"] == "turbo:submit-end":
        if "success" in r and not isinstance(r["success"], bool):
            bad("success", "a boolean")
        if "fetchResponse" in r and not (r["fetchResponse"] is None or isinstance(r["fetchResponse"], dict)):
            bad("fetchResponse", "an object or null")
    if r["type"] == "connect":
        if "online" in r and not isinstance(r["online"], bool):
            bad("online", "a boolean")
        if "context" in r and not (r["context"] is None or isinstance(r["context"], str)):
            bad("context", "a string or null")


def read(path):
    """A JSONL file's records (recording or timeline): blank lines skipped."""
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f.read().splitlines() if line.strip()]
