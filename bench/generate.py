#!/usr/bin/env python3
"""Writes a deterministic field log: N records of recording format v1, a fleet's day of
sessions concatenated on one clock. Same N and seed, same bytes.

    bench/generate.py N [SEED] > FILE            a web recording (the page's)
    bench/generate.py --native N [SEED] > FILE   a native log (the app's), iOS
    bench/generate.py --busy N [SEED] > FILE     a web recording whose banner changes every
                                                 few records: the output-heavy shape
    bench/generate.py --shape NAME N > FILE      a worst-case shape (bench/shapes.py: one log
                                                 that makes kept state grow if it is unbounded)

The native log is one app's long run: launches, connectivity, error views and their retries,
the app's own retry and screen logs, bridge messages, and navigations over a few thousand
distinct pages (more than the archive cache's bound, so it evicts), with cache clears now
and then.

The mix is what recordings/chromium shows, scaled up: mostly observed-only records (frame
loads, fetch responses, visits, visibility), with page changes (disconnect/connect), network
cuts (offline/online), dead upstreams (turbo:fetch-request-error) and form submissions
(success, 422, died) among them.

The busy log is the same kinds of record in another mix: a third of them inputs that change
the pill (network cuts a few seconds apart, so debounces fire and flashes end; dead
upstreams; submissions, each a decision line), so a replay prints about one line for every
two or three records it reads, where the field log prints one in dozens.
"""
import random
import sys

USER_AGENT = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
              "HeadlessChrome/156.0.0.0 Safari/537.36")
PAGES = ["/", "/page2", "/rides/42", "/messages", "/settings"]
FRAMES = ["turbo-frame#comments", "turbo-frame#feed", "turbo-frame#nav"]


def ms(t):
    # Recorders print performance.now() rounded to 0.1 ms: "1155.8", "4161".
    text = "%.1f" % t
    return text[:-2] if text.endswith(".0") else text


# The field log's mix: the chance of each kind of record, cumulative, in the order `records`
# tests them (fetch response, frame load, visibility, page load, Visit, network edge, failed
# fetch, submission; the rest reloads), and the mean gap between records in ms.
FIELD_MIX = ([0.30, 0.58, 0.72, 0.80, 0.86, 0.91, 0.93, 0.97], 40.0)
BUSY_MIX = ([0.12, 0.22, 0.26, 0.30, 0.38, 0.68, 0.78, 0.98], 400.0)


