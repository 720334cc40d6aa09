"""One app session (app-session.md v1.2) as a small model, written from the
contract's text and the two contracts it reads (the banner's, v1.1, through
banner_model.py; the native error view's, v2.1, here), and nothing else.

v1.1: the record lines (the page's connect, pagehide, turbo:visit, … and the
app's bridge and launch) and the summary's errorViews are modelled here. Each
layer's own findings are not re-derived: the model takes each log's
`explain --format jsonl` finding lines as given (`layer_findings`) and checks
only what the session does with them — `layer` after `t`, the native ones'
times moved by Δ, listed after the session's findings by t, web before native
at equal t, each log in explain's order.

v1.2: the plausible clocks. The first pill the page's own `offline` raised
after the app's connectivity line before a drop, more than the tolerance
before the drop, runs the clocks backwards (whether or not it is still up; a
pill of the page's own up at the app's first line is carried to the drop after it): the drop's dropToPill is not measured (nor is
it unannounced), and one `clock-skew` line follows the session's findings.
(Identity, overlap and cut logs are the shell's refusals and limits, checked
by the Swift tests; the generated pairs are whole, overlapping logs.)

It is the independent check the Swift `AppSession` is held to: it never
imports, runs or reads the Swift code. e2e/session_model_test.py generates
seeded random pairs of logs, writes what this model says of each, and the
Swift suite replays the same pairs and compares byte for byte.

    session_lines(web_records, native_records, offset_ms=None, late_ms=2000, layer_findings=())
        -> the `--format jsonl` lines: merged timeline, findings, each log's own
           findings, summary

Times stay Python floats (IEEE-754 doubles, as the contracts require).
"""

import datetime
import json
import math
import re

import banner_model

LATE_MS = 2000
SKEW_TOLERANCE_MS = 1000

# v1.1: the records listed, each with the keys copied (those the record has).
WEB_RECORDS = {
    "connect": ["online", "page", "context"],
    "pagehide": ["persisted"],
    "turbo:visit": ["url", "action"],
    "turbo:before-fetch-response": ["statusCode", "target"],
    "turbo:fetch-request-error": ["target", "url"],
    "turbo:reload": ["reason"],
    "seen": ["visible", "text"],
}
NATIVE_RECORDS = {"bridge": ["component", "event", "url"], "launch": ["cold"]}
# The native findings' keys that are times (moved by Δ); durations such as ageMs stay.
NATIVE_TIME_KEYS = {"t", "until", "at", "first", "last", "launchedAt", "capturedAt"}

# ---- numbers and lines, as the other outputs print them ----------------------


def fmt(x):
    """At most 3 decimals, no trailing zeros; thousandths rounded half away from zero."""
    v = abs(x) * 1000.0
    whole = math.floor(v)
    n = int(whole) + (1 if v - whole >= 0.5 else 0)
    if x < 0:
        n = -n
    q, r = divmod(abs(n), 1000)
    text = str(q) + (("." + f"{r:03d}".rstrip("0")) if r else "")
    return ("-" if n < 0 else "") + text


def line(pairs):
    """A JSON object with its keys in the given order; values are already JSON text."""
    return "{" + ",".join(json.dumps(k) + ":" + v for k, v in pairs) + "}"


def s(text):
    return json.dumps(text, ensure_ascii=False)


# ---- startedAt ------------------------------------------------------------------

STARTED_AT = re.compile(r"\A(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})Z\Z", re.ASCII)


def started_at_ms(text):
    """Milliseconds since 1970 for YYYY-MM-DDTHH:MM:SS.sssZ naming a real UTC time; else None."""
    if not isinstance(text, str):
        return None
    m = STARTED_AT.match(text)
    if not m:
        return None
    y, mo, d, h, mi, sec, ms = (int(g) for g in m.groups())
    if y < 1:  # Python's calendar starts at year 1; the generator never writes earlier years
        return None
    try:
        when = datetime.datetime(y, mo, d, h, mi, sec, tzinfo=datetime.timezone.utc)
    except ValueError:
        return None
    epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
    delta = when - epoch
    return (delta.days * 86400 + delta.seconds) * 1000 + ms


# ---- the native error view (native-error-policy.md v2) -------------------------

OFFLINE_CODES = {
    "ios": {-1009, -1005, -1001, -1003, -1006, -1018, -1019, -1020},
    "android": {-1, -2, -7, -8},
}
SETTLE, PROBE = 400.0, 2500.0
COOLDOWN = {"ios": None, "android": 15000.0}


