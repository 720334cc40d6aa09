"""Debian's headless Chromium, driven through chromium-driver by Debian's
python3-selenium, plus the network cut the scenarios need (netns.py) and
the DevTools commands."""

import json
import shutil
import time

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


class SetupError(Exception):
    pass


def launch(net=None, origin=None):
    """origin: the app's, when it is not on loopback (the server side of the
    veth pair): Chromium is told to treat it as secure, as it treats
    127.0.0.1 and as a production app on https is, so the page is a secure
    context and its requests carry Sec-Fetch-* headers as they do there."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as e:
        raise SetupError(f"python3-selenium is missing ({e}); run e2e/install-deps as root")
    for path in (CHROMIUM, CHROMEDRIVER):
        if not shutil.which(path):
            raise SetupError(f"{path} is missing; run e2e/install-deps as root")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                "--disable-gpu", "--window-size=1024,768",
                "--no-first-run", "--disable-background-networking"):
        options.add_argument(arg)
    if origin and not origin.startswith("http://127.0.0.1"):
        options.add_argument(f"--unsafely-treat-insecure-origin-as-secure={origin}")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(20)
    return Browser(driver, net)


class Browser:
    def __init__(self, driver, net=None):
        self.driver = driver
        self.net = net
        if net is not None and net.mode == "devtools":
            net.browser = self
        self.driver.execute_cdp_cmd("Network.enable", {})

    @property
    def version(self):
        return self.driver.capabilities.get("browserVersion", "?")

    def quit(self):
        self.driver.quit()

    def network(self, online):
        """Cut or restore the network the way this run does it: the browser's
        link down or up (netns.py), or, where namespaces cannot be made,
        DevTools emulation. Either way Chromium fires offline/online and flips
        navigator.onLine; only the link is airplane mode as a user has it."""
        if self.net is None:
            return self.emulate(online)
        return self.net.restore() if online else self.net.cut()

    def emulate(self, online):
        """DevTools' Network.emulateNetworkConditions: offline/online events and
        failing requests, but a navigation while "offline" hands the old page
        a phantom `online` before its pagehide (see netcut_checks.py)."""
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": not online, "latency": 0,
            "downloadThroughput": -1, "uploadThroughput": -1,
        })

    def wait_online(self, timeout=5.0):
        """The scenarios start from a browser that believes it is online: a
        page that connects offline at the start would shift every wait on
        `online` that follows. Returns the seconds it took; raises if
        navigator.onLine stays false with the network up. On about:blank,
        which loads whatever Chromium believes of the network."""
        started = time.monotonic()
        self.get("about:blank")
        while not self.js("return navigator.onLine"):
            if time.monotonic() - started > timeout:
                raise SetupError(f"navigator.onLine is still false {timeout:g} s after launch, with the network up")
            time.sleep(0.02)
        return time.monotonic() - started

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def get(self, url):
        self.driver.get(url)

    def click(self, css):
        self.driver.find_element("css selector", css).click()

    def type(self, css, text):
        self.driver.find_element("css selector", css).send_keys(text)

    def value(self, css):
        return self.driver.find_element("css selector", css).get_property("value")

    def records(self):
        """The recording so far, parsed (empty before the recorder runs)."""
        text = self.js("return window.TurboRecorder ? TurboRecorder.text() : ''") or ""
        return [json.loads(line) for line in text.splitlines() if line.strip()]

    def wait_for(self, what, predicate, timeout=10.0):
        """Poll the recording until predicate(records) is truthy; return it."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                found = predicate(self.records())
            except Exception:  # page mid-navigation: try again
                found = None
            if found:
                return found
            if time.monotonic() > deadline:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
            time.sleep(0.05)
