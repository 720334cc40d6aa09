"""Where real Turbo comes from: the turbo.min.js that PyPI's django-turbojs
ships (Turbo 7.1.0; no registry reachable here has Turbo 8)."""

import importlib.metadata
import os
import re

PACKAGE = "django-turbojs"
FILE = "turbo/static/turbo/js/turbo.min.js"


def locate():
    """(path, Turbo version) from pip's record of the installed package, or
    $TURBO_JS if set. The version is read from the file's own banner."""
    path = os.environ.get("TURBO_JS")
    if not path:
        try:
            dist = importlib.metadata.distribution(PACKAGE)
        except importlib.metadata.PackageNotFoundError:
            raise FileNotFoundError(f"pip package {PACKAGE} is not installed; run e2e/install-deps as root")
        path = str(dist.locate_file(FILE))
    if not os.path.isfile(path):
        raise FileNotFoundError(f"no Turbo at {path}")
    with open(path, encoding="utf-8") as f:
        head = f.read(300)
    found = re.search(r"Turbo (\d+\.\d+\.\d+)", head)
    return path, found.group(1) if found else "unknown"
