"""The worst-case shapes of one long log (issue 34): logs built so that whatever a command keeps
per surface, per URL, per episode or per text grows with the log if it is not bounded.
bench/generate.py and bench/generate-native.py write them with `--shape NAME`; bench/run
--memory measures every command that reads one long log on each; fuzz/seeds holds a small one
of each. Same N, same bytes (no randomness: the worst case is the regular one).

    surfaces-presented-dismissed  native: every surface (a new name each time) presented, then dismissed
    error-new-surface             native: every record an error view on a new surface, never dismissed
    native-flaps                  native: the path flaps; offline views and taps on a few surfaces, and
                                  no app-retry line (so every finding waits for one)
    pill-episodes                 web: the pill goes up and comes down, again and again
    seen-episodes                 web: pill episodes with the page's `seen` after every banner change,
                                  one episode in three wrong (late, wrong text, flash missing)
    huge-urls                     native: pages with URLs of 900 kB, each finished, then failed offline
    huge-texts                    web: records with 400 kB texts (urls, errors, pages)
    session-flaps                 web + native: a page's flaps and its app's path flaps, one session
                                  (the native log of the pair: --shape session-flaps-native)
    pages-visited                 native: every page a new URL, finished; now and then an offline
                                  error on a page never visited (the archive's misses say why)
    surfaces-retried              native: every surface a new name, an offline view, a tap (the
                                  policy retries), the app's automatic retry (an unexpected
                                  `already-retried`), then dismissed
    surfaces-probed               native: every surface a new name, an offline view on a healthy
                                  path, retried by the policy's probe (and the app), dismissed,
                                  and no edge ever: the probe-loop detector's runs of one retry
    surfaces-looping              native: as surfaces-probed, but each surface's view is retried
                                  twice (a probe loop) before it is dismissed: the loops wait for
                                  an edge or the end to be whole

For the two huge shapes N counts records as bytes do: one group of huge records stands for
HUGE_EVERY records of the other shapes (900 kB against a usual record's ~80 bytes would make a
log of N records hundreds of GB), so a log of N has about N / HUGE_EVERY groups (at least 3):
at 300,000, 66 groups of three 900 kB URLs (about 200 records, 180 MB) and 100 of 400 kB texts.
"""

HUGE_EVERY = 4500
NATIVE_META = '{"type":"meta","version":1,"recording":"native","platform":"ios","startedAt":"2026-12-01T00:00:00.000Z"}'
WEB_META = ('{"type":"meta","version":1,"source":"chromium","page":"/","startedAt":"2026-12-01T00:00:00.000Z"}')


def ms(t):
    text = "%.1f" % t
    return text[:-2] if text.endswith(".0") else text


def surfaces_presented_dismissed(n):
    yield NATIVE_META
    t = 0.0
    i = 0
    while True:
        t += 250
        i += 1
        url = "https://app.example.com/courses/%d" % i
        yield '{"t":%s,"type":"presented","surface":"s%d","error":{"kind":"web","code":-1009},"url":"%s"}' % (ms(t), i, url)
        t += 250
        yield '{"t":%s,"type":"dismissed","surface":"s%d"}' % (ms(t), i)


def error_new_surface(n):
    yield NATIVE_META
    t = 0.0
    i = 0
    codes = ['{"kind":"web","code":-1009}', '{"kind":"http","status":503}', '{"kind":"web","code":-1001}']
    while True:
        t += 100
        i += 1
        yield '{"t":%s,"type":"presented","surface":"s%d","error":%s}' % (ms(t), i, codes[i % 3])


def native_flaps(n):
    yield NATIVE_META
    t = 0.0
    i = 0
    surfaces = ["tab:home", "tab:feed", "modal"]
    while True:
        i += 1
        surface = surfaces[i % 3]
        t += 300
        yield '{"t":%s,"type":"path","online":false}' % ms(t)
        t += 50
        yield '{"t":%s,"type":"presented","surface":"%s","error":{"kind":"web","code":-1009}}' % (ms(t), surface)
        t += 200
        yield '{"t":%s,"type":"path","online":true}' % ms(t)
        t += 100 + (i % 7) * 100
        if i % 5 == 0:
            t += 30
            yield '{"t":%s,"type":"tap-retry","surface":"%s"}' % (ms(t), surface)
        t += 40
        yield '{"t":%s,"type":"foreground"}' % ms(t)


def pill_episodes(n):
    yield WEB_META
    yield '{"t":10,"type":"connect","context":null,"online":true,"page":"/"}'
    t = 10.0
    i = 0
    while True:
        i += 1
        t += 500
        if i % 4 == 0:
            # A pill raised by a failed request (no debounce), with a response during it.
            yield ('{"t":%s,"type":"turbo:fetch-request-error","url":"http://127.0.0.1:41025/frame/%d","method":"GET",'
                   '"target":"turbo-frame#feed","error":"TypeError: Failed to fetch"}' % (ms(t), i))
            t += 300
            yield '{"t":%s,"type":"turbo:before-fetch-response","statusCode":200,"target":"turbo-frame#feed"}' % ms(t)
            t += 300
            yield '{"t":%s,"type":"offline"}' % ms(t)
        else:
            yield '{"t":%s,"type":"offline"}' % ms(t)
        t += 1000 + (i % 5) * 200  # past the 800 ms debounce, and past the longer ones tune tries
        yield '{"t":%s,"type":"online"}' % ms(t)
        t += 2100  # past the flash


