#!/usr/bin/python3
"""The HTML report (`session --html`, `render --html`) in real headless Chromium.

Each page is opened from disk (file://) with Chrome's performance log on, and held to:
no console error (a script or style its Content-Security-Policy refused would be one), no
request but the page itself, as many table rows as `session --format jsonl` has lines before
its summary, a click on a row that selects its mark and one on a mark that selects its row,
zoom and pan by keys (+, →, 0), the wheel and a drag,
the selection in the URL fragment (and a link to `#row=N` that selects it), a search that
narrows the table, and the raw line that opens in place. A hostile pair of logs whose texts
hold `<script>`, `</script>`, `onerror=` and U+2028 runs none of it: a global flag stays unset,
and the texts show as text. A screenshot of each bundled session pair is kept in OUT
(default .build/html-report/).

  e2e/html_report.py [--bin .build/debug/turbo-replay] [--out DIR] [--pairs N]

--pairs N reads only the first N of e2e/session-pairs (all by default).
--docs-shot makes the README's picture instead, docs/shots/page.png: the causes
session's page at its slow-recovery finding (pngquant keeps it small: apt-get install pngquant)."""

import argparse
import glob
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent


def chromium():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = browser.CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,1400", "--no-first-run", "--disable-background-networking"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(browser.CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    return driver


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def open_page(driver, path, fragment=""):
    """Loads the page and waits for its script; returns the seconds until it was drawn."""
    driver.get_log("performance")  # what came before this page
    driver.get_log("browser")
    url = pathlib.Path(path).resolve().as_uri()
    began = time.monotonic()
    driver.get(url + fragment)
    for _ in range(600):
        if driver.execute_script("return document.body && document.body.dataset.ready === 'true'"):
            break
        time.sleep(0.05)
    else:
        raise Failure(f"{path}: the page's script never finished (console: {driver.get_log('browser')})")
    took = time.monotonic() - began
    errors = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    check(not errors, f"{path}: console messages: {errors}")
    requests = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            requests.append(message["params"]["request"]["url"])
    others = [r for r in requests if r.split("#")[0] != url and not r.startswith("data:")]
    check(not others, f"{path}: requests besides the page: {others}")
    return took


def rows(driver):
    return driver.execute_script("return document.querySelectorAll('div.row').length")


def visible_rows(driver):
    return driver.execute_script("return Array.from(document.querySelectorAll('div.row')).filter(r => !r.hidden).length")


def interact(driver, path):
    """A row's click selects its mark, a mark's click its row, a search narrows, a raw line opens."""
    from selenium.webdriver.common.by import By
    marked = driver.execute_script("""
        const data = JSON.parse(document.getElementById('report-data').textContent);
        const m = data.marks.find(m => m[6] !== null);
        return m ? m[6] : null;""")
    if marked is None:
        return
    row = driver.find_element(By.CSS_SELECTOR, f"div.row[data-row='{marked}'] .what")
    row.click()
    check(driver.execute_script("return location.hash") == f"#row={marked}", f"{path}: the fragment is not #row={marked}")
    selected = driver.execute_script("""
        return Array.from(document.querySelectorAll('g.mark.selected')).map(g => {
            const data = JSON.parse(document.getElementById('report-data').textContent);
            return data.marks[Number(g.dataset.mark)][6]; });""")
    check(selected and all(s == marked for s in selected), f"{path}: a click on row {marked} selected marks of rows {selected}")
    # And back: a click on a mark of another row selects that row.
    other = driver.execute_script("""
        const data = JSON.parse(document.getElementById('report-data').textContent);
        const g = Array.from(document.querySelectorAll('g.mark')).find(g => {
            const r = data.marks[Number(g.dataset.mark)][6]; return r !== null && r !== %d; });
        if (!g) return null;
        g.dispatchEvent(new MouseEvent('click', {bubbles: true}));
        return data.marks[Number(g.dataset.mark)][6];""" % marked)
    if other is not None:
        chosen = driver.execute_script("const r = document.querySelector('div.row.selected'); return r ? Number(r.dataset.row) : null;")
        check(chosen == other, f"{path}: a click on a mark of row {other} selected row {chosen}")
    # Zoom and pan by keys: the axis changes, and 0 brings the whole back.
    from selenium.webdriver.common.keys import Keys
    ticks = "return document.querySelector('.chart svg').innerHTML"
    whole = driver.execute_script(ticks)
    body = driver.find_element(By.TAG_NAME, "body")
    driver.execute_script("document.activeElement && document.activeElement.blur && document.activeElement.blur()")
    body.send_keys("+++")
    zoomed = driver.execute_script(ticks)
    check(zoomed != whole, f"{path}: '+' did not zoom")
    body.send_keys(Keys.ARROW_RIGHT)
    check(driver.execute_script(ticks) != zoomed, f"{path}: '→' did not pan")
    body.send_keys("0")
    check(driver.execute_script(ticks) == whole, f"{path}: '0' did not show the whole again")
    # And by the mouse: the wheel zooms, a drag pans.
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    chart = driver.find_element(By.CSS_SELECTOR, ".chart")
    ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(chart, 100, 0), 0, -300).perform()
    wheeled = driver.execute_script(ticks)
    check(wheeled != whole, f"{path}: the wheel did not zoom")
    ActionChains(driver).move_to_element_with_offset(chart, 100, 0).click_and_hold().move_by_offset(-150, 0).release().perform()
    check(driver.execute_script(ticks) != wheeled, f"{path}: a drag did not pan")
    body.send_keys("0")
    # The raw line, in place.
    button = driver.find_elements(By.CSS_SELECTOR, "div.row .raw-toggle")
    if button:
        button[0].click()
        check(driver.execute_script("return document.querySelectorAll('div.raw pre').length") == 1, f"{path}: the raw line did not open")
    # A search narrows the table to the rows that hold the word.
    total = rows(driver)
    # The word that narrows the most: of each row's first word, the one the fewest rows hold.
    word = driver.execute_script("""
        const data = JSON.parse(document.getElementById('report-data').textContent);
        const hay = data.rows.map(r => (r[3] + ' ' + r[4] + ' ' + (r[8] || '')).toLowerCase());
        let best = null, fewest = Infinity;
        for (const r of data.rows) {
            const w = r[3].split(' ')[0];
            const n = hay.filter(h => h.includes(w.toLowerCase())).length;
            if (w && n < fewest) { best = w; fewest = n; }
        }
        return best;""")
    box = driver.find_element(By.ID, "search")
    box.clear()
    box.send_keys(word)
    shown = visible_rows(driver)
    expected = driver.execute_script("""
        const data = JSON.parse(document.getElementById('report-data').textContent), w = arguments[0].toLowerCase();
        return data.rows.filter(r => (r[3] + ' ' + r[4] + ' ' + (r[8] || '')).toLowerCase().includes(w)).length;""", word)
    check(0 < shown == expected, f"{path}: searching {word!r} shows {shown} of {total} rows; {expected} hold it")
    check(shown < total or total < 3, f"{path}: searching {word!r} narrowed nothing ({shown} of {total})")
    box.clear()
    box.send_keys(" ")
    check(visible_rows(driver) == total, f"{path}: clearing the search did not bring the rows back")


