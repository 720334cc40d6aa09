"""The small app the browser drives: a few Turbo pages, forms that fail in
each interesting way, and a recording sink, served on 127.0.0.1 or, under an OS-level cut, on the
server side of the veth pair (netns.py).

It stands in for a Rails app. Its routes are what the scenarios need:
  /, /ride, /flaky     pages with the banner's controller element
  POST /messages       303 to / (only ever reached online)
  POST /invalid        422 with a re-rendered page (Turbo renders it)
  POST /dead           the connection is dropped: no response at all
  GET /flaky           Turbo's fetch of it is dropped; the browser's own
                       navigation (Turbo's full-reload fallback) is served
  /sinkpage            a page whose recorder POSTs to a sink
  /cappage             a page whose recorder keeps at most 5 lines
  /optinpage           a page whose recorder keeps queries and form data
  /hostile/…           a page whose context holds a NUL and 5,000 characters, with a
                       recorder that keeps at most 60,000 bytes
  /bridge, /bridge/flaky
                       / and /flaky with a `page-load` Stimulus controller that
                       does what a Hotwire Native bridge component does at
                       connect (send "connect" to the app); the harness is the
                       app, so the message is kept in sessionStorage with the
                       wall-clock time it was sent (needs Stimulus: App's
                       stimulus_js)
  /stimulus.js         that Stimulus (an ES module)
  POST /sink           the recording sink (failing or accepting, see Sink)
"""

import html
import os
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

CONTEXT_ATTR = "data-railsfast--offline-banner-context-value"


class Sink:
    """What the recorder's POSTs reached. mode: "500" answers 500, "ok" 204, "refuse-once"
    422 to the next batch (kept in `refused` as (seq, lines)) and then 204, "500-once" 500 to
    the next batch and then 204."""

    def __init__(self):
        self.lock = threading.Lock()
        self.mode = "500"
        self.attempts = 0
        self.by_session = {}  # session -> {seq: line}
        self.tokens = set()  # the token= of every request
        self.refused = []

    def receive(self, query, body):
        with self.lock:
            self.attempts += 1
            self.tokens.add(query.get("token", [""])[0])
            session = query.get("session", [""])[0]
            first = int(query.get("seq", ["0"])[0])
            if self.mode == "refuse-once":
                self.mode = "ok"
                self.refused.append((first, len(body.decode("utf-8").splitlines())))
                return 422
            if self.mode == "500-once":
                self.mode = "ok"
                return 500
            if self.mode != "ok":
                return 500
            lines = self.by_session.setdefault(session, {})
            for i, line in enumerate(body.decode("utf-8").splitlines()):
                lines[first + i] = line  # a resent batch overwrites itself
            return 204

    def stream(self, session):
        """The lines of one session in sequence order, and any gaps in it."""
        with self.lock:
            got = dict(self.by_session.get(session, {}))
        seqs = sorted(got)
        gaps = [s for s in range(seqs[0], seqs[-1] + 1) if s not in got] if seqs else []
        return [got[s] for s in seqs], gaps


# The bridged pages also run a real banner (e2e/fixtures' controller, written
# from docs/banner.md), so the recorder's `seen` records are a pill's, not an
# empty element's, and the page's own findings are the page's.
BANNER_LABEL = '<span data-railsfast--offline-banner-target="label"></span>'
FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")

# What a `page-load` bridge component does when Stimulus connects it (on every
# new <body>: a first load, a Turbo render, a full reload): send "connect" to
# the app. A real app gets it through WKScriptMessageHandler or a
# JavascriptInterface; here the harness stands in for the app and reads the
# messages, with the wall-clock time each was sent, from sessionStorage (which
# outlives a full reload in the same tab).
BRIDGE_KEY = "e2e-bridge"
BRIDGE_HEAD = """<script type="module">
  import { Application, Controller } from "/stimulus.js"
  import OfflineBanner from "/controller.js"
  class PageLoad extends Controller {
    connect() {
      const sent = JSON.parse(sessionStorage.getItem("%s") || "[]")
      sent.push({ component: "page-load", event: "connect", url: location.href,
                  wall: performance.timeOrigin + performance.now() })
      sessionStorage.setItem("%s", JSON.stringify(sent))
    }
  }
  const application = Application.start()
  application.register("page-load", PageLoad)
  application.register("railsfast--offline-banner", OfflineBanner)
</script>""" % (BRIDGE_KEY, BRIDGE_KEY)
BRIDGE_BODY = '<div data-controller="page-load"></div>\n<a id="bridge-flaky" href="/bridge/flaky">flaky (bridged)</a>'


