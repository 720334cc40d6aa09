"""Options seen working in the browser: the cap on memory, the privacy
opt-ins (off by default, which the main session already checks), and the
bounds on what a hostile page can make the recorder write."""

import json
import os
import subprocess

import timeline
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


# What the recorder keeps of a text from the page (Recorder/turbo-recorder.js, MAX_TEXT).
MAX_TEXT = 4096
READER_LINE_LIMIT = 1 << 20

# Hostile texts through the recorder's own listeners: an error message of 2 MiB with a NUL, a
# reload reason of 10,000 characters, a Visit's action of NULs, and the banner's label made
# 1.1 MiB with a NUL and shown. Returns what a test compares against: each text's length.
HOSTILE_EVENTS = r"""
const fire = (type, detail) => document.dispatchEvent(new CustomEvent(type, {detail, bubbles: true}));
const error = 'boom\u0000' + 'e'.repeat(2 * 1024 * 1024);
fire('turbo:fetch-request-error', {request: {url: '/x', fetchOptions: {method: 'GET'}}, error});
const reason = 'r\u0000' + 'z'.repeat(10000);
fire('turbo:reload', {reason});
fire('turbo:visit', {url: '/v', action: '\u0000\u0000\u0000'});
const banner = document.getElementById('banner');
banner.textContent = 'Sin\u0000 conexión ' + 'x'.repeat(1100 * 1024);
banner.hidden = false;
return {error: error.length, reason: reason.length, label: banner.textContent.replace(/\s+/g, ' ').trim().length};
"""


def bounds(c, b, app, root, keep):
    """The recorder never writes a line a reader refuses: no NUL in any text, each text cut to
    MAX_TEXT characters with `textCut` saying how many were dropped, no line over 1 MiB, and a
    buffer held to maxBytes; what it wrote reads with turbo-replay."""
    fresh(b, app, "/hostile/" + "p" * 5000)
    sizes = b.js(HOSTILE_EVENTS)
    b.wait_for("the banner's seen", lambda rs: any(r["type"] == "seen" and r["visible"] for r in rs))
    text = b.js("return TurboRecorder.text()")
    lines = text.splitlines()
    c.ok("bounds: no line holds a NUL, raw or escaped",
         not any("\0" in line or "\\u0000" in line for line in lines), [line[:120] for line in lines if "\\u0000" in line])
    c.ok("bounds: no line is over the readers' 1 MiB",
         max(len(line.encode()) for line in lines) <= READER_LINE_LIMIT, max(len(line.encode()) for line in lines))
    rs = [json.loads(line) for line in lines]
    meta = rs[0]
    c.equal("bounds: meta's page is cut to 4096 characters, and says by how much",
            (meta["page"], meta.get("textCut")), ("/hostile/" + "p" * (MAX_TEXT - 9), {"page": 5009 - MAX_TEXT}))
    connect = next(r for r in rs if r["type"] == "connect")
    c.equal("bounds: connect's context has U+FFFD for its NUL, cut to 4096 characters",
            (connect["context"], connect.get("textCut")),
            ("ride\ufffd" + "c" * (MAX_TEXT - 5), {"context": 5005 - MAX_TEXT, "page": 5009 - MAX_TEXT}))
    error = next(r for r in rs if r["type"] == "turbo:fetch-request-error")
    c.equal("bounds: a fetch error's message of 2 MiB is cut, its NUL replaced",
            (error["error"], error.get("textCut")), ("boom\ufffd" + "e" * (MAX_TEXT - 5), {"error": sizes["error"] - MAX_TEXT}))
    reload = next(r for r in rs if r["type"] == "turbo:reload")
    c.equal("bounds: a reload's reason is cut", reload.get("textCut"), {"reason": sizes["reason"] - MAX_TEXT})
    visit = next(r for r in rs if r["type"] == "turbo:visit")
    c.equal("bounds: a Visit's action of NULs is written as U+FFFD, not cut", (visit["action"], "textCut" in visit), ("\ufffd" * 3, False))
    seen = [r for r in rs if r["type"] == "seen" and r["visible"]][-1]
    c.equal("bounds: a 1.1 MiB banner label is a seen of 4096 characters that says how many were cut",
            (seen["text"][:13], len(seen["text"]), seen.get("textCut")),
            ("Sin\ufffd conexión", MAX_TEXT, {"text": sizes["label"] - MAX_TEXT}))
    path = os.path.join(keep, "hostile.jsonl")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    # The page's banner showed none of the contract's texts: explain's findings say so, and do
    # not fail the read.
    for command in (["explain", "--fail-on", "never"], ["replay"], ["stats"]):
        run = subprocess.run([timeline.binary(root), *command, path], capture_output=True, text=True, timeout=60)
        c.ok(f"bounds: turbo-replay {command[0]} reads what the recorder wrote", run.returncode == 0,
             (run.returncode, run.stderr[-2000:]))
    # A flood of long records: the buffer keeps meta and the newest lines within maxBytes.
    b.js("for (let i = 0; i < 100; i++) document.dispatchEvent(new CustomEvent('turbo:reload', "
         "{detail: {reason: String(i) + 'é'.repeat(5000)}}));")
    st = b.js("return {stats: TurboRecorder.stats(), lines: TurboRecorder.lines()}")
    held = sum(len(line.encode()) + 1 for line in st["lines"])
    last = json.loads(st["lines"][-1])
    c.ok("bounds: the buffer holds at most maxBytes (60,000), counted as the readers count bytes, the oldest dropped",
         held == st["stats"]["bytes"] <= 60000 and st["stats"]["dropped"] > 0 and st["stats"]["errors"] == 0
         and json.loads(st["lines"][0])["type"] == "meta" and last["reason"].startswith("99é"),
         {"held": held, "stats": st["stats"]})
