"""An object store that fails on cue, for scale/spark/run: an HTTP proxy in front of moto's S3
server that writes one line per request (METHOD PATH STATUS) and, when asked,

  --flaky K        fails every Kth request: by turns a 503 SlowDown (S3's throttling), a
                   500 InternalError, and a connection closed with no answer;
  --missing TEXT   answers 404 NoSuchKey to a GET of an object whose key holds TEXT (deleted
                   since it was listed: the store answers, the object is gone);
  --stop-after N   after N object GETs, stops the store mid-job: SIGTERM to --stop-pid (moto)
                   and no more connections accepted (connection refused), every open one
                   closed with no answer.

    python3 scale/spark/store_proxy.py --upstream http://127.0.0.1:PORT --log FILE [--flaky K]
        [--stop-after N --stop-pid PID]

Prints the port it listens on (127.0.0.1, a free one) on its first line.
"""
import argparse
import http.client
import http.server
import os
import signal
import sys
import threading
import urllib.parse

HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--upstream", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--flaky", type=int, default=0)
    parser.add_argument("--missing", default=None)
    parser.add_argument("--stop-after", type=int, default=0)
    parser.add_argument("--stop-pid", type=int, default=0)
    args = parser.parse_args()
    upstream = urllib.parse.urlsplit(args.upstream)
    state = {"requests": 0, "gets": 0, "stopped": False}
    lock = threading.Lock()
    log = open(args.log, "a", buffering=1)

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *_):
            pass

        def body(self):
            if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                data = b""
                while True:
                    size = int(self.rfile.readline().split(b";")[0], 16)
                    if size == 0:
                        while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                            pass
                        return data
                    data += self.rfile.read(size)
                    self.rfile.readline()
            return self.rfile.read(int(self.headers.get("Content-Length") or 0))

        def answer(self, status, code):
            text = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>%s</Code>"
                    "<Message>store_proxy: %s on cue</Message></Error>" % (code, code)).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", str(len(text)))
            self.end_headers()
            self.wfile.write(text)

        def drop(self):
            self.close_connection = True
            try:
                self.connection.shutdown(2)
            except OSError:
                pass

        def handle_any(self):
            data = self.body()
            path = urllib.parse.urlsplit(self.path)
            is_object_get = self.command == "GET" and "list-type" not in path.query and path.path.count("/") >= 2
            with lock:
                state["requests"] += 1
                number = state["requests"]
                if is_object_get:
                    state["gets"] += 1
                stop = args.stop_after and state["gets"] > args.stop_after and not state["stopped"]
                if stop:
                    state["stopped"] = True
                stopped = state["stopped"]
            if stop:
                log.write("STOP after %d object GETs\n" % args.stop_after)
                if args.stop_pid:
                    os.kill(args.stop_pid, signal.SIGTERM)
                threading.Thread(target=lambda: (server.shutdown(), server.server_close())).start()
            if stopped:
                log.write("%s %s dropped\n" % (self.command, self.path))
                return self.drop()
            if is_object_get and args.missing and args.missing in path.path:
                log.write("%s %s 404\n" % (self.command, self.path))
                return self.answer(404, "NoSuchKey")
            if args.flaky and number % args.flaky == 0:
                kind = (number // args.flaky) % 3
                log.write("%s %s %s\n" % (self.command, self.path, ("503", "500", "dropped")[kind]))
                if kind == 0:
                    return self.answer(503, "SlowDown")
                if kind == 1:
                    return self.answer(500, "InternalError")
                return self.drop()
            connection = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=60)
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP and k.lower() != "expect"}
            if data or "Content-Length" in self.headers or self.command in ("PUT", "POST"):
                headers["Content-Length"] = str(len(data))
            try:
                connection.request(self.command, self.path, body=data, headers=headers)
                response = connection.getresponse()
                payload = response.read()
            except (OSError, http.client.HTTPException) as error:
                # moto went away under a request in flight (--stop-after): no answer, as from it.
                log.write("%s %s dropped (upstream: %s)\n" % (self.command, self.path, type(error).__name__))
                return self.drop()
            finally:
                connection.close()
            log.write("%s %s %d\n" % (self.command, self.path, response.status))
            self.send_response(response.status)
            for name, value in response.getheaders():
                if name.lower() not in HOP and name.lower() != "content-length":
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(payload)

        do_GET = do_PUT = do_POST = do_DELETE = do_HEAD = handle_any

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