def classify(error, platform):
    kind = error["kind"]
    if kind == "web":
        if "turbo" in error:
            return "offline"
        return "offline" if error["code"] in OFFLINE_CODES[platform] else "server"
    if kind == "http":
        status = error["status"]
        if status == 401:
            return "none"
        if platform == "android" and not (100 <= status <= 599):
            return "offline"
        return "server"
    return "server"  # ssl, load


class Instance:
    def __init__(self, surface, variant):
        self.surface = surface
        self.variant = variant
        self.timers = {}  # "settle" | "probe" | "wait" -> (due, start order, trigger)


class ErrorView:
    def __init__(self, platform):
        self.platform = platform
        self.cooldown = COOLDOWN[platform]
        self.online = False
        self.instances = []  # in the order they were presented
        self.last_auto = None
        self.started = 0
        self.out = []

    def start(self, inst, slot, due, trigger):
        self.started += 1
        inst.timers[slot] = (due, self.started, trigger)

    def decide(self, t, surface, *pairs):
        self.out.append([("t", fmt_t(t)), ("surface", s(surface))] + list(pairs))

    def remove(self, surface):
        for i, inst in enumerate(self.instances):
            if inst.surface == surface:
                del self.instances[i]
                return True
        return False

    def next_timer(self):
        best = None
        for inst in self.instances:
            for slot, (due, order, trigger) in inst.timers.items():
                if best is None or (due, order) < (best[0], best[1]):
                    best = (due, order, inst, slot, trigger)
        return best

    def fire_due_by(self, t):
        while True:
            nxt = self.next_timer()
            if nxt is None or nxt[0] > t:
                return
            due, _, inst, slot, trigger = nxt
            del inst.timers[slot]
            if slot == "wait" and not self.online:
                continue  # the wait ends with nothing; the next edge starts a settle
            self.ask(inst, trigger, due)

    def ask(self, inst, trigger, t):
        if self.cooldown is not None and self.last_auto is not None and t < self.last_auto + self.cooldown:
            until = self.last_auto + self.cooldown
            inst.timers.pop("settle", None)
            inst.timers.pop("probe", None)
            self.start(inst, "wait", until, trigger)
            self.decide(t, inst.surface, ("deferred", s("cooldown")), ("until", ("UNTIL", until)))
        else:
            self.last_auto = t
            self.instances.remove(inst)
            self.decide(t, inst.surface, ("retry", s("auto")), ("trigger", s(trigger)))

    def settle(self, inst, t, trigger):
        if "settle" not in inst.timers and "wait" not in inst.timers:
            self.start(inst, "settle", t + SETTLE, trigger)

    def take(self, r, t):
        kind = r["type"]
        if kind == "path":
            online = r["online"]
            if online == self.online:
                return
            self.online = online
            for inst in self.instances:
                if inst.variant != "offline":
                    continue
                if online:
                    self.settle(inst, t, "edge")
                else:
                    inst.timers.pop("settle", None)
                    inst.timers.pop("probe", None)
        elif kind == "presented":
            surface = r["surface"]
            self.remove(surface)
            variant = classify(r["error"], self.platform)
            pairs = [("view", s(variant))] + ([("reason", s("auth-shell"))] if variant == "none" else [])
            self.decide(t, surface, *pairs)
            if variant == "none":
                return
            inst = Instance(surface, variant)
            if variant == "offline" and self.online:
                self.start(inst, "probe", t + PROBE, "probe")
            self.instances.append(inst)
        elif kind == "tap-retry":
            if self.remove(r["surface"]):
                self.decide(t, r["surface"], ("retry", s("manual")))
        elif kind == "dismissed":
            self.remove(r["surface"])
        elif kind == "launch":
            # v2.1: a new process; the policy starts over, as if the log started here (no
            # decision for the views that die with the old one).
            self.instances = []
            self.online = False
            self.last_auto = None
        elif kind == "foreground":
            if self.platform == "ios" and self.online:
                for inst in self.instances:
                    if inst.variant == "offline":
                        self.settle(inst, t, "foreground")

    def offline_view_up(self):
        return any(inst.variant == "offline" for inst in self.instances)


def fmt_t(t):
    return ("T", t)  # a time, moved onto the session clock when the line is written


# ---- the session ----------------------------------------------------------------


