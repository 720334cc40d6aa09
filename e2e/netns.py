"""A real network cut for the e2e: the browser and the app's server in two
network namespaces the test makes itself, joined by one veth pair.

DevTools' Network.emulateNetworkConditions is not a network cut: when the
page navigates while "offline", Chromium hands the old document an `online`
event some 25-50 ms before its pagehide, with the network still "cut". On
Linux, Chromium follows the machine's interfaces instead, so taking the
browser side of the veth down is airplane mode as the page sees it: a real
`offline`, requests that fail for want of a route, and nothing else until the
link comes back up (`online`). A dead upstream is the link up with the
server not answering.

How the namespaces are used, without a second process to drive:
  - the test's main thread joins the browser namespace (setns is per thread),
    so chromedriver and Chromium, which it starts, live there, and Selenium
    reaches chromedriver on that namespace's own loopback;
  - the app's listening sockets are made while the thread is briefly in the
    server namespace: a socket stays in the namespace it was made in, so the
    server threads accept the browser's connections over the veth;
  - `ip -n NAME link set …` cuts and restores the link from outside.
The addresses are a private /30 that exists only between the two namespaces.

Namespaces are named after the test's pid, deleted on close (also when a run
fails, and on SIGTERM), and ones left by a test that was killed outright are
removed by the next run."""

import atexit
import ctypes
import os
import re
import shutil
import signal
import subprocess
import time

CLONE_NEWNET = 0x40000000
PREFIX = "turbo-e2e-"
SERVER_ADDR = "10.213.77.1"
BROWSER_ADDR = "10.213.77.2"
NETMASK_BITS = 30
VETH_BROWSER = "tre2e-b"   # inside the browser namespace (interface names are per namespace)
VETH_SERVER = "tre2e-s"


class Unavailable(Exception):
    """Namespaces cannot be made here; the reason says why."""


class NeverRunning(Exception):
    """The namespaces were made but the veth never got its carrier: a broken
    setup, not a machine without namespaces, so no quiet fallback."""


# The kernel reports a veth's carrier through its link watcher, which may
# defer the event by up to a second after `ip link set … up`: until then the
# link is UP but NO-CARRIER, state DOWN, and Chromium (which counts a link as
# online only when it is running) starts with navigator.onLine false and
# fires `online` a moment later. Seen here as 0.8 s; a page loaded inside
# that second records a phantom offline start.
RUNNING_TIMEOUT_S = 5.0


def _libc():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.setns.argtypes = [ctypes.c_int, ctypes.c_int]
    return libc


def _setns(fd):
    if _libc().setns(fd, CLONE_NEWNET) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"setns: {os.strerror(err)}")


def _ip(*args, check=True):
    done = subprocess.run(["ip", *args], capture_output=True, text=True)
    if check and done.returncode != 0:
        raise Unavailable(f"`ip {' '.join(args)}` failed: {done.stderr.strip() or done.returncode}")
    return done


def _remove_stale():
    """Namespaces of earlier runs whose process is gone (killed with -9)."""
    listed = _ip("netns", "list", check=False).stdout
    for name in re.findall(rf"^({re.escape(PREFIX)}(\d+)-[bs])\b", listed, re.M):
        pid = int(name[1])
        if pid != os.getpid() and not os.path.exists(f"/proc/{pid}"):
            _ip("netns", "del", name[0], check=False)


