"""The recorder's memory is bounded: past maxLines it drops the oldest lines
after meta (a field report is about the end), counts them, and says so."""

import json

from sink import flap


def run(c, b, app):
    b.get(app.base + "/blank")
    b.js("sessionStorage.clear()")
    b.get(app.base + "/cappage")  # maxLines = 5
    b.wait_for("the connect", lambda rs: any(r["type"] == "connect" for r in rs))
    flap(b, 4)  # meta + connect + turbo:load + 8 offline/online = 11 lines
    st = b.js("return {stats: TurboRecorder.stats(), text: TurboRecorder.text()}")
    rs = [json.loads(line) for line in st["text"].splitlines()]
    kept = rs[:-1]
    c.ok("cap: 5 lines kept (meta and the newest), the rest dropped and counted",
         st["stats"]["lines"] == 5 and st["stats"]["dropped"] == 6 and st["stats"]["errors"] == 0
         and kept[0]["type"] == "meta" and [r["type"] for r in kept[1:]] == ["offline", "online"] * 2,
         {"stats": st["stats"], "types": [r["type"] for r in rs]})
    c.equal("cap: the text ends with a record saying how many were dropped",
            {k: v for k, v in rs[-1].items() if k != "t"}, {"type": "turbo-recorder:dropped", "count": 6})
