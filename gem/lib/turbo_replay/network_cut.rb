require "open3"
require "turbo_replay/lane"
require "turbo_replay/netns"

module TurboReplay
  # The network cut at the OS level. bin/turbo-replay-system-test makes the run's namespaces:
  # the app's server in one, the test process (and a serial run's browser) in lane 0's. A
  # parallel test worker joins a lane of its own (`join_worker!`). In a lane, `offline!` takes
  # the browser's end of its veth down, so Chromium sees its link go and fires `offline`;
  # `dead_upstream!` keeps the link up (navigator.onLine stays true) and makes the server
  # unreachable with a route, so every connection fails at once (EHOSTUNREACH), with no packet
  # filter. Needs iproute2's `ip` and `ss`, and the privilege the runner found (root, or a user
  # namespace).
  #
  # Under `--cut emulated` there are no namespaces: `offline!` and `online!` use DevTools
  # emulation (EmulatedCut), and say so.
  module NetworkCut
    # The kernel may report the carrier up to a second after `ip link set … up`; a page loaded
    # before it starts offline (e2e/netns.py measured 0.8 s). Wait for it, bounded.
    CARRIER_TIMEOUT_S = 5.0

    class Error < StandardError; end

    module_function

    # This process's lane: the one it joined, or the runner's (lane 0).
    def lane
      @lane ||= Lane.from_env or raise Error, "no lane: run the tests under turbo-replay-system-test, which makes the cut " \
                                               "(TURBO_REPLAY_RUN is not set)"
    end

    def emulated? = ENV["TURBO_REPLAY_CUT"] == "emulated"

    # Where the app answers this process's browser.
    def app_host(port = ENV.fetch("TURBO_REPLAY_PORT", "3000"))
      emulated? ? "http://127.0.0.1:#{port}" : "http://#{lane.server_addr}:#{port}"
    end

    def ip(*args)
      out, err, status = Open3.capture3("ip", *args)
      raise Error, "`ip #{args.join(' ')}` failed: #{err.strip}" unless status.success?

      out
    end

    def offline!
      return EmulatedCut.offline! if emulated?

      ip("-n", lane.browser_ns, "link", "set", lane.veth_browser, "down")
    end

    # Returns once the link runs again: the page's `online` comes with the carrier.
    def online!
      return EmulatedCut.online! if emulated?

      ip("-n", lane.browser_ns, "link", "set", lane.veth_browser, "up")
      wait_for_carrier(lane)
    end

    # The route fails every new connection at once. A connection the browser already holds
    # (keep-alive, from loading the page) would not fail: its packets are retransmitted into
    # the route for minutes, and a submit on it hung past 10 s. So those are aborted too, as a
    # server going away would: `ss -K` (iproute2; the kernel's sock_diag destroy).
    def dead_upstream!
      raise Error, "a dead upstream needs the real cut (an unreachable route); DevTools emulation has none" if emulated?

      ip("-n", lane.browser_ns, "route", "add", "unreachable", "#{lane.server_addr}/32")
      out, err, status = Open3.capture3("ip", "netns", "exec", lane.browser_ns, "ss", "-K", "dst", lane.server_addr)
      raise Error, "`ss -K dst #{lane.server_addr}` failed: #{err.strip}#{out.strip}" unless status.success?
    end

    # Undoes whichever cut is in place.
    def restore!
      return (EmulatedCut.online! if EmulatedCut.offline?) if emulated?

      system("ip", "-n", lane.browser_ns, "route", "del", "unreachable", "#{lane.server_addr}/32", err: File::NULL)
      online!
    end

    # A parallel test worker (Rails' `parallelize`, forked from the test process) makes lane
    # `worker + 1` and moves its main thread into it, so the chromedriver and Chromium it starts
    # live there and its cut is its own. Returns the lane.
    def join_worker!(worker)
      return nil if emulated?

      joined = Lane.new(run: lane.run, number: worker + 1)
      make_lane!(joined)
      Netns.enter!(joined.browser_ns)
      @lane = joined
    end

    # The run's server namespace.
    def make_server!(run)
      ns = Lane.server_ns(run)
      ip("netns", "add", ns)
      ip("-n", ns, "link", "set", "lo", "up")
    end

    # A browser namespace and its veth pair into the server's, running.
    def make_lane!(lane)
      ip("netns", "add", lane.browser_ns)
      ip("-n", lane.browser_ns, "link", "set", "lo", "up")
      ip("-n", lane.browser_ns, "link", "add", lane.veth_browser, "type", "veth", "peer", "name", lane.veth_server,
         "netns", lane.server_ns)
      ip("-n", lane.server_ns, "addr", "add", "#{lane.server_addr}/30", "dev", lane.veth_server)
      ip("-n", lane.browser_ns, "addr", "add", "#{lane.browser_addr}/30", "dev", lane.veth_browser)
      ip("-n", lane.server_ns, "link", "set", lane.veth_server, "up")
      ip("-n", lane.browser_ns, "link", "set", lane.veth_browser, "up")
      wait_for_carrier(lane)
    end

    # The names `ip netns list` gives.
    def namespaces
      out, status = Open3.capture2("ip", "netns", "list", err: File::NULL)
      status.success? ? out.lines.map { _1.split.first }.compact : []
    end

    # Ends every process left in the run's namespaces, then deletes them (a veth goes with its
    # namespace, a route with its link). Returns the names it deleted.
    def remove_run!(run, names = namespaces)
      mine = Lane.namespaces_of(run, names)
      mine.each do |ns|
        out, = Open3.capture2("ip", "netns", "pids", ns, err: File::NULL)
        out.split.map(&:to_i).each { |pid| Process.kill("KILL", pid) rescue nil } # rubocop:disable Style/RescueModifier
      end
      mine.each { |ns| system("ip", "netns", "del", ns, err: File::NULL) }
      mine
    end

    # Runs of earlier runners whose process is gone (killed with -9): `{run => [names]}`.
    def stale_runs(names = namespaces, alive: ->(pid) { File.exist?("/proc/#{pid}") })
      Lane.runs_in(names).reject { |run, _| alive.call(run) }
    end

    def running?(ns, dev)
      out = ip("-n", ns, "-o", "link", "show", dev)
      flags = out[/<([^>]*)>/, 1].to_s.split(",")
      flags.include?("UP") && flags.include?("LOWER_UP") && !flags.include?("NO-CARRIER") && out.include?(" state UP ")
    end

    def wait_for_carrier(lane)
      started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
      until running?(lane.browser_ns, lane.veth_browser) && running?(lane.server_ns, lane.veth_server)
        if Process.clock_gettime(Process::CLOCK_MONOTONIC) - started > CARRIER_TIMEOUT_S
          raise Error, "the veth pair #{lane.veth_browser}/#{lane.veth_server} got no carrier within #{CARRIER_TIMEOUT_S} s"
        end
        sleep 0.01
      end
    end
  end

  # DevTools network emulation, only on explicit request (`--cut emulated`): it says so,
  # because emulation fires a phantom `online` as a page unloads (the emulated-online finding)
  # and drifts more than the real cut.
  module EmulatedCut
    module_function

    def offline!(driver = Capybara.current_session.driver)
      unless @warned
        warn "turbo_replay: DevTools emulation, not a real cut (--cut emulated): expect emulated-online findings"
        @warned = true
      end
      driver.browser.network_conditions = { offline: true, latency: 0, throughput: 0 }
      @offline = true
    end

    def online!(driver = Capybara.current_session.driver)
      driver.browser.network_conditions = { offline: false, latency: 0, throughput: 0 }
      @offline = false
    end

    def offline? = @offline == true
  end
end
