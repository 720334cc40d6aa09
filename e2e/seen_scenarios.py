"""The scenarios of the `seen` end-to-end test, each a few seconds of one person on
the app under the real network cut, and, for each, which drifted controllers
must be caught: those whose timeline differs from the contract's there, and
only those (a table, like the contract's, read against seen_app.DRIFTS).

Every scenario runs in a fresh tab, once per controller; the harness acts on
the recording (wait_for) and on short sleeps past the banner's timings."""

import time

from session import count

CUT_FOR_PILL_S = 1.3     # past the 800 ms debounce, short of a 1500 ms one
FLASH_WAIT_S = 2.4       # past the 2000 ms flash
SETTLE_S = 0.4


def cut_until_pill(b, hold_s=CUT_FOR_PILL_S):
    b.network(False)
    b.wait_for("the offline event", count("offline", 1))
    time.sleep(hold_s)


def restore(b, n=1):
    b.network(True)
    b.wait_for("the online event", count("online", n))


def airplane(b):
    """Airplane mode long enough for the pill, then back for the whole flash."""
    cut_until_pill(b)
    restore(b)
    time.sleep(FLASH_WAIT_S)


def offline_submit(b):
    """A form sent while cut: the pill, then the submit-failed message, then back."""
    b.type("#body", "On my way")
    cut_until_pill(b, 1.1)
    b.click("#send")
    b.wait_for("the dead submission's submit-end", count("turbo:submit-end", 1))
    time.sleep(0.5)
    restore(b)
    time.sleep(FLASH_WAIT_S)


def blip(b):
    """Offline for less than any debounce: no pill, whatever the controller."""
    b.network(False)
    b.wait_for("the offline event", count("offline", 1))
    time.sleep(0.4)
    restore(b)
    time.sleep(1.0)


def dead_upstream(b):
    """Online, and the server drops a submission: pill and toast at once, and no
    `online` ever comes to clear them (the stale pill the contract keeps)."""
    b.click("#post-dead")
    b.wait_for("the dropped submission's submit-end", count("turbo:submit-end", 1))
    time.sleep(1.0)


def cache_preview(b):
    """Back online with the flash up, the person leaves and comes back: Turbo shows
    its cached copy of the first page as a preview, then the fresh one."""
    cut_until_pill(b, 1.7)
    restore(b)
    time.sleep(0.3)
    b.click("#other")
    b.wait_for("the /other page", count("connect", 1, page="/other"))
    time.sleep(0.3)
    b.click("#home")
    b.wait_for("the fresh home page", lambda rs: [r for r in rs if r.get("type") == "connect"][-1]["page"] == "/"
               and rs[-1]["type"] in ("turbo:load", "seen"))
    time.sleep(FLASH_WAIT_S)


def morph_refresh(b):
    """Back online with the flash up, a page refresh by morphing (Turbo 8:
    turbo-refresh-method morph, a replace visit to the same page) 500 ms into it."""
    cut_until_pill(b)
    restore(b)
    time.sleep(0.5)
    b.js('Turbo.visit(location.href, {action: "replace"})')
    b.wait_for("the refresh's turbo:load", count("turbo:load", 2))
    time.sleep(FLASH_WAIT_S)


# name: (path, steps, drifted controllers caught, needs Turbo 8, what the correct controller shows)
# The correct controller keeps the contract everywhere but in morph-refresh, where the morph
# puts the server's hidden pill back while the controller still believes it is up.
SCENARIOS = {
    "airplane": ("/", airplane, {"debounce-1500", "flash-1000"}, False, "no drift"),
    "offline-submit": ("/", offline_submit, {"debounce-1500", "flash-1000", "no-toast"}, False, "no drift"),
    "blip": ("/", blip, set(), False, "no drift"),
    "dead-upstream": ("/", dead_upstream, {"no-toast"}, False, "no drift"),
    "cache-preview": ("/", cache_preview, {"debounce-1500"}, False, "no drift"),
    "morph-refresh": ("/morph", morph_refresh, {"debounce-1500", "flash-1000", "no-toast", "correct"}, True,
                      "the pill lost at the morph"),
    "morph-refresh-permanent": ("/morph-permanent", morph_refresh, {"debounce-1500", "flash-1000"}, True,
                                "no drift: data-turbo-permanent keeps the pill through the morph"),
}
