require "open3"

module TurboReplay
  # The network cut at the OS level, as e2e/netns.py makes it: the browser (this process, started
  # by bin/turbo-replay-system-test inside BROWSER_NS) and the app server (in SERVER_NS) joined by
  # one veth pair. `offline!` takes the browser's end down, so Chromium sees the link go and
  # fires `offline`; `dead_upstream!` keeps the link up (navigator.onLine stays true) and makes the
  # server unreachable with a route, so every connection fails at once (EHOSTUNREACH), with no
  # packet filter. Needs root (CI runs as root) and iproute2's `ip`.
  module NetworkCut
    BROWSER_NS = ENV.fetch("TURBO_REPLAY_BROWSER_NS", "turbo-replay-browser")
    SERVER_NS = ENV.fetch("TURBO_REPLAY_SERVER_NS", "turbo-replay-server")
    VETH_BROWSER = "trb"
    VETH_SERVER = "trs"
    SERVER_ADDR = ENV.fetch("TURBO_REPLAY_SERVER_ADDR", "10.213.78.1")
    BROWSER_ADDR = "10.213.78.2"
    # The kernel may report the carrier up to a second after `ip link set … up`; a page loaded
    # before it starts offline (e2e/netns.py measured 0.8 s). Wait for it, bounded.
    CARRIER_TIMEOUT_S = 5.0

    class Error < StandardError; end

    module_function

    def ip(*args)
      out, err, status = Open3.capture3("ip", *args)
      raise Error, "`ip #{args.join(' ')}` failed: #{err.strip}" unless status.success?
      out
    end

    # Makes the two namespaces and the veth pair, and waits for the carrier.
    def setup!
      [BROWSER_NS, SERVER_NS].each do |ns|
        ip("netns", "add", ns)
        ip("-n", ns, "link", "set", "lo", "up")
      end
      ip("-n", BROWSER_NS, "link", "add", VETH_BROWSER, "type", "veth", "peer", "name", VETH_SERVER, "netns", SERVER_NS)
      ip("-n", SERVER_NS, "addr", "add", "#{SERVER_ADDR}/30", "dev", VETH_SERVER)
      ip("-n", BROWSER_NS, "addr", "add", "#{BROWSER_ADDR}/30", "dev", VETH_BROWSER)
      ip("-n", SERVER_NS, "link", "set", VETH_SERVER, "up")
      ip("-n", BROWSER_NS, "link", "set", VETH_BROWSER, "up")
      wait_for_carrier
    end

    def teardown!
      [BROWSER_NS, SERVER_NS].each { |ns| system("ip", "netns", "del", ns, err: File::NULL) }
    end

    def offline!
      ip("-n", BROWSER_NS, "link", "set", VETH_BROWSER, "down")
    end

    # Returns once the link runs again: the page's `online` comes with the carrier.
    def online!
      ip("-n", BROWSER_NS, "link", "set", VETH_BROWSER, "up")
      wait_for_carrier
    end

    # The route fails every new connection at once. A connection the browser already holds
    # (keep-alive, from loading the page) would not fail: its packets are retransmitted into
    # the route for minutes, and a submit on it hung past 10 s. So those are aborted too, as a
    # server going away would: `ss -K` (iproute2; the kernel's sock_diag destroy).
    def dead_upstream!
      ip("-n", BROWSER_NS, "route", "add", "unreachable", "#{SERVER_ADDR}/32")
      out, err, status = Open3.capture3("ip", "netns", "exec", BROWSER_NS, "ss", "-K", "dst", SERVER_ADDR)
      raise Error, "`ss -K dst #{SERVER_ADDR}` failed: #{err.strip}#{out.strip}" unless status.success?
    end

    # Undoes whichever cut is in place.
    def restore!
      system("ip", "-n", BROWSER_NS, "route", "del", "unreachable", "#{SERVER_ADDR}/32", err: File::NULL)
      online!
    end

    def running?(ns, dev)
      out = ip("-n", ns, "-o", "link", "show", dev)
      flags = out[/<([^>]*)>/, 1].to_s.split(",")
      flags.include?("UP") && flags.include?("LOWER_UP") && !flags.include?("NO-CARRIER") && out.include?(" state UP ")
    end

    def wait_for_carrier
      started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
      until running?(BROWSER_NS, VETH_BROWSER) && running?(SERVER_NS, VETH_SERVER)
        if Process.clock_gettime(Process::CLOCK_MONOTONIC) - started > CARRIER_TIMEOUT_S
          raise Error, "the veth pair got no carrier within #{CARRIER_TIMEOUT_S} s"
        end
        sleep 0.01
      end
    end
  end

  # DevTools network emulation: only where namespaces cannot be made. It says so, because
  # emulation fires a phantom `online` as a page unloads (the emulated-online finding) and
  # drifts more than the real cut.
  module EmulatedCut
    module_function

    def offline!(driver)
      warn "turbo_replay: DevTools emulation, not a real cut (no network namespaces here): expect emulated-online findings"
      driver.browser.network_conditions = { offline: true, latency: 0, throughput: 0 }
    end

    def online!(driver)
      driver.browser.network_conditions = { offline: false, latency: 0, throughput: 0 }
    end
  end
end
