"""Did the session exercise what it is there for, whatever Turbo ran it?

Each check finds the recorded event that should have caused a change and
looks for that change in the contract's timeline for the recording (the
model's, which the replay must equal record for record). Turbo 7.2 and later
also fire turbo:fetch-request-error for the same failures; these checks hold
either way, since they ask only for what both must show."""

from banner_model import DEBOUNCE_MS, FLASH_MS, message
from session import of_type
from timeline import same

OFFLINE = message("offline", None)
OFFLINE_RIDE = message("offline", "ride")
BACK = message("back-online", None)
FAILED = message("submit-failed", None)


def banner(t, state, label, cause):
    rec = {"t": t, "banner": state, "label": label, "cause": cause}
    if label is None:
        del rec["label"]
    return rec


def check(c, rs, want):
    def shows(name, type_, fields, records):
        """The first recorded type_ with these fields must be followed, in the
        timeline, by every record records(it) names."""
        found = of_type(rs, type_, **fields)
        if not found:
            return c.ok(f"scenario: {name}", False, f"the recording has no {type_} {fields or ''}")
        a = found[0]
        missing = [r for r in records(a) if not any(same(w, r) for w in want)]
        return c.ok(f"scenario: {name}", not missing,
                    f"missing {missing}\n     the timeline near t={a['t']}: {near(want, a['t'])}")

    shows("a debounced pill 800 ms after the first offline", "offline", {}, lambda a: [
        banner(a["t"] + DEBOUNCE_MS, "offline", OFFLINE, "offline")])
    shows("the offline submission: the pill says the text is kept, and a toast",
          "turbo:submit-end", {"action": "/messages"}, lambda a: [
              banner(a["t"], "offline", FAILED, "submit-failed"),
              {"t": a["t"], "submit": "toast", "label": FAILED}])
    shows("back online: the green flash, hidden 2000 ms later", "online", {}, lambda a: [
        banner(a["t"], "back-online", BACK, "online"),
        banner(a["t"] + FLASH_MS, "hidden", None, "flash-elapsed")])
    shows("a 422 from the server is silent (server-response, status 422)",
          "turbo:submit-end", {"action": "/invalid"}, lambda a: [
              {"t": a["t"], "submit": "silent", "reason": "server-response", "status": 422}])
    shows("a submission dropped by a dead upstream while online: the pill and a toast",
          "turbo:submit-end", {"action": "/dead"}, lambda a: [
              banner(a["t"], "offline", FAILED, "submit-failed"),
              {"t": a["t"], "submit": "toast", "label": FAILED}])
    shows("the ride context: a cache restore of /ride offline shows the ride copy at once",
          "connect", {"online": False}, lambda a: [
              banner(a["t"], "offline", OFFLINE_RIDE, "connect-offline")])

    hides = of_type(rs, "pagehide")
    if not hides:
        return c.ok("scenario: the full reload's pagehide hides what the old page showed", False,
                    "the recording has no pagehide")
    # /flaky then connects online over a hidden banner, which changes nothing:
    # the pagehide's record is the last one, and no timer of the old page fires.
    last = banner(hides[-1]["t"], "hidden", None, "pagehide")
    c.ok("scenario: the full reload's pagehide hides what the old page showed, and nothing of it outlives it",
         want and same(want[-1], last), f"want {last} last; the timeline ends {want[-3:]}")


def near(want, t, span=2500):
    return [w for w in want if abs(w["t"] - t) <= span] or "(nothing within 2.5 s)"
