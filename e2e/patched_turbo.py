#!/usr/bin/python3
"""Makes a TEST-ONLY Turbo that fires turbo:fetch-request-error as Turbo 7.2
and later do, from the real Turbo 7.1.0 that e2e/install-deps installs: no
registry reachable here has a later Turbo, and this is how the e2e shows it
holds for one that fires the event.

    e2e/patched_turbo.py /tmp/turbo-7.1.0+fetch-request-error.js
    TURBO_JS=/tmp/turbo-7.1.0+fetch-request-error.js e2e/run

One change, in FetchRequest#perform, shaped as Turbo 7.2's source has it
(hotwired/turbo#685): when fetch fails with anything but an abort, dispatch
a cancelable turbo:fetch-request-error with detail {request, error} on the
request's target (the form or frame; <html> for a Visit, through Turbo's own
dispatch helper), and let Turbo handle the error only if nobody prevented
it. The file's banner says what it is ("Turbo 7.1.0+fetch-request-error"),
which version_checks.py reads. It is made at test time and never committed.
Prints the path it wrote."""

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import turbo_js  # noqa: E402

SOURCE_VERSION = "7.1.0"
LABEL = SOURCE_VERSION + "+fetch-request-error"
NOTICE = ("TEST-ONLY BUILD made by TurboReplay's e2e/patched_turbo.py: Turbo 7.1.0 with Turbo 7.2's\n"
          "turbo:fetch-request-error dispatch (FetchRequest#perform, hotwired/turbo#685) patched in.\n"
          "Not a Turbo release: never ship it.")
# 7.1.0's FetchRequest#perform, minified: an error that is not an abort goes to the delegate.
CATCH = 'catch(e){if("AbortError"!==e.name)throw this.delegate.requestErrored(this,e),e}'


def patch(text):
    banner = turbo_js.BANNER.search(text[:400])
    if not banner or banner.group(1) != SOURCE_VERSION:
        raise ValueError(f"the patch is written for Turbo {SOURCE_VERSION}'s build, and this is not it")
    # Turbo's dispatch helper, whatever the minifier named it: the one FetchRequest
    # already uses for turbo:before-fetch-response on the same target.
    helper = re.findall(r'(\w+)\("turbo:before-fetch-response",\{cancelable:!0,detail:\{fetchResponse:\w+\},'
                        r'target:this\.target\}\)', text)
    if len(set(helper)) != 1 or text.count(CATCH) != 1:
        raise ValueError("FetchRequest#perform is not where the patch expects it; the build differs from 7.1.0's")
    dispatch = helper[0]
    patched_catch = ('catch(e){if("AbortError"!==e.name){'
                     f'if(!{dispatch}("turbo:fetch-request-error",{{target:this.target,cancelable:!0,'
                     'detail:{request:this,error:e}}).defaultPrevented)this.delegate.requestErrored(this,e);'
                     'throw e}}')
    text = text.replace(CATCH, patched_catch)
    return text.replace(f"Turbo {SOURCE_VERSION}", f"Turbo {LABEL}\n{NOTICE}", 1)


def main(argv):
    if argv[1:] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    if len(argv) != 2 or argv[1].startswith("-"):
        print(f"usage: {argv[0]} OUT.js   (writes the test-only Turbo {LABEL} there)", file=sys.stderr)
        return 64
    with open(turbo_js.installed(), encoding="utf-8") as f:
        text = patch(f.read())
    with open(argv[1], "w", encoding="utf-8") as f:
        f.write(text)
    print(argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
