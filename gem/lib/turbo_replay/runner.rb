require "fileutils"
require "rbconfig"
require "tmpdir"
require "turbo_replay/binary"
require "turbo_replay/browser"
require "turbo_replay/lane"
require "turbo_replay/network_cut"
require "turbo_replay/privilege"
require "turbo_replay/runner_options"

module TurboReplay
  # bin/turbo-replay-system-test: checks what the run needs, makes the cut, starts the app's
  # server with `-e test` in the server's namespace, runs the test command in lane 0's, and
  # removes every namespace, route and process it made however it ends. Anything that stops it
  # before the tests is one line on standard error and a sysexits status, never a backtrace.
  class Runner
    NAME = "turbo-replay-system-test".freeze
    EX_USAGE = 64
    EX_UNAVAILABLE = 69
    EX_SOFTWARE = 70
    # Set in the runner's own environment once it runs inside the user namespace it made.
    IN_USERNS = "TURBO_REPLAY_IN_USERNS".freeze
    SERVER_START_S = 90

    # A reason to stop before the tests, said in one line.
    class Stop < StandardError
      attr_reader :status

      def initialize(message, status = EX_UNAVAILABLE)
        super(message)
        @status = status
      end
    end

    def self.main(argv, env: ENV, out: $stdout, err: $stderr)
      stop_once_on_signals
      new(argv, env: env, out: out, err: err).run
    rescue Stop => e
      err.puts "#{NAME}: #{e.message}"
      e.status
    rescue SignalException => e
      # Everything it made was removed on the way out (Session#tear_down).
      err.puts "#{NAME}: stopped by SIG#{Signal.signame(e.signo)}; the namespaces, the server and the tests are gone"
      128 + e.signo
    end

    # INT, TERM and HUP unwind the run once, through its clean-up; one that comes again while
    # it cleans up (a terminal's Ctrl-C reaches this process directly and through its parent)
    # is not let cut the clean-up short.
    def self.stop_once_on_signals
      stopping = false
      %w[INT TERM HUP].each do |name|
        Signal.trap(name) do
          next if stopping

          stopping = true
          raise SignalException, name
        end
      end
    end

    def initialize(argv, env:, out:, err:)
      @argv = argv
      @env = env
      @out = out
      @err = err
    end

    def run
      options = parse
      return help if options.help

      inside = @env[IN_USERNS] == "1"
      tools = preflight(options.cut) unless inside
      mode = inside ? "userns" : choose_cut(options.cut)
      return run_in_userns if mode == "userns" && !inside

      tools ||= preflight(options.cut, quiet: true)
      run_id = inside ? Integer(@env.fetch("TURBO_REPLAY_OUTER_PID")) : Process.pid
      prepare_userns_mounts if inside
      Session.new(mode: mode, run_id: run_id, port: options.port, command: options.command, tools: tools,
                  err: @err).run
    end

    private

    def parse
      RunnerOptions.parse(@argv)
    rescue RunnerOptions::UsageError => e
      raise Stop.new(e.message, EX_USAGE)
    end

    def help
      @out.puts File.read(File.expand_path("../../bin/turbo-replay-system-test", __dir__))
                    .lines.drop(1).take_while { _1.start_with?("#") }.map { _1.sub(/^# ?/, "") }
      0
    end

    # What the run needs, each said in one line before anything is made: the app's bin/rails,
    # Chromium, chromedriver, a turbo-replay that runs, and for the real cut `ip` and `ss`.
    # Returns what it found, for the tests' environment.
    def preflight(cut, quiet: false)
      raise Stop, "no bin/rails in #{Dir.pwd}: run it from the app's root" unless File.executable?("bin/rails")

      unless cut == "emulated"
        %w[ip ss].each do |tool|
          next if Browser.find([tool], @env)

          raise Stop, "no `#{tool}` on PATH: the real cut needs iproute2 (Debian and Ubuntu: apt-get install iproute2)"
        end
      end
      chromium = Browser.chromium!(@env)
      chromedriver = Browser.chromedriver!(@env)
      binary = Binary.path!(env: @env)
      version = Binary.probe!(binary)
      @err.puts "#{NAME}: #{version} (#{binary}), Chromium #{chromium}, chromedriver #{chromedriver}" unless quiet
      { "TURBO_REPLAY" => binary, "CHROMIUM" => chromium, "CHROMEDRIVER" => chromedriver }
    rescue Browser::Missing, Binary::Missing => e
      raise Stop, e.message
    end

    # The cut asked for, or for `auto` the first that works: root's named namespaces, then a
    # user namespace. DevTools emulation only when asked for by name.
    def choose_cut(cut)
      return "emulated" if cut == "emulated"

      root = Privilege.root_reason
      return "root" if root.nil? && cut != "userns"
      raise Stop, "--cut root: network namespaces need root with CAP_SYS_ADMIN and CAP_NET_ADMIN (#{root})" if cut == "root"

      userns = Privilege.userns_reason
      return "userns" if userns.nil?
      raise Stop, "--cut userns: #{userns}" if cut == "userns"

      raise Stop, Privilege.unavailable_message(root, userns)
    end

    # Runs this runner again inside a user namespace with a network, mount and PID namespace of
    # its own, and waits for it. It is PID 1 there: when it ends, however it ends, the kernel
    # ends every process it started, and the namespaces and the tmpfs under /run go with them.
    # unshare ignores INT and TERM while it waits, so this process hands them on to the runner
    # inside; and unshare dies with this process (setpriv's parent-death signal), taking the
    # runner inside with it (--kill-child), so even a -9 here leaves nothing running.
    def run_in_userns
      env = { IN_USERNS => "1", "TURBO_REPLAY_OUTER_PID" => Process.pid.to_s }
      runner = File.expand_path("../../bin/turbo-replay-system-test", __dir__)
      guard = Browser.find(["setpriv"], @env) ? %w[setpriv --pdeathsig KILL] : []
      unshare = Process.spawn(env, *guard, *Privilege::USERNS, "--pid", "--fork", "--kill-child", "--mount-proc", "--",
                              RbConfig.ruby, runner, *@argv)
      %w[INT TERM HUP].each { |name| Signal.trap(name) { hand_on(name, unshare) } }
      _, status = Process.wait2(unshare)
      status.exitstatus || 128 + status.termsig.to_i
    end

    # The signal, to the runner inside (unshare's child), or to unshare before it has one.
    def hand_on(name, unshare)
      children = File.read("/proc/#{unshare}/task/#{unshare}/children").split.map(&:to_i)
      Process.kill(name, children.first || unshare)
    rescue SystemCallError
      nil
    end

    # `ip netns` keeps its namespaces under /run/netns, which only root may create: in the
    # user namespace's own mount namespace a tmpfs takes its place (over /run when /run/netns
    # does not exist yet), seen by nothing outside.
    def prepare_userns_mounts
      target = File.directory?("/run/netns") ? "/run/netns" : "/run"
      ok = system("mount", "-t", "tmpfs", "-o", "mode=755", "turbo-replay", target, err: File::NULL)
      raise Stop, "could not mount a tmpfs on #{target} in the user namespace" unless ok

      FileUtils.mkdir_p("/run/netns")
      @env.delete("XDG_RUNTIME_DIR") if target == "/run" && @env.respond_to?(:delete) # it was under /run
    end
  end
end

require "turbo_replay/runner_session"