class NetCut:
    """The two namespaces. mode is "os"; cut()/restore() take the browser's
    link down and up."""

    mode = "os"

    def __init__(self):
        if os.geteuid() != 0:
            raise Unavailable("not root (network namespaces need CAP_SYS_ADMIN)")
        if not shutil.which("ip"):
            raise Unavailable("no `ip` command (iproute2)")
        _remove_stale()
        tag = f"{PREFIX}{os.getpid()}"
        self.browser_ns, self.server_ns = tag + "-b", tag + "-s"
        self._made = []
        self._home = os.open("/proc/thread-self/ns/net", os.O_RDONLY)
        self._fds = {}
        # From the first namespace on: a SIGTERM while they are being made (the carrier wait
        # may take seconds) unwinds through the except below, which deletes them.
        self._previous_sigterm = signal.signal(signal.SIGTERM, self._on_sigterm)
        try:
            for ns in (self.browser_ns, self.server_ns):
                _ip("netns", "add", ns)
                self._made.append(ns)
                _ip("-n", ns, "link", "set", "lo", "up")
            _ip("-n", self.browser_ns, "link", "add", VETH_BROWSER, "type", "veth",
                "peer", "name", VETH_SERVER, "netns", self.server_ns)
            _ip("-n", self.server_ns, "addr", "add", f"{SERVER_ADDR}/{NETMASK_BITS}", "dev", VETH_SERVER)
            _ip("-n", self.browser_ns, "addr", "add", f"{BROWSER_ADDR}/{NETMASK_BITS}", "dev", VETH_BROWSER)
            _ip("-n", self.server_ns, "link", "set", VETH_SERVER, "up")
            _ip("-n", self.browser_ns, "link", "set", VETH_BROWSER, "up")
            self.running_after_s = self._wait_running()
            for ns in (self.browser_ns, self.server_ns):
                self._fds[ns] = os.open(f"/run/netns/{ns}", os.O_RDONLY)
            _setns(self._fds[self.browser_ns])
        except BaseException as e:
            self.close()
            if isinstance(e, (Unavailable, NeverRunning, SystemExit, KeyboardInterrupt)):
                raise
            raise Unavailable(f"{type(e).__name__}: {e}") from e
        atexit.register(self.close)  # in case something exits past the callers' finally
        self.server_host = SERVER_ADDR

    def describe(self):
        return (f"OS-level cut: browser in netns {self.browser_ns} ({BROWSER_ADDR}), app in {self.server_ns}"
                f" ({SERVER_ADDR}), one veth pair (running {self.running_after_s * 1000:.0f} ms after it was set up);"
                f" offline = `ip link set {VETH_BROWSER} down`")

    def in_server(self, make):
        """make() runs with this thread in the server namespace; what it
        opens (listening sockets) stays there."""
        _setns(self._fds[self.server_ns])
        try:
            return make()
        finally:
            _setns(self._fds[self.browser_ns])

    def cut(self):
        _ip("-n", self.browser_ns, "link", "set", VETH_BROWSER, "down")

    def restore(self):
        """Returns once the link is running again (as at setup): within a
        second of the cut the kernel may defer the carrier, and the page's
        `online` with it."""
        _ip("-n", self.browser_ns, "link", "set", VETH_BROWSER, "up")
        self._wait_running()

    def _running(self, ns, dev):
        out = _ip("-n", ns, "-o", "link", "show", dev).stdout
        flags = out.split("<", 1)[-1].split(">", 1)[0].split(",")
        return "UP" in flags and "LOWER_UP" in flags and "NO-CARRIER" not in flags and " state UP " in out

    def _wait_running(self):
        """Seconds until both ends of the veth are running, as the kernel
        reports them to Chromium; raises NeverRunning past the timeout."""
        started = time.monotonic()
        ends = ((self.browser_ns, VETH_BROWSER), (self.server_ns, VETH_SERVER))
        while not all(self._running(ns, dev) for ns, dev in ends):
            if time.monotonic() - started > RUNNING_TIMEOUT_S:
                shown = "; ".join(_ip("-n", ns, "-o", "link", "show", dev, check=False).stdout.strip()
                                  for ns, dev in ends)
                raise NeverRunning(f"the veth pair got no carrier within {RUNNING_TIMEOUT_S:g} s: {shown}")
            time.sleep(0.01)
        return time.monotonic() - started

    def _on_sigterm(self, signum, frame):
        # Unwind instead of deleting here: the callers' finally blocks quit the
        # browser while its namespace still exists, then call close().
        raise SystemExit(128 + signum)

    def close(self):
        """Idempotent: back to the namespace the thread came from, then the
        namespaces (and with them the veth pair) are deleted."""
        if self._home is not None:
            try:
                _setns(self._home)
            except OSError:
                pass
            os.close(self._home)
            self._home = None
        for fd in self._fds.values():
            os.close(fd)
        self._fds = {}
        for ns in reversed(self._made):
            _ip("netns", "del", ns, check=False)
        self._made = []
        if self._previous_sigterm is not None:
            signal.signal(signal.SIGTERM, self._previous_sigterm)
            self._previous_sigterm = None

    def namespaces_left(self):
        listed = _ip("netns", "list", check=False).stdout
        return [ns for ns in (self.browser_ns, self.server_ns) if ns in listed.split()]


class Emulated:
    """The fallback: everything on 127.0.0.1, the cut emulated by DevTools.
    cut()/restore() are then the browser's, set by the caller."""

    mode = "devtools"
    server_host = "127.0.0.1"

    def __init__(self, reason):
        self.reason = reason
        self.browser = None

    def describe(self):
        return (f"DevTools emulation (Network.emulateNetworkConditions), NOT an OS-level cut: {self.reason}."
                " Checks the emulation's phantom `online` breaks are relaxed, each named below")

    def in_server(self, make):
        return make()

    def cut(self):
        self.browser.emulate(False)

    def restore(self):
        self.browser.emulate(True)

    def close(self):
        pass


def make():
    """A NetCut where namespaces can be made, else an Emulated saying why.
    E2E_CUT=devtools asks for the fallback (to see what it relaxes)."""
    if os.environ.get("E2E_CUT") == "devtools":
        return Emulated("E2E_CUT=devtools asked for it")
    try:
        return NetCut()
    except Unavailable as e:
        return Emulated(str(e))