def records(n, rng, mix=FIELD_MIX):
    cut, gap = mix
    t = 100.0
    written = 0
    session = 0

    def line(text):
        nonlocal written
        written += 1
        return text

    while True:
        session += 1
        page = rng.choice(PAGES)
        yield line('{"type":"meta","version":1,"source":"chromium","userAgent":"%s","page":"%s","startedAt":"2026-11-30T%02d:%02d:%02d.%03dZ"}'
                   % (USER_AGENT, page, session // 3600 % 24, session // 60 % 60, session % 60, session % 1000))
        context = "null" if rng.random() < 0.8 else '"ride"'
        t += rng.uniform(50, 250)
        yield line('{"t":%s,"type":"connect","context":%s,"online":true,"page":"%s"}' % (ms(t), context, page))
        offline = False
        for _ in range(rng.randint(100, 4000)):
            if written >= n:
                return
            t += rng.expovariate(1 / gap)
            r = rng.random()
            if r < cut[0]:
                yield line('{"t":%s,"type":"turbo:before-fetch-response","statusCode":200,"target":"%s"}' % (ms(t), rng.choice(FRAMES)))
            elif r < cut[1]:
                yield line('{"t":%s,"type":"turbo:frame-load","target":"%s"}' % (ms(t), rng.choice(FRAMES)))
            elif r < cut[2]:
                yield line('{"t":%s,"type":"visibilitychange","state":"%s"}' % (ms(t), rng.choice(["hidden", "visible"])))
            elif r < cut[3]:
                yield line('{"t":%s,"type":"turbo:load"}' % ms(t))
            elif r < cut[4]:
                page = rng.choice(PAGES)
                yield line('{"t":%s,"type":"turbo:visit","url":"%s","action":"advance"}' % (ms(t), page))
                t += rng.uniform(5, 20)
                yield line('{"t":%s,"type":"disconnect"}' % ms(t))
                t += rng.uniform(0.5, 3)
                yield line('{"t":%s,"type":"connect","context":%s,"online":%s,"page":"%s"}'
                           % (ms(t), context, "false" if offline else "true", page))
            elif r < cut[5]:
                offline = not offline
                yield line('{"t":%s,"type":"%s"}' % (ms(t), "offline" if offline else "online"))
            elif r < cut[6]:
                yield line('{"t":%s,"type":"turbo:fetch-request-error","url":"http://127.0.0.1:41025/frame/comments","method":"GET","target":"%s","error":"TypeError: Failed to fetch"}'
                           % (ms(t), rng.choice(FRAMES)))
            elif r < cut[7]:
                yield line('{"t":%s,"type":"turbo:submit-start"}' % ms(t))
                t += rng.uniform(1, 30)
                kind = rng.random()
                if offline or kind < 0.15:
                    yield line('{"t":%s,"type":"turbo:fetch-request-error","url":"http://127.0.0.1:41025/messages","method":"POST","target":"form#composer","error":"TypeError: Failed to fetch"}' % ms(t))
                    t += rng.uniform(0.5, 2)
                    yield line('{"t":%s,"type":"turbo:submit-end","success":false,"fetchResponse":null,"error":"TypeError: Failed to fetch","action":"/messages","method":"POST"}' % ms(t))
                elif kind < 0.35:
                    yield line('{"t":%s,"type":"turbo:submit-end","success":false,"fetchResponse":{"statusCode":422,"redirected":false},"action":"/messages","method":"POST"}' % ms(t))
                else:
                    yield line('{"t":%s,"type":"turbo:submit-end","success":true,"fetchResponse":{"statusCode":200,"redirected":true},"action":"/messages","method":"POST"}' % ms(t))
            else:
                yield line('{"t":%s,"type":"turbo:reload","reason":"tracked_element_mismatch"}' % ms(t))
        if written >= n:
            return


SURFACES = ["tab:home", "tab:feed", "tab:messages", "sheet", "modal"]
CODES = [-1009, -1009, -1009, -1005, -1001, -1004, 500, 503]


def native_records(n, rng, pages=20000):
    """n records of a native log (recording-format.md, "Native recordings")."""
    t = 0.0
    yield '{"type":"meta","version":1,"recording":"native","platform":"ios","startedAt":"2026-12-01T00:00:00.000Z"}'
    written = 1
    online = True
    while written < n:
        t += rng.expovariate(1 / 300.0)
        r = rng.random()
        # Most visits go to a few hundred popular pages, the rest anywhere in the catalogue.
        page = rng.randrange(200) if rng.random() < 0.7 else rng.randrange(pages)
        url = "https://app.example.com/courses/%d?mobile_app_v2=1" % page
        surface = rng.choice(SURFACES)
        if r < 0.12:
            online = not online if rng.random() < 0.5 else online
            line = '{"t":%s,"type":"path","online":%s}' % (ms(t), "true" if online else "false")
        elif r < 0.32:
            line = '{"t":%s,"type":"finish","url":"%s"}' % (ms(t), url)
        elif r < 0.50:
            line = '{"t":%s,"type":"url-change","url":"%s"}' % (ms(t), url)
        elif r < 0.62:
            code = rng.choice(CODES)
            error = '{"kind":"http","status":%d}' % code if code > 0 else '{"kind":"web","code":%d}' % code
            line = '{"t":%s,"type":"presented","surface":"%s","error":%s,"url":"%s"}' % (ms(t), surface, error, url)
        elif r < 0.68:
            line = '{"t":%s,"type":"tap-retry","surface":"%s"}' % (ms(t), surface)
        elif r < 0.73:
            line = '{"t":%s,"type":"dismissed","surface":"%s"}' % (ms(t), surface)
        elif r < 0.78:
            line = '{"t":%s,"type":"foreground"}' % ms(t)
        elif r < 0.84:
            line = '{"t":%s,"type":"app-retry","surface":"%s","kind":"%s"}' % (ms(t), surface, rng.choice(["auto", "manual"]))
        elif r < 0.89:
            line = '{"t":%s,"type":"app-screen","screen":"%s"}' % (ms(t), rng.choice(["loading", "web", "web", "error"]))
        elif r < 0.95:
            line = '{"t":%s,"type":"bridge","component":"page-load","event":"connect"}' % ms(t)
        elif r < 0.98:
            line = '{"t":%s,"type":"launch","cold":%s}' % (ms(t), "true" if rng.random() < 0.3 else "false")
        elif r < 0.99:
            line = '{"t":%s,"type":"config","offseason":%s}' % (ms(t), "true" if rng.random() < 0.1 else "false")
        elif r < 0.9995:
            line = '{"t":%s,"type":"cache-remove","url":"%s"}' % (ms(t), url)
        else:
            line = '{"t":%s,"type":"cache-clear"}' % ms(t)
        written += 1
        yield line


def main():
    arguments = sys.argv[1:]
    if any(a in ("-h", "--help") for a in arguments):
        print(__doc__.strip())
        return
    import shapes
    if shapes.write_if_asked(arguments, "bench/generate.py", sys.stdout):
        return
    native, busy = "--native" in arguments, "--busy" in arguments
    arguments = [a for a in arguments if a not in ("--native", "--busy")]
    if len(arguments) not in (1, 2) or not all(a.isdigit() for a in arguments):
        print("usage: bench/generate.py [--native|--busy] N [SEED] > FILE   (whole numbers; see --help)", file=sys.stderr)
        sys.exit(64)
    n = int(arguments[0])
    rng = random.Random(int(arguments[1]) if len(arguments) == 2 else 5)
    out = sys.stdout
    buffer = []
    if native and busy:
        print("bench/generate.py: --native and --busy are two different logs; give one", file=sys.stderr)
        sys.exit(64)
    generated = native_records(n, rng) if native else records(n, rng, BUSY_MIX if busy else FIELD_MIX)
    for count, text in enumerate(generated, 1):
        buffer.append(text)
        if len(buffer) == 10000:
            out.write("\n".join(buffer) + "\n")
            buffer.clear()
        if count == n:
            break
    if buffer:
        out.write("\n".join(buffer) + "\n")


if __name__ == "__main__":
    sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
    main()