def session_pairs():
    pairs = []
    for web in sorted(glob.glob(str(ROOT / "recordings/session/*.native.jsonl"))):
        pairs.append((web.replace(".native.jsonl", ".jsonl"), web, None))
    for native in sorted(glob.glob(str(ROOT / "e2e/session-pairs/*.native.jsonl"))):
        stem = native[: -len(".native.jsonl")]
        pairs.append((stem + ".web.jsonl", native, stem + ".options.json"))
    return pairs


def options_args(path):
    """e2e/session-pairs' options files, as the session's config (they hold lateMs, offsetMs, …)."""
    if path is None or not os.path.exists(path):
        return []
    return ["--config", path]


def hostile(tool, out, driver):
    """Texts that would run as markup or script, in every place a log's text reaches the page."""
    evil = ['<script>window.__pwned=1</script>', '<img src=x onerror="window.__pwned=2">',
            '</script><script>window.__pwned=3</script>', 'a\u2028b\u2029c', '"><svg onload=window.__pwned=4>',
            '<!--', "'; window.__pwned=5; '"]
    text = " ".join(evil)
    with tempfile.TemporaryDirectory() as scratch:
        web = os.path.join(scratch, "evil.jsonl")
        native = os.path.join(scratch, "evil.native.jsonl")
        with open(web, "w") as f:
            for line in [
                {"type": "meta", "version": 1, "source": text, "userAgent": text, "page": text, "startedAt": "2026-12-01T12:00:00.000Z"},
                {"t": 100, "type": "connect", "online": True, "page": text, "context": text},
                {"t": 1000, "type": "offline"},
                {"t": 1500, "type": "seen", "visible": True, "text": text},
                {"t": 2000, "type": "turbo:visit", "url": text, "action": "advance"},
                {"t": 4000, "type": "online"},
            ]:
                f.write(json.dumps(line, ensure_ascii=False) + "\n")
        with open(native, "w") as f:
            for line in [
                {"type": "meta", "version": 1, "recording": "native", "platform": "ios", "app": None, "startedAt": "2026-12-01T12:00:00.000Z"},
                {"t": 50, "type": "path", "online": True},
                {"t": 900, "type": "path", "online": False},
                {"t": 950, "type": "presented", "surface": text, "error": {"kind": "web", "code": -1009}},
                {"t": 3900, "type": "path", "online": True},
                {"t": 4100, "type": "bridge", "component": text, "event": text, "url": text},
                {"t": 4300, "type": "app-retry", "surface": text, "kind": "auto"},
            ]:
                line = {k: v for k, v in line.items() if v is not None}
                f.write(json.dumps(line, ensure_ascii=False) + "\n")
        pages = [os.path.join(out, "hostile-session.html"), os.path.join(out, "hostile-web.html"), os.path.join(out, "hostile-native.html")]
        run([tool, "session", "--html", pages[0], web, native], ok=(0, 1))
        run([tool, "render", "--html", pages[1], web], ok=(0,))
        run([tool, "render", "--html", pages[2], native], ok=(0,))
        for page in pages:
            raw = open(page, encoding="utf-8").read()
            data = raw.split('id="report-data">', 1)[1].split("</script>", 1)[0]
            check("<" not in data and "\u2028" not in data, f"{page}: the embedded JSON holds a raw '<' or U+2028")
            open_page(driver, page)
            interact(driver, page)
            check(driver.execute_script("return window.__pwned") is None, f"{page}: a log's text ran as script")
            shown = driver.execute_script("return document.body.textContent")
            check("<script>window.__pwned=1</script>" in shown, f"{page}: the hostile text is not shown as text")
            check(driver.execute_script("return document.querySelectorAll('img, iframe, object, embed').length") == 0,
                  f"{page}: a log's text made an element")