def page(title, turbo_src, *, context=None, recorder_tag=None, extra_head="", extra_body="", banner_inner=""):
    ctx = f' {CONTEXT_ATTR}="{html.escape(context)}"' if context else ""
    recorder_tag = recorder_tag or '<script src="/recorder.js"></script>'
    return f"""<!doctype html>
<html><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<script>
  // Anything thrown into the page, by anyone, ends up here for the test.
  window.__pageErrors = [];
  addEventListener("error", e => __pageErrors.push({{message: String(e.message), stack: String(e.error && e.error.stack)}}));
  addEventListener("unhandledrejection", e => __pageErrors.push({{message: String(e.reason), stack: String(e.reason && e.reason.stack)}}));
</script>
{extra_head}
{recorder_tag}
<script src="{turbo_src}"></script>
</head><body>
<div id="banner" data-controller="railsfast--offline-banner"{ctx} hidden>{banner_inner}</div>
<h1>{html.escape(title)}</h1>
<form id="composer" action="/messages" method="post">
  <textarea name="body" id="body"></textarea><button id="send">Send</button>
</form>
<form id="invalid" action="/invalid" method="post">
  <input name="title" value=""><button id="save">Save</button>
</form>
<form id="dead" action="/dead" method="post">
  <input name="note" value="x"><button id="post-dead">Post</button>
</form>
<a id="ride" href="/ride">ride</a> <a id="home" href="/">home</a> <a id="flaky" href="/flaky">flaky</a>
{extra_body}
</body></html>
"""


HOSTILE_HEAD = '<meta name="turbo-recorder-max-bytes" content="60000">'
# Set before the recorder's connect (at DOMContentLoaded): an HTML attribute cannot hold a NUL,
# a script can.
HOSTILE_BODY = ("<script>document.getElementById('banner').setAttribute("
                f"'{CONTEXT_ATTR}', 'ride\\u0000' + 'c'.repeat(5000));</script>")


