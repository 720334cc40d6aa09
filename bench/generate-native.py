#!/usr/bin/env python3
"""Writes a deterministic native field log (native-error-policy.md): N records of one long app
session on one clock, for measuring `explain` on a native log. Same N and seed, same bytes.

    bench/generate-native.py N [SEED] [ios|android] > FILE
    bench/generate-native.py --shape NAME N > FILE   a worst-case shape (bench/shapes.py)

The mix is an app's error-view log scaled up: the path going down and coming back (tunnels),
offline views presented on a few surfaces while down, views presented on a healthy path (a
slow server's timeouts), 503s and 401s, taps, dismissals, foregrounds, the app's own
`app-retry` lines (mostly where the policy retries, sometimes not: the findings), and now and
then a relaunch with its bridge message and the app's `app-screen` lines.
"""
import os
import random
import sys

SURFACES = ["tab:home", "tab:rides", "tab:messages", "modal", "sheet"]


def ms(t):
    text = "%.1f" % t
    return text[:-2] if text.endswith(".0") else text


def records(n, rng, platform):
    yield '{"type":"meta","version":1,"recording":"native","platform":"%s"}' % platform
    t = 0.0
    written = 1
    online = True

    def at(text):
        return '{"t":%s,%s}' % (ms(t), text)

    while written < n:
        t += rng.uniform(50, 3000)
        roll = rng.random()
        surface = rng.choice(SURFACES)
        if roll < 0.10:
            online = not online
            out = [at('"type":"path","online":%s' % ("true" if online else "false"))]
            if online and rng.random() < 0.9:
                # The app retries its offline views after the settle, as the policy does.
                t += 400 + rng.uniform(0, 30)
                out.append(at('"type":"app-retry","surface":"%s","kind":"auto"' % surface))
        elif roll < 0.45:
            code = rng.choice([-1009, -1001, -1005] if platform == "ios" else [-2, -8, -7])
            out = [at('"type":"presented","surface":"%s","error":{"kind":"web","code":%d}' % (surface, code))]
        elif roll < 0.52:
            status = rng.choice([503, 500, 404, 401])
            out = [at('"type":"presented","surface":"%s","error":{"kind":"http","status":%d}' % (surface, status))]
        elif roll < 0.62:
            out = [at('"type":"tap-retry","surface":"%s"' % surface),
                   at('"type":"app-retry","surface":"%s","kind":"manual"' % surface)]
        elif roll < 0.70:
            out = [at('"type":"dismissed","surface":"%s"' % surface)]
        elif roll < 0.75:
            out = [at('"type":"foreground"')]
        elif roll < 0.85:
            out = [at('"type":"app-retry","surface":"%s","kind":"auto"' % surface)]
        elif roll < 0.86:
            out = [at('"type":"launch"'), at('"type":"app-screen","screen":"loading"')]
            t += rng.uniform(800, 4000)
            out += [at('"type":"bridge","component":"page-load","event":"connect"'),
                    at('"type":"app-screen","screen":"web"')]
        else:
            out = [at('"type":"app-screen","screen":"web"')]
        for line in out:
            if written >= n:
                return
            written += 1
            yield line


def main():
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print(__doc__.strip())
        return
    arguments = sys.argv[1:]
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import shapes
    if shapes.write_if_asked(arguments, "bench/generate-native.py", sys.stdout):
        return
    if not 1 <= len(arguments) <= 3 or not all(a.isdigit() for a in arguments[:2]) or arguments[2:] not in ([], ["ios"], ["android"]):
        print("usage: bench/generate-native.py N [SEED] [ios|android] > FILE   (see --help)", file=sys.stderr)
        sys.exit(64)
    n = int(sys.argv[1])
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    platform = sys.argv[3] if len(sys.argv) > 3 else "ios"
    rng = random.Random(seed)
    out = sys.stdout
    for line in records(n, rng, platform):
        out.write(line)
        out.write("\n")


if __name__ == "__main__":
    main()
