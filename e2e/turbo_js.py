"""Where the Turbo under test comes from: $TURBO_JS if set (any UMD build, e.g.
Turbo 8's dist/turbo.es2017-umd.js), else the turbo.min.js that PyPI's
django-turbojs ships (Turbo 7.1.0; no registry reachable here has a later
Turbo), and which version it says it is."""

import importlib.metadata
import os
import re

PACKAGE = "django-turbojs"
FILE = "turbo/static/turbo/js/turbo.min.js"
# Turbo's builds open with a banner comment: "/*\nTurbo 7.1.0\nCopyright …".
BANNER = re.compile(r"\bTurbo v?(\d+\.\d+\.\d+[0-9A-Za-z.+:-]*)")
# An ES module build ends by exporting its names: "export{a as b,…};" then maybe a source map.
EXPORTS = re.compile(r"(^|[;}\s])export\s*\{[^{}]*\}\s*;?\s*(//[^\n]*\s*)*$")


def installed():
    """The turbo.min.js of the installed django-turbojs, from pip's record of it."""
    try:
        dist = importlib.metadata.distribution(PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        raise FileNotFoundError(f"pip package {PACKAGE} is not installed; run e2e/install-deps as root")
    return str(dist.locate_file(FILE))


def locate():
    """(path, Turbo version as its banner says, or "unknown")."""
    path = os.environ.get("TURBO_JS")
    if path == "":  # e.g. TURBO_JS="$(a step that failed)": never fall back to 7.1 silently
        raise ValueError("TURBO_JS is set but empty: name a Turbo build, or unset it for the installed 7.1.0")
    path = path or installed()
    if not os.path.isfile(path):
        raise FileNotFoundError(f"no Turbo at {path}")
    if is_module(path):
        # Said now, rather than as a session that times out waiting for Turbo.
        raise ValueError(f"{path} is an ES module build (it ends in `export {{…}}`); the test page loads"
                         " Turbo as a classic <script>: use a UMD build, such as Turbo's dist/turbo.es2017-umd.js")
    return path, version(path)


def is_module(path):
    with open(path, "rb") as f:
        f.seek(max(0, os.path.getsize(path) - 4000))
        tail = f.read().decode("utf-8", errors="replace")
    return EXPORTS.search(tail) is not None


def version(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        found = BANNER.search(f.read(400))
    return found.group(1) if found else "unknown"