class Session:
    def __init__(self, web, native, offset_ms=None, late_ms=LATE_MS, debounce=banner_model.DEBOUNCE_MS,
                 flash=banner_model.FLASH_MS, layer_findings=()):
        self.late_ms = float(late_ms)
        web_meta = next((r for r in web if r.get("type") == "meta"), None)
        native_meta = native[0]
        if native_meta.get("type") != "meta" or native_meta.get("recording") != "native":
            raise ValueError("the native log does not start with a native meta")
        if offset_ms is not None:
            self.delta = float(offset_ms)
        else:
            w = started_at_ms(web_meta.get("startedAt")) if web_meta else None
            n = started_at_ms(native_meta.get("startedAt"))
            if w is None or n is None:
                raise ValueError("the session cannot be aligned")
            self.delta = float(n - w)
        d = self.delta

        # Each log by itself, exactly as its own contract says.
        self.web_timeline = banner_model.timeline(web, debounce, flash)
        web_timed = [r for r in web if r["type"] != "meta"]
        self.connects = [float(r["t"]) for r in web_timed if r["type"] == "connect"]

        view = ErrorView(native_meta.get("platform", "ios"))
        native_lines = []  # (session t, pairs, connectivity: (online, view up) or None)
        self.views_up = {}  # surface -> session time it came up (v1.1 errorViews)
        self.views_closed = []  # (surface, ms)
        taken = 0
        for r in native[1:]:
            t = float(r["t"])
            view.fire_due_by(t)
            self.tally_views(view.out[taken:])
            native_lines += [self.moved(p) for p in view.out[taken:]]
            taken = len(view.out)
            if r["type"] in ("presented", "dismissed"):
                self.close_view(r["surface"], t + d)
            elif r["type"] == "launch":
                for surface in list(self.views_up):
                    self.close_view(surface, t + d)
            was = view.online
            view.take(r, t)
            self.tally_views(view.out[taken:])
            native_lines += [self.moved(p) for p in view.out[taken:]]
            taken = len(view.out)
            if r["type"] == "path" and r["online"] != was:
                conn = "online" if r["online"] else "offline"
                native_lines.append((t + d, line([("t", fmt(t + d)), ("layer", s("native")), ("connectivity", s(conn))]),
                                     (r["online"], view.offline_view_up())))
        view.fire_due_by(math.inf)
        self.tally_views(view.out[taken:])
        native_lines += [self.moved(p) for p in view.out[taken:]]

        web_lines = [(rec["t"], self.web_line(rec)) for rec in self.web_timeline]
        web_records = [(float(r["t"]), self.record_line(r, "web", WEB_RECORDS, float(r["t"])))
                       for r in web_timed if r["type"] in WEB_RECORDS]
        native_records = [(float(r["t"]) + d, self.record_line(r, "native", NATIVE_RECORDS, float(r["t"]) + d))
                          for r in native[1:] if r["type"] in NATIVE_RECORDS]

        # By t; at equal t native lines first; within a layer its record lines first; each in
        # its own order.
        merged = [(t, 0, 0, i, text) for i, (t, text) in enumerate(native_records)]
        merged += [(t, 0, 1, i, text) for i, (t, text, _) in enumerate(native_lines)]
        merged += [(t, 1, 0, i, text) for i, (t, text) in enumerate(web_records)]
        merged += [(t, 1, 1, i, text) for i, (t, text) in enumerate(web_lines)]
        merged.sort(key=lambda m: m[:4])
        self.timeline = [m[4] for m in merged]
        self.layer_findings = self.layered(layer_findings)

        ends = [m[0] for m in merged] + [float(r["t"]) for r in web_timed] + [float(r["t"]) + d for r in native[1:]]
        self.end = max(ends) if ends else None

        self.measure([(t, c) for t, _, c in native_lines if c is not None])

    # ---- v1.1 -------------------------------------------------------------------

    def tally_views(self, decisions):
        """Each decision in order: an offline or server view comes up on its surface (closing
        the one there), a retry on a surface closes its view."""
        for pairs in decisions:
            t = pairs[0][1][1] + self.delta
            surface = json.loads(pairs[1][1])
            keys = dict(pairs[2:])
            if "view" in keys and json.loads(keys["view"]) in ("offline", "server"):
                self.close_view(surface, t)
                self.views_up[surface] = t
            elif "retry" in keys:
                self.close_view(surface, t)

    def close_view(self, surface, t):
        if surface in self.views_up:
            self.views_closed.append((surface, t - self.views_up.pop(surface)))

    @staticmethod
    def record_line(r, layer, kinds, t):
        pairs = [("t", fmt(t)), ("layer", s(layer)), ("record", s(r["type"]))]
        for key in kinds[r["type"]]:
            if key in r:
                v = r[key]
                text = fmt(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else json.dumps(v, ensure_ascii=False)
                pairs.append((key, text))
        return line(pairs)

    def layered(self, findings):
        """`(layer, explain's JSON line)`: `layer` after `t`, native times moved by Δ; by t,
        web before native at equal t, each log in explain's order."""
        out = []
        for i, (layer, text) in enumerate(findings):
            obj = json.loads(text, object_pairs_hook=list)
            shift = self.delta if layer == "native" else 0.0
            pairs = []
            t = None
            for k, v in obj:
                if layer == "native" and k in NATIVE_TIME_KEYS and isinstance(v, (int, float)) and not isinstance(v, bool):
                    v_text = fmt(v + shift)
                else:
                    v_text = self.json_text(v)
                pairs.append((k, v_text))
                if k == "t":
                    t = float(v) + shift
                    pairs.append(("layer", s(layer)))
            out.append((t, 0 if layer == "web" else 1, i, line(pairs)))
        out.sort(key=lambda f: f[:3])
        return [f[3] for f in out]

    @classmethod
    def json_text(cls, v):
        if isinstance(v, list) and v and all(isinstance(p, tuple) and len(p) == 2 for p in v):
            return line([(k, cls.json_text(x)) for k, x in v])  # an object, its keys in order
        if isinstance(v, list):
            return "[" + ",".join(cls.json_text(x) for x in v) + "]"
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return fmt(v)
        return json.dumps(v, ensure_ascii=False)

    def error_views_json(self):
        durations = [ms for _, ms in self.views_closed]
        by_surface = {}
        for surface, ms in self.views_closed:
            by_surface[surface] = by_surface.get(surface, 0.0) + ms
        end = self.end if self.end is not None else 0.0
        for surface, since in self.views_up.items():
            ms = max(0.0, end - since)
            durations.append(ms)
            by_surface[surface] = by_surface.get(surface, 0.0) + ms
        v = sorted(durations)
        ms_pairs = []
        if v:
            n = len(v)
            ms_pairs = [("median", fmt(v[(n - 1) // 2])), ("p90", fmt(v[math.ceil(0.9 * n) - 1])), ("max", fmt(v[-1]))]
        surfaces = sorted(by_surface, key=lambda x: x.encode("utf-8"))
        return line([("count", str(len(v))), ("open", str(len(self.views_up))), ("ms", line(ms_pairs)),
                     ("bySurface", "{" + ",".join(s(k) + ":" + fmt(by_surface[k]) for k in surfaces) + "}")])

    def moved(self, pairs):
        out = [("t", fmt(pairs[0][1][1] + self.delta)), ("layer", s("native"))]
        for k, v in pairs[1:]:
            if isinstance(v, tuple) and v[0] == "UNTIL":
                v = fmt(v[1] + self.delta)
            out.append((k, v))
        return (pairs[0][1][1] + self.delta, line(out), None)

    @staticmethod
    def web_line(rec):
        pairs = [("t", fmt(rec["t"])), ("layer", s("web"))]
        for k, v in rec.items():
            if k == "t":
                continue
            pairs.append((k, json.dumps(v, ensure_ascii=False)))
        return line(pairs)

    # ---- what it measures ------------------------------------------------------

    def banner_state(self, t):
        state = "hidden"
        for rec in self.web_timeline:
            if "banner" in rec and rec["t"] <= t:
                state = rec["banner"]
        return state

    def first_banner(self, t, test):
        for rec in self.web_timeline:
            if "banner" in rec and rec["t"] >= t and test(rec["banner"]):
                return rec["t"]
        return None

    def measure(self, changes):
        late = self.late_ms
        self.drops, self.edges, found = [], [], []
        for i, (t, (online, view_up)) in enumerate(changes):
            nxt = changes[i + 1][0] if i + 1 < len(changes) else None
            if not online:
                drop = {"t": t, "latency": None}
                prev = changes[i - 1][0] if i > 0 else None
                own = next((rec["t"] for rec in self.web_timeline
                            if rec.get("cause") == "offline" and (prev is None or rec["t"] > prev) and rec["t"] < t), None)
                if i == 1 and prev < t:
                    # The page's own pill up at the app's first line is carried to this drop.
                    setter = [rec for rec in self.web_timeline if "banner" in rec and rec["t"] <= prev]
                    if setter and setter[-1]["cause"] == "offline":
                        own = setter[-1]["t"]
                if own is not None and t - own > SKEW_TOLERANCE_MS:
                    drop["skew"] = (t, own)
                elif self.banner_state(t) == "offline":
                    drop["latency"], drop["pill"] = 0.0, t
                else:
                    pill = self.first_banner(t, lambda b: b == "offline")
                    if pill is not None and (nxt is None or pill < nxt):
                        drop["latency"], drop["pill"] = pill - t, pill
                self.drops.append(drop)
                if drop["latency"] is not None and drop["latency"] > late:
                    found.append((drop["pill"], t, 0, "late-pill", "drop", drop["latency"]))
            else:
                edge = {"t": t, "clear": None, "page": None}

                def latency(at):
                    if at is None or (nxt is not None and not at < nxt):
                        return "stuck"
                    return at - t
                if self.banner_state(t) == "offline":
                    edge["clear"] = latency(self.first_banner(t, lambda b: b != "offline"))
                if view_up:
                    edge["page"] = latency(next((c for c in self.connects if c >= t), None))
                self.edges.append(edge)
                for order, (fid, value) in enumerate([("pill-outlived-network", edge["clear"]),
                                                      ("slow-recovery", edge["page"])], 1):
                    if value == "stuck":
                        found.append((t, t, order, fid, "edge", None))
                    elif value is not None and value > late:
                        found.append((t, t, order, fid, "edge", value))
        found.sort(key=lambda f: (f[0], f[1], f[2]))  # stable: otherwise in the order found
        self.findings = found

    # ---- output -----------------------------------------------------------------

    def skew_lines(self):
        pairs = [d["skew"] for d in self.drops if "skew" in d]
        if not pairs:
            return []
        largest = max(drop - pill for drop, pill in pairs)
        listed = ",".join(line([("drop", fmt(drop)), ("pill", fmt(pill)), ("backwardsMs", fmt(drop - pill))])
                          for drop, pill in pairs[:10])
        return [line([("t", fmt(pairs[0][1])), ("finding", s("clock-skew")), ("pairs", "[" + listed + "]"),
                      ("count", str(len(pairs))), ("offsetMs", fmt(self.delta)),
                      ("agreeingOffsetMs", fmt(self.delta - largest)), ("toleranceMs", fmt(SKEW_TOLERANCE_MS))])]

    def finding_lines(self):
        out = []
        for t, anchor, _, fid, key, value in self.findings:
            pairs = [("t", fmt(t)), ("finding", s(fid)), (key, fmt(anchor))]
            if value is not None:
                pairs.append(("latencyMs", fmt(value)))
            out.append(line(pairs))
        return out

    @staticmethod
    def stats(values, stuck=None):
        v = sorted(values)
        pairs = [("count", str(len(v)))]
        if v:
            n = len(v)
            pairs += [("median", fmt(v[(n - 1) // 2])), ("p90", fmt(v[math.ceil(0.9 * n) - 1])), ("max", fmt(v[-1]))]
        if stuck is not None:
            pairs.append(("stuck", str(stuck)))
        return line(pairs)

    def summary_line(self):
        clear = [e["clear"] for e in self.edges if e["clear"] is not None]
        page = [e["page"] for e in self.edges if e["page"] is not None]
        counts = {fid: 0 for fid in ("late-pill", "pill-outlived-network", "slow-recovery")}
        for f in self.findings:
            counts[f[3]] += 1
        body = line([
            ("drops", str(len(self.drops))),
            ("unannounced", str(sum(1 for d in self.drops if d["latency"] is None and "skew" not in d))),
            ("edges", str(len(self.edges))),
            ("dropToPill", self.stats([d["latency"] for d in self.drops if d["latency"] is not None])),
            ("edgeToClear", self.stats([c for c in clear if c != "stuck"], clear.count("stuck"))),
            ("edgeToPage", self.stats([p for p in page if p != "stuck"], page.count("stuck"))),
            ("findings", line([(k, str(v)) for k, v in counts.items()])),
            ("errorViews", self.error_views_json()),
            ("end", fmt(self.end) if self.end is not None else "null"),
        ])
        return line([("summary", body)])

    def lines(self):
        return self.timeline + self.finding_lines() + self.skew_lines() + self.layer_findings + [self.summary_line()]


def session_lines(web, native, offset_ms=None, late_ms=LATE_MS, layer_findings=()):
    return Session(web, native, offset_ms, late_ms, layer_findings=layer_findings).lines()