def seen_episodes(n):
    """Pill episodes (800 ms debounce, 2 s flash) with a `seen` after each change the page made:
    `check`'s conformance (issue 34) must keep what its windows need, not the log. Every third
    episode the page is wrong in turn: its pill 500 ms late, its label another, its flash never ending."""
    yield WEB_META
    yield '{"t":10,"type":"connect","context":null,"online":true,"page":"/"}'
    yield '{"t":10.4,"type":"seen","visible":false,"text":""}'
    t = 10.0
    i = 0
    while True:
        i += 1
        wrong = i % 9 if i % 3 == 0 else None
        t += 500
        yield '{"t":%s,"type":"offline"}' % ms(t)
        up = t + 800 + (500 if wrong == 3 else 0) + 0.4
        text = "Offline" if wrong == 6 else "Sin conexi\u00f3n"
        yield '{"t":%s,"type":"seen","visible":true,"text":"%s"}' % (ms(up), text)
        t += 1500
        yield '{"t":%s,"type":"online"}' % ms(t)
        yield '{"t":%s,"type":"seen","visible":true,"text":"De nuevo en l\u00ednea"}' % ms(t + 0.4)
        t += 2000
        if wrong != 0:
            yield '{"t":%s,"type":"seen","visible":false,"text":""}' % ms(t + 0.4)
        t += 100