def run(command, ok=(0,)):
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode not in ok:
        raise Failure(f"{' '.join(command)}: exit {done.returncode}: {done.stderr}")
    return done.stdout


def docs_shot(tool):
    """The causes session at its slow-recovery finding, 1100 px wide, in 64 colours."""
    out = str(ROOT / "docs/shots/page.png")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        page = os.path.join(scratch, "causes.html")
        run([tool, "session", "--html", page, "recordings/session/causes.jsonl", "recordings/session/causes.native.jsonl"], ok=(0, 1))
        driver = chromium()
        try:
            driver.set_window_size(1100, 1250)
            open_page(driver, page)
            row = driver.execute_script("""
                const data = JSON.parse(document.getElementById('report-data').textContent);
                return data.rows.findIndex(r => r[3].startsWith('slow-recovery'));""")
            open_page(driver, page, f"#row={row}")
            driver.execute_script("window.scrollTo(0, 0)")
            shot = os.path.join(scratch, "shot.png")
            driver.save_screenshot(shot)
        finally:
            driver.quit()
        subprocess.run(["pngquant", "--force", "--strip", "64", "--output", out, shot], check=True)
    print(f"e2e/html_report.py: wrote {out} ({os.path.getsize(out):,} bytes)")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=str(ROOT / ".build/debug/turbo-replay"))
    parser.add_argument("--out", default=str(ROOT / ".build/html-report"))
    parser.add_argument("--pairs", type=int, default=None)
    parser.add_argument("--docs-shot", action="store_true")
    args = parser.parse_args()
    if args.docs_shot:
        return docs_shot(args.bin)
    os.makedirs(args.out, exist_ok=True)
    driver = chromium()
    try:
        pairs = session_pairs()
        if args.pairs is not None:
            pairs = pairs[: args.pairs]
        slowest = 0.0
        for web, native, options in pairs:
            name = os.path.basename(native)[: -len(".native.jsonl")]
            if "session-pairs" in native:
                name = "pair-" + name
            page = os.path.join(args.out, name + ".html")
            config = options_args(options)
            run([args.bin, "session", *config, "--html", page, web, native], ok=(0, 1))
            lines = run([args.bin, "session", *config, "--format", "jsonl", web, native], ok=(0, 1)).splitlines()
            slowest = max(slowest, open_page(driver, page))
            check(rows(driver) == len(lines) - 1, f"{page}: {rows(driver)} table rows, jsonl has {len(lines) - 1} before its summary")
            driver.save_screenshot(os.path.join(args.out, name + ".png"))
            interact(driver, page)
            # A link to one moment: the fragment selects its row on load.
            if rows(driver) > 2:
                open_page(driver, page, "#row=2")
                check(driver.execute_script("const r = document.querySelector('div.row.selected'); return r && r.dataset.row") == "2",
                      f"{page}: #row=2 did not select row 2")
        # One log: the longest native log and a web recording.
        for log in ["recordings/archive/stale-archive.jsonl", "recordings/session/causes.native.jsonl", "recordings/session/field-report.jsonl"]:
            page = os.path.join(args.out, "render-" + os.path.basename(log).replace(".jsonl", ".html"))
            run([args.bin, "render", "--html", page, str(ROOT / log)])
            slowest = max(slowest, open_page(driver, page))
            interact(driver, page)
        hostile(args.bin, args.out, driver)
        print(f"e2e/html_report.py: {len(pairs)} session pages and 3 logs' pages held; slowest to draw {slowest:.2f} s; screenshots in {args.out}")
    except Failure as failure:
        print(f"e2e/html_report.py: {failure}", file=sys.stderr)
        return 1
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
