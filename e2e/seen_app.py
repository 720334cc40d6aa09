"""The app for the `seen` end-to-end test: pages with a real banner (the
fixture controller in Stimulus, a pill with a label target), Turbo, the
recorder, forms that fail the ways the banner cares about, and two
morph-refresh pages. Served on the server side of the veth pair under the
OS-level cut (netns.py), as webapp.py's app is.

  /, /other            pages with the pill (hidden, as the server renders it)
  /morph               a page with <meta name="turbo-refresh-method" content="morph">
  /morph-permanent     the same, its pill marked data-turbo-permanent
  POST /messages       303 to / (reached only online)
  POST /dead           the connection is dropped: no response at all
  /controller.js       the banner's controller, as `variant` says (DRIFTS)
  /stimulus.js /turbo.js /recorder.js /pill.css
"""

import html
import os
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
CONTROLLER = os.path.join(HERE, "fixtures", "offline_banner_controller.js")
PILL_CSS = os.path.join(HERE, "fixtures", "pill.css")

# Each drifted controller is the correct one with one line changed, as an app's drifts.
TOAST_LINE = '    this.show("offline", this.message("submitFailed")) // the toast: the form kept the text\n'
DRIFTS = {
    "correct": None,
    "debounce-1500": ("const DEBOUNCE_MS = 800\n", "const DEBOUNCE_MS = 1500\n"),
    "flash-1000": ("const FLASH_MS = 2000\n", "const FLASH_MS = 1000\n"),
    "no-toast": (TOAST_LINE, ""),
}


def controller_source(variant):
    with open(CONTROLLER, encoding="utf-8") as f:
        source = f.read()
    change = DRIFTS[variant]
    if change:
        old, new = change
        if source.count(old) != 1:
            raise ValueError(f"the fixture controller no longer has the line the {variant} drift changes: {old!r}")
        source = source.replace(old, new)
    return source


def page(title, *, morph=False, permanent=False, context=None):
    head = '<meta name="turbo-refresh-method" content="morph">' if morph else ""
    ctx = f' data-railsfast--offline-banner-context-value="{html.escape(context)}"' if context else ""
    keep = " data-turbo-permanent" if permanent else ""
    return f"""<!doctype html>
<html><head><meta charset="utf-8"><title>{html.escape(title)}</title>
{head}
<link rel="stylesheet" href="/pill.css">
<script>
  window.__pageErrors = [];
  addEventListener("error", e => __pageErrors.push({{message: String(e.message), stack: String(e.error && e.error.stack)}}));
  addEventListener("unhandledrejection", e => __pageErrors.push({{message: String(e.reason), stack: String(e.reason && e.reason.stack)}}));
</script>
<script src="/recorder.js"></script>
<script src="/turbo.js"></script>
<script type="module">
  import {{ Application }} from "/stimulus.js"
  import OfflineBanner from "/controller.js"
  const app = Application.start()
  app.register("railsfast--offline-banner", OfflineBanner)
</script>
</head><body>
<div id="banner" class="pill" role="status" data-controller="railsfast--offline-banner"{ctx}{keep} hidden><span data-railsfast--offline-banner-target="label"></span></div>
<h1>{html.escape(title)}</h1>
<form id="composer" action="/messages" method="post">
  <textarea name="body" id="body"></textarea><button id="send">Send</button>
</form>
<form id="dead" action="/dead" method="post">
  <input name="note" value="x"><button id="post-dead">Post</button>
</form>
<a id="other" href="/other">other</a> <a id="home" href="/">home</a>
</body></html>
"""


PAGES = {
    "/": lambda: page("Home"),
    "/other": lambda: page("Other"),
    "/morph": lambda: page("Morph", morph=True),
    "/morph-permanent": lambda: page("Morph, permanent pill", morph=True, permanent=True),
}


class SeenApp:
    def __init__(self, turbo_js, stimulus_js, recorder_js, net):
        self.files = {
            "/turbo.js": (open(turbo_js, "rb").read(), "text/javascript"),
            "/stimulus.js": (open(stimulus_js, "rb").read(), "text/javascript"),
            "/recorder.js": (open(recorder_js, "rb").read(), "text/javascript"),
            "/pill.css": (open(PILL_CSS, "rb").read(), "text/css"),
        }
        self.variant = "correct"
        host = net.server_host
        self.server = net.in_server(lambda: ThreadingHTTPServer((host, 0), self._handler()))
        self.base = f"http://{host}:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()

    def _handler(self):
        app = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

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

            def do_GET(self):
                path = urlsplit(self.path).path
                if path in app.files:
                    return self.send(200, *app.files[path])
                if path == "/controller.js":
                    return self.send(200, controller_source(app.variant), "text/javascript")
                if path in PAGES:
                    return self.send(200, PAGES[path]())
                if path == "/blank":
                    return self.send(200, "<!doctype html><title>blank</title>")
                self.send(404, "not found", "text/plain")

            def do_POST(self):
                path = urlsplit(self.path).path
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if path == "/messages":
                    return self.send(303, "", headers=[("Location", "/")])
                if path == "/dead":
                    self.close_connection = True
                    try:
                        self.connection.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass
                    return None
                self.send(404, "not found", "text/plain")

        return Handler
