"""Two options seen working in the browser: the cap on memory, and the
privacy opt-ins (off by default, which the main session already checks)."""

import json

from sink import flap

TYPED = "opted-in text"


def fresh(b, app, path):
    b.get(app.base + "/blank")
    b.js("sessionStorage.clear()")
    b.get(app.base + path)
    b.wait_for("the connect", lambda rs: any(r["type"] == "connect" for r in rs))


def cap(c, b, app):
    """Past maxLines it drops the oldest lines after meta (a field report is
    about the end), counts them, and says so."""
    fresh(b, app, "/cappage")  # maxLines = 5
    flap(b, 4)  # meta + connect + turbo:load + seen + 8 offline/online = 12 lines
    st = b.js("return {stats: TurboRecorder.stats(), text: TurboRecorder.text()}")
    rs = [json.loads(line) for line in st["text"].splitlines()]
    kept = rs[:-1]
    c.ok("cap: 5 lines kept (meta and the newest), the rest dropped and counted",
         st["stats"]["lines"] == 5 and st["stats"]["dropped"] == 7 and st["stats"]["errors"] == 0
         and kept[0]["type"] == "meta" and [r["type"] for r in kept[1:]] == ["offline", "online"] * 2,
         {"stats": st["stats"], "types": [r["type"] for r in rs]})
    c.equal("cap: the text ends with a record saying how many were dropped",
            {k: v for k, v in rs[-1].items() if k != "t"}, {"type": "turbo-recorder:dropped", "count": 7})


def opt_in(c, b, app):
    """recordQuery and recordFormData, asked for, keep what is otherwise cut."""
    fresh(b, app, "/optinpage?q=kept#frag")
    b.type("#body", TYPED)
    b.click("#send")  # online: 303 to /, a Turbo visit
    b.wait_for("the submit-end", lambda rs: any(r["type"] == "turbo:submit-end" for r in rs))
    rs = b.records()
    start = [r for r in rs if r["type"] == "turbo:submit-start"]
    c.ok("opt-in: recordFormData puts the form's fields on turbo:submit-start",
         start and start[0].get("formData") == {"body": TYPED}, start)
    c.equal("opt-in: recordQuery keeps the query and fragment of the page",
            rs[0].get("page"), "/optinpage?q=kept#frag")