class App:
    def __init__(self, turbo_js_path, recorder_path, net=None, stimulus_js_path=None):
        """net (netns.py) says where to listen: on the server side of the
        veth pair under an OS-level cut, else on 127.0.0.1."""
        self.turbo = open(turbo_js_path, "rb").read()
        self.stimulus = open(stimulus_js_path, "rb").read() if stimulus_js_path else None
        self.recorder_path = recorder_path
        self.sink = Sink()
        host = net.server_host if net else "127.0.0.1"
        in_server = net.in_server if net else (lambda make: make())
        self.refused_port = in_server(lambda: closed_port(host))
        self.flaky_dropped = 0
        self.server = in_server(lambda: ThreadingHTTPServer((host, 0), self._handler()))
        self.port = self.server.server_address[1]
        self.host = host
        self.base = f"http://{host}:{self.port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()

    def sink_page(self, which):
        sinks = {
            "failing": "/sink",
            "refused": f"http://{self.host}:{self.refused_port}/sink",
            "ok": "/sink",
            "capped": "/sink",
            "fast": "/sink",
        }
        # The module form of the recorder, configured through meta tags: the app's release as a
        # native shell would give it, and the collector's token.
        # "fast": a short flush interval, so a back-off grows large within seconds.
        interval = "50" if which == "fast" else "150"
        head = (f'<meta name="turbo-recorder-sink" content="{sinks[which]}">'
                f'<meta name="turbo-recorder-flush-interval" content="{interval}">'
                '<meta name="turbo-recorder-app-version" content="2.3.1">'
                '<meta name="turbo-recorder-app-build" content="231">'
                '<meta name="turbo-recorder-token" content="e2e token&=">')
        if which == "capped":
            # Lines dropped past maxLines while the sink fails: what is sent later must keep
            # each line's own seq. TurboRecorderConfig's app wins over the meta tags.
            head += ('<meta name="turbo-recorder-max-lines" content="5">'
                     '<meta name="turbo-recorder-batch-size" content="100">'
                     '<script>window.TurboRecorderConfig = {app: {version: "2.4.0"}};</script>')
        else:
            head += '<meta name="turbo-recorder-batch-size" content="4">'
        return page("Sink " + which, "/turbo.js", extra_head=head,
                    recorder_tag='<script type="module" src="/recorder.js"></script>')

    def _handler(self):
        app = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"  # one request per connection: no silent retries

            def log_message(self, *args):
                pass

            def send(self, status, body, ctype="text/html; charset=utf-8", headers=()):
                data = body.encode() if isinstance(body, str) else body
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Cache-Control", "no-store")
                for k, v in headers:
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def drop(self):
                # Close the socket without a byte of response: what a dead
                # upstream looks like to a browser that thinks it is online.
                self.close_connection = True
                try:
                    self.connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

            def do_GET(self):
                url = urlsplit(self.path)
                if url.path == "/turbo.js":
                    return self.send(200, app.turbo, "text/javascript")
                if url.path == "/recorder.js":
                    with open(app.recorder_path, "rb") as f:
                        return self.send(200, f.read(), "text/javascript")
                if url.path == "/":
                    return self.send(200, page("Home", "/turbo.js"))
                if url.path == "/stimulus.js" and app.stimulus is not None:
                    return self.send(200, app.stimulus, "text/javascript")
                if url.path == "/controller.js":
                    with open(os.path.join(FIXTURES, "offline_banner_controller.js"), "rb") as f:
                        return self.send(200, f.read(), "text/javascript")
                if url.path == "/bridge":
                    return self.send(200, page("Home (bridged)", "/turbo.js", extra_head=BRIDGE_HEAD,
                                               extra_body=BRIDGE_BODY, banner_inner=BANNER_LABEL))
                if url.path == "/bridge/flaky":
                    if self.headers.get("Sec-Fetch-Mode") != "navigate":
                        app.flaky_dropped += 1
                        return self.drop()  # Turbo's fetch dies; its reload is served
                    return self.send(200, page("Flaky (bridged)", "/turbo.js", extra_head=BRIDGE_HEAD,
                                               extra_body=BRIDGE_BODY, banner_inner=BANNER_LABEL))
                if url.path == "/ride":
                    return self.send(200, page("Ride", "/turbo.js", context="ride"))
                if url.path == "/flaky":
                    if self.headers.get("Sec-Fetch-Mode") != "navigate":
                        app.flaky_dropped += 1
                        return self.drop()  # Turbo's fetch dies; its reload is served
                    return self.send(200, page("Flaky", "/turbo.js"))
                if url.path == "/sinkpage":
                    which = parse_qs(url.query).get("sink", ["failing"])[0]
                    return self.send(200, app.sink_page(which))
                if url.path == "/cappage":  # a tiny buffer, to see the cap work
                    return self.send(200, page("Cap", "/turbo.js",
                                               extra_head='<meta name="turbo-recorder-max-lines" content="5">'))
                if url.path == "/optinpage":  # the privacy opt-ins turned on
                    return self.send(200, page("Opt-in", "/turbo.js", extra_head=(
                        '<meta name="turbo-recorder-record-query" content="true">'
                        '<meta name="turbo-recorder-record-form-data" content="true">')))
                if url.path.startswith("/hostile/"):  # texts no reader would take whole
                    return self.send(200, page("Hostile", "/turbo.js", extra_head=HOSTILE_HEAD, extra_body=HOSTILE_BODY))
                if url.path == "/favicon.ico":
                    return self.send(204, "", "image/x-icon")
                if url.path == "/blank":
                    return self.send(200, "<!doctype html><title>blank</title>")
                self.send(404, "not found", "text/plain")

            def do_POST(self):
                url = urlsplit(self.path)
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if url.path == "/messages":
                    return self.send(303, "", headers=[("Location", "/")])
                if url.path == "/invalid":
                    return self.send(422, page("Home (invalid)", "/turbo.js"))
                if url.path == "/dead":
                    return self.drop()
                if url.path == "/sink":
                    return self.send(app.sink.receive(parse_qs(url.query), body), "", "text/plain")
                self.send(404, "not found", "text/plain")

        return Handler


def closed_port(host):
    """A port on host that nothing listens on: connecting is refused."""
    s = socket.socket()
    s.bind((host, 0))
    port = s.getsockname()[1]
    s.close()
    return port
