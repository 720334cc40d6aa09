"""Where the Turbo under test comes from: $TURBO_JS if set (any build, e.g. a
Turbo 8 turbo.js), else the turbo.min.js that PyPI's django-turbojs ships
(Turbo 7.1.0; no registry reachable here has a later Turbo)."""

import importlib.metadata
import os
import re

PACKAGE = "django-turbojs"
FILE = "turbo/static/turbo/js/turbo.min.js"
# Turbo's builds open with a banner comment: "/*\nTurbo 7.1.0\nCopyright …".
BANNER = re.compile(r"\bTurbo v?(\d+\.\d+\.\d+[0-9A-Za-z.+:-]*)")


def installed():
    """The turbo.min.js of the installed django-turbojs, from pip's record of it."""
    try:
        dist = importlib.metadata.distribution(PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        raise FileNotFoundError(f"pip package {PACKAGE} is not installed; run e2e/install-deps as root")
    return str(dist.locate_file(FILE))


def locate():
    """(path, Turbo version as its banner says, or "unknown")."""
    path = os.environ.get("TURBO_JS") or installed()
    if not os.path.isfile(path):
        raise FileNotFoundError(f"no Turbo at {path}")
    return path, version(path)


def version(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        found = BANNER.search(f.read(400))
    return found.group(1) if found else "unknown"
