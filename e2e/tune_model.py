#!/usr/bin/env python3
"""Both sides of the debounce's trade-off, computed from their definitions
(docs/variants.md, "What waiting and hurrying cost") and nothing else: the
independent check `turbo-replay tune` is held to. Like e2e/banner_model.py,
whose banner it replays, it never imports, runs or reads the Swift port.

For every web recording under PATH and every combination, v1's first, then
the variant's, by debounce, then by flash, one JSON line:

    {"debounceMs":300,"flashMs":2000,"variant":null,"sessions":12,
     "unannouncedMs":1234.5,"blinks":3,"flashes":7}

summed over the recordings in path order, where, per recording:

- unannouncedMs: the time during which the controller is connected (from the
  start, or a `connect`, to the next `disconnect` or unloading `pagehide`),
  `navigator.onLine` is false (set by `offline`, `online`, and a `connect`'s
  `online`, true when absent; true at the start), and the banner is not
  `offline`. A stretch still open at the end ends with the log: its last
  record, or a timer that fired after it.
- blinks: pill episodes (the banner becoming `offline` from anything else,
  until it becomes anything else or the log ends) shorter than --blink-ms.
- flashes: the times the banner became `back-online`.

The variant `recover-on-response` is added to the banner here, from its rule:
a `turbo:before-fetch-response` while connected, the pill up and
`navigator.onLine` true acts as `online` does, with cause `response`.

    e2e/tune_model.py --debounce-ms 300,800 [--flash-ms 2000]
                      [--variant recover-on-response] [--blink-ms 1000] PATH...

Standard library only."""

import argparse
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import banner_model  # noqa: E402

VARIANTS = ("recover-on-response",)


class VariantBanner(banner_model.Banner):
    """The contract's banner, plus recover-on-response when asked for."""

    def __init__(self, debounce, flash, variant):
        super().__init__(debounce, flash)
        self.variant = variant
        self.navigator_online = True

    def take(self, r, t):
        kind = r["type"]
        if kind == "turbo:before-fetch-response":
            if (self.variant == "recover-on-response" and self.connected and self.banner == "offline"
                    and self.navigator_online):
                before = self.visible()
                self.timers.pop("debounce", None)
                self.banner = "back-online"
                self.label = banner_model.message("back-online", self.context)
                self.start("flash", t + self.flash)
                self.changed(t, "response", before)
            return
        if kind == "offline":
            self.navigator_online = False
        elif kind == "online":
            self.navigator_online = True
        elif kind == "connect":
            self.navigator_online = r.get("online") is not False
        super().take(r, t)


def replay(records, debounce, flash, variant):
    """(timeline, the times of the records read): the banner's timeline, as
    banner_model.timeline makes it, and each non-meta record's (t, type, record)."""
    b = VariantBanner(debounce, flash, variant)
    read = []
    for r in records:
        if r["type"] == "meta":
            continue
        t = float(r["t"])
        banner_model.check_fields(len(read) + 1, r)
        b.fire_timers_due_by(t)
        b.take(r, t)
        read.append((t, r))
    b.fire_timers_due_by(math.inf)
    return b.out, read


def figures(records, debounce, flash, variant, blink_ms):
    """(unannouncedMs, blinks, flashes) of one recording."""
    out, read = replay(records, debounce, flash, variant)
    changes = [(rec["t"], rec["banner"]) for rec in out if "banner" in rec]
    times = [t for t, _ in read] + [t for t, _ in changes]
    if not times:
        return 0.0, 0, 0
    end = max(times)

    # The three things the waiting cost looks at, each a step function of time:
    # its value from each event's time on. Events of one kind keep file order, so
    # the last one at a given time is what holds after it.
    connected, online, shown = [(-math.inf, True)], [(-math.inf, True)], [(-math.inf, "hidden")]
    for t, r in read:
        kind = r["type"]
        if kind == "connect":
            connected.append((t, True))
            online.append((t, r.get("online") is not False))
        elif kind == "disconnect" or (kind == "pagehide" and r.get("persisted") is not True):
            connected.append((t, False))
        elif kind == "offline":
            online.append((t, False))
        elif kind == "online":
            online.append((t, True))
    shown += changes

    def at(steps, t):
        value = steps[0][1]
        for when, v in steps:
            if when > t:
                break
            value = v
        return value

    edges = sorted(set(times))
    unannounced = 0.0
    for a, b in zip(edges, edges[1:]):
        if at(connected, a) and not at(online, a) and at(shown, a) != "offline":
            unannounced += b - a

    blinks, start, previous = 0, None, "hidden"
    for t, banner in changes:
        if banner == "offline" and previous != "offline":
            start = t
        elif banner != "offline" and previous == "offline":
            blinks += (t - start) < blink_ms
            start = None
        previous = banner
    if start is not None:
        blinks += (end - start) < blink_ms
    flashes = sum(1 for _, banner in changes if banner == "back-online")
    return unannounced, blinks, flashes


def recordings(paths):
    """Web recordings under `paths`, sorted: goldens and native recordings left out."""
    found = set()
    for path in paths:
        if os.path.isdir(path):
            for folder, dirs, files in os.walk(path):
                dirs[:] = [d for d in dirs if not d.startswith(".")]
                for name in files:
                    if name.endswith(".jsonl") and not name.endswith(".expected.jsonl") and not name.startswith("."):
                        found.add(os.path.join(folder, name))
        else:
            found.add(path)
    return [p for p in sorted(found) if not is_native(p)]


def is_native(path):
    for r in banner_model.read(path):
        return r.get("type") == "meta" and r.get("recording") == "native"
    return False


def milliseconds(text):
    return sorted({float(item) for item in text.split(",")})


class UsageParser(argparse.ArgumentParser):
    """argparse, with the usage error's exit status every tool here uses (64, sysexits)."""

    def error(self, message):
        self.print_usage(sys.stderr)
        self.exit(64, f"{self.prog}: error: {message}\n")


def main(argv):
    parser = UsageParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--debounce-ms", type=milliseconds, default=[800.0])
    parser.add_argument("--flash-ms", type=milliseconds, default=[2000.0])
    parser.add_argument("--variant", choices=VARIANTS, action="append", default=[])
    parser.add_argument("--blink-ms", type=float, default=1000.0)
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args(argv)
    logs = [banner_model.read(path) for path in recordings(args.paths)]
    for variant in [None] + args.variant:
        for debounce in args.debounce_ms:
            for flash in args.flash_ms:
                total = [0.0, 0, 0]
                for records in logs:
                    for i, value in enumerate(figures(records, debounce, flash, variant, args.blink_ms)):
                        total[i] += value
                print(json.dumps({"debounceMs": debounce, "flashMs": flash, "variant": variant, "sessions": len(logs),
                                  "unannouncedMs": total[0], "blinks": total[1], "flashes": total[2]},
                                 separators=(",", ":")))


if __name__ == "__main__":
    main(sys.argv[1:])