def huge_count(n, every=HUGE_EVERY):
    return max(3, n // every)


def huge_urls(n, size=900_000):
    yield NATIVE_META
    t = 0.0
    pad = "x" * size
    for i in range(huge_count(n)):
        url = "https://app.example.com/courses/%d?q=%s" % (i, pad)
        t += 1000
        yield '{"t":%s,"type":"finish","url":"%s"}' % (ms(t), url)
        t += 3000
        yield '{"t":%s,"type":"url-change","url":"%s&mobile_app_v2=1"}' % (ms(t), url)
        t += 3000
        yield '{"t":%s,"type":"presented","surface":"tab:home","error":{"kind":"web","code":-1009},"url":"%s"}' % (ms(t), url)
        t += 100
        yield '{"t":%s,"type":"dismissed","surface":"tab:home"}' % ms(t)


def huge_texts(n, size=400_000):
    pad = "y" * size
    yield ('{"type":"meta","version":1,"source":"chromium","page":"/%s","startedAt":"2026-12-01T00:00:00.000Z"}' % pad)
    yield '{"t":10,"type":"connect","context":"%s","online":true,"page":"/%s"}' % (pad, pad)
    t = 10.0
    for i in range(huge_count(n, HUGE_EVERY * 2 // 3)):
        t += 500
        yield ('{"t":%s,"type":"turbo:fetch-request-error","url":"http://127.0.0.1:41025/%d/%s","method":"GET",'
               '"target":"turbo-frame#%s","error":"TypeError: %s"}' % (ms(t), i, pad, pad[:1000], pad))
        t += 500
        yield '{"t":%s,"type":"turbo:visit","url":"/%d/%s","action":"advance"}' % (ms(t), i, pad)
        t += 500
        yield '{"t":%s,"type":"online"}' % ms(t)
        t += 2500


def session_flaps(n):
    """The page's side of the pair: the network flaps under a page that stays connected."""
    yield WEB_META
    yield '{"t":10,"type":"connect","context":null,"online":true,"page":"/"}'
    t = 10.0
    i = 0
    while True:
        i += 1
        t += 400
        yield '{"t":%s,"type":"offline"}' % ms(t)
        t += 900 + (i % 3) * 300
        yield '{"t":%s,"type":"online"}' % ms(t)


def session_flaps_native(n):
    """The app's side of the pair: its path flaps on the same clock, a little before the page."""
    yield '{"type":"meta","version":1,"recording":"native","platform":"ios","startedAt":"2026-12-01T00:00:00.000Z"}'
    t = 10.0
    i = 0
    while True:
        i += 1
        t += 300
        yield '{"t":%s,"type":"path","online":false}' % ms(t)
        t += 1100 + (i % 3) * 300
        yield '{"t":%s,"type":"path","online":true}' % ms(t)


def pages_visited(n):
    yield NATIVE_META
    t = 0.0
    i = 0
    while True:
        i += 1
        t += 200
        yield '{"t":%s,"type":"finish","url":"https://app.example.com/courses/%d/lessons/%d"}' % (ms(t), i // 50, i)
        if i % 10 == 0:
            t += 100
            yield ('{"t":%s,"type":"presented","surface":"tab:home","error":{"kind":"web","code":-1009},'
                   '"url":"https://app.example.com/never/%d"}' % (ms(t), i))
            t += 100
            yield '{"t":%s,"type":"dismissed","surface":"tab:home"}' % ms(t)


def surfaces_retried(n):
    """What the retry comparison and the summaries keep per surface: a retry to remember for
    `already-retried`, and a time on screen to add up, on ever new surfaces. The path stays
    offline, so the only retries are the taps (no probe runs, no edges)."""
    yield NATIVE_META
    yield '{"t":0,"type":"path","online":false}'
    t = 0.0
    i = 0
    while True:
        t += 500
        i += 1
        yield '{"t":%s,"type":"presented","surface":"s%d","error":{"kind":"web","code":-1009}}' % (ms(t), i)
        yield '{"t":%s,"type":"tap-retry","surface":"s%d"}' % (ms(t + 300 + i % 7), i)
        yield '{"t":%s,"type":"app-retry","surface":"s%d","kind":"auto"}' % (ms(t + 400), i)
        t += 500
        yield '{"t":%s,"type":"dismissed","surface":"s%d"}' % (ms(t), i)


def surfaces_probed(n, rounds=1, step=2700):
    """A probe retry on ever new surfaces and no edge: each surface's run of probe retries,
    which only an edge (or a launch) ends, is held by the probe-loop detector. With `rounds`
    of 2, surfaces-looping: the view is presented afresh after each retry (`step` ms after
    the last presentation), so each run is a loop."""
    yield NATIVE_META
    yield '{"t":0,"type":"path","online":true}'
    t = 0.0
    i = 0
    while True:
        t += 500
        i += 1
        for _ in range(rounds):
            yield '{"t":%s,"type":"presented","surface":"s%d","error":{"kind":"web","code":-1009}}' % (ms(t), i)
            yield '{"t":%s,"type":"app-retry","surface":"s%d","kind":"auto"}' % (ms(t + 2500), i)
            t += step
        yield '{"t":%s,"type":"dismissed","surface":"s%d"}' % (ms(t), i)


def surfaces_looping(n):
    """A probe loop on ever new surfaces and no edge: each surface's view is retried by the
    probe, presented afresh, retried again (a loop of two), and dismissed. Every loop waits for
    an edge (or the end) to be whole, as its count and last retry can still grow."""
    return surfaces_probed(n, rounds=2, step=2600)


SHAPES = {
    "surfaces-presented-dismissed": ("native", surfaces_presented_dismissed),
    "error-new-surface": ("native", error_new_surface),
    "native-flaps": ("native", native_flaps),
    "pill-episodes": ("web", pill_episodes),
    "seen-episodes": ("web", seen_episodes),
    "huge-urls": ("native", huge_urls),
    "huge-texts": ("web", huge_texts),
    "session-flaps": ("web", session_flaps),
    "session-flaps-native": ("native", session_flaps_native),
    "pages-visited": ("native", pages_visited),
    "surfaces-retried": ("native", surfaces_retried),
    "surfaces-probed": ("native", surfaces_probed),
    "surfaces-looping": ("native", surfaces_looping),
}


def write(name, n, out, size=None):
    """N records of shape `name` (the huge ones: see HUGE_EVERY; `size` overrides their texts'
    length, for a fuzz seed) to the text stream `out`."""
    _, shape = SHAPES[name]
    buffer = []
    for count, text in enumerate(shape(n) if size is None else shape(n, size), 1):
        buffer.append(text)
        if len(buffer) >= 10000 or name.startswith("huge"):
            out.write("\n".join(buffer) + "\n")
            buffer.clear()
        if count == n:
            break
    if buffer:
        out.write("\n".join(buffer) + "\n")


def usage_shape(argv, program):
    """(name, rest of argv) when argv has `--shape NAME`; exits 64 on an unknown or missing NAME."""
    import sys
    if "--shape" not in argv:
        return None, argv
    at = argv.index("--shape")
    if at + 1 >= len(argv) or argv[at + 1] not in SHAPES:
        print("%s: --shape takes one of %s" % (program, ", ".join(SHAPES)), file=sys.stderr)
        sys.exit(64)
    return argv[at + 1], argv[:at] + argv[at + 2:]


def write_if_asked(argv, program, out):
    """Writes the shape `--shape NAME N` asks for to `out` and returns True; False when argv
    has no `--shape` (the generator's own log is wanted); exits 64 on a bad NAME or N."""
    import sys
    shape, rest = usage_shape(argv, program)
    if not shape:
        return False
    if len(rest) != 1 or not rest[0].isdigit():
        print("usage: %s --shape NAME N > FILE   (see --help)" % program, file=sys.stderr)
        sys.exit(64)
    write(shape, int(rest[0]), out)
    return True
