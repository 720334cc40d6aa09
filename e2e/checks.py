"""A tiny check collector: each check prints one line; the run ends with
'N passed, N failed' (the line CI reads)."""

import json


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def ok(self, name, condition, detail=""):
        if condition:
            self.passed += 1
            print(f"ok   {name}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL {name}" + (f"\n     {detail}" if detail else ""), flush=True)
        return bool(condition)

    def equal(self, name, got, want):
        return self.ok(name, got == want, f"got  {show(got)}\n     want {show(want)}")

    def error(self, name, exc):
        """A step that could not even run counts as one failure."""
        return self.ok(name, False, f"{type(exc).__name__}: {exc}")

    def summary(self):
        return f"{self.passed} passed, {self.failed} failed"


def show(value):
    try:
        return json.dumps(value, ensure_ascii=False)
    except TypeError:
        return repr(value)
