#!/usr/bin/env python3
"""Writes a deterministic field log: N records of recording format v1, a fleet's day of
sessions concatenated on one clock. Same N and seed, same bytes.

    bench/generate.py N [SEED] > FILE

The mix is what recordings/chromium shows, scaled up: mostly observed-only records (frame
loads, fetch responses, visits, visibility), with page changes (disconnect/connect), network
cuts (offline/online), dead upstreams (turbo:fetch-request-error) and form submissions
(success, 422, died) among them.
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


def records(n, rng):
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
            t += rng.expovariate(1 / 40.0)
            r = rng.random()
            if r < 0.30:
                yield line('{"t":%s,"type":"turbo:before-fetch-response","statusCode":200,"target":"%s"}' % (ms(t), rng.choice(FRAMES)))
            elif r < 0.58:
                yield line('{"t":%s,"type":"turbo:frame-load","target":"%s"}' % (ms(t), rng.choice(FRAMES)))
            elif r < 0.72:
                yield line('{"t":%s,"type":"visibilitychange","state":"%s"}' % (ms(t), rng.choice(["hidden", "visible"])))
            elif r < 0.80:
                yield line('{"t":%s,"type":"turbo:load"}' % ms(t))
            elif r < 0.86:
                page = rng.choice(PAGES)
                yield line('{"t":%s,"type":"turbo:visit","url":"%s","action":"advance"}' % (ms(t), page))
                t += rng.uniform(5, 20)
                yield line('{"t":%s,"type":"disconnect"}' % ms(t))
                t += rng.uniform(0.5, 3)
                yield line('{"t":%s,"type":"connect","context":%s,"online":%s,"page":"%s"}'
                           % (ms(t), context, "false" if offline else "true", page))
            elif r < 0.91:
                offline = not offline
                yield line('{"t":%s,"type":"%s"}' % (ms(t), "offline" if offline else "online"))
            elif r < 0.93:
                yield line('{"t":%s,"type":"turbo:fetch-request-error","url":"http://127.0.0.1:41025/frame/comments","method":"GET","target":"%s","error":"TypeError: Failed to fetch"}'
                           % (ms(t), rng.choice(FRAMES)))
            elif r < 0.97:
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


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: generate.py N [SEED] > FILE")
    n = int(sys.argv[1])
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) == 3 else 5)
    out = sys.stdout
    buffer = []
    for count, text in enumerate(records(n, rng), 1):
        buffer.append(text)
        if len(buffer) == 10000:
            out.write("\n".join(buffer) + "\n")
            buffer.clear()
        if count == n:
            break
    if buffer:
        out.write("\n".join(buffer) + "\n")


if __name__ == "__main__":
    main()
