require "fileutils"
require "rbconfig"
require "socket"
require "tmpdir"

module TurboReplay
  class Runner
    # One run: the cut made, the app's server started, the test command run, and everything
    # removed after, whether the tests passed, failed, the setup failed half-way, or a signal
    # (INT, TERM, HUP) came.
    class Session
      GRACE_S = 5

      def initialize(mode:, run_id:, port:, command:, tools:, err:)
        @mode = mode
        @run = run_id
        @port = port
        @command = command
        @tools = tools
        @err = err
        @lane = Lane.new(run: run_id, number: 0)
        @log = "log/turbo-replay-server.#{run_id}.log"
      end

      def run
        scratch = Dir.mktmpdir("turbo-replay-run-")
        status = nil
        begin
          set_up
          @server = start_server(File.join(scratch, "server.pid"))
          wait_for_server
          warm_up
          status = run_command
        ensure
          tear_down
          FileUtils.rm_rf(scratch)
          FileUtils.rm_f(@log) if status&.zero?
        end
        status
      end

      private

      def emulated? = @mode == "emulated"

      def say(line) = @err.puts("#{NAME}: #{line}")

      def set_up
        if emulated?
          port_free!
          say "DevTools emulation on request (--cut emulated): not a real cut; the server on 127.0.0.1:#{@port}"
          return
        end
        remove_stale if @mode == "root"
        @made = true
        NetworkCut.make_server!(@run)
        NetworkCut.make_lane!(@lane)
        how = @mode == "root" ? "as root" : "in a user namespace of its own (no root needed)"
        say "the real cut #{how}: the server in #{@lane.server_ns} at #{@lane.server_addr}:#{@port}, the tests in " \
            "#{@lane.browser_ns} (#{@lane.browser_addr}); a parallel worker N gets #{Lane::PREFIX}#{@run}-bN+1 and a /30 of its own"
      rescue NetworkCut::Error => e
        raise Stop.new("could not make the cut: #{e.message}", EX_SOFTWARE)
      end

      # Namespaces whose runner is gone (killed with -9) are removed, with what ran in them.
      def remove_stale
        NetworkCut.stale_runs.each do |run, names|
          NetworkCut.remove_run!(run, names)
          say "removed #{names.sort.join(', ')}, left by a run that was killed (pid #{run} is gone)"
        end
      end

      def port_free!
        TCPServer.new("127.0.0.1", Integer(@port)).close
      rescue Errno::EADDRINUSE
        raise Stop, "port #{@port} is in use on this host (with --cut emulated the server listens on 127.0.0.1): " \
                    "pass --port with another"
      end

      def inside(lane_ns) = emulated? ? [] : ["ip", "netns", "exec", lane_ns]

      def start_server(pid_file)
        FileUtils.mkdir_p("log")
        bind = emulated? ? "127.0.0.1" : "0.0.0.0"
        Process.spawn(child_env, *inside(@lane.server_ns), "bin/rails", "server", "-e", "test", "-b", bind, "-p", @port,
                      "-P", pid_file, out: @log, err: %i[child out], pgroup: true)
      end

      def wait_for_server
        deadline = Process.clock_gettime(Process::CLOCK_MONOTONIC) + SERVER_START_S
        until listening?
          if Process.wait(@server, Process::WNOHANG)
            @server = nil
            raise Stop, server_failed
          end
          if Process.clock_gettime(Process::CLOCK_MONOTONIC) > deadline
            raise Stop, "the server did not listen on port #{@port} within #{SERVER_START_S} s (#{@log})"
          end
          sleep 0.2
        end
      end

      # One request before the tests, from the browser's side: the first request of a fresh
      # server loads the app's code and compiles its assets, seconds that would otherwise land
      # inside the first test's recording and move every time in it.
      def warm_up
        probe = "require 'net/http'; Net::HTTP.start(ARGV[0], ARGV[1].to_i, open_timeout: 5, read_timeout: 60) " \
                "{ |http| http.get('/') }"
        host = emulated? ? "127.0.0.1" : @lane.server_addr
        return if system(*inside(@lane.browser_ns), RbConfig.ruby, "-e", probe, host, @port.to_s, out: File::NULL, err: File::NULL)

        say "the warm-up request to http://#{host}:#{@port}/ failed (#{@log} says why); running the tests anyway"
      end

      def listening?
        out = IO.popen([*inside(@lane.server_ns), "ss", "-Hltn", "sport", "=", ":#{@port}"], err: File::NULL, &:read)
        !out.strip.empty?
      rescue Errno::ENOENT
        emulated? && begin
          TCPSocket.new("127.0.0.1", Integer(@port)).close
          true
        rescue SystemCallError
          false
        end
      end

      def server_failed
        log = File.exist?(@log) ? File.read(@log) : ""
        return "port #{@port} is in use: pass --port with another" if log.include?("Address already in use")

        tail = log.lines.last(20).join
        "the server exited at start (#{@log}):\n#{tail}"
      end

      def run_command
        host = emulated? ? "http://127.0.0.1:#{@port}" : "http://#{@lane.server_addr}:#{@port}"
        env = child_env.merge(@lane.to_env, "TURBO_REPLAY_APP_HOST" => host, "TURBO_REPLAY_PORT" => @port.to_s,
                              "TURBO_REPLAY_CUT" => @mode)
        @test = Process.spawn(env, *inside(@lane.browser_ns), *@command, pgroup: true)
        _, status = Process.wait2(@test)
        @test = nil
        status.exitstatus || 128 + status.termsig.to_i
      rescue Errno::ENOENT => e
        raise Stop.new("cannot run the test command: #{e.message.sub(/ - .*\z/, '')}", EX_USAGE)
      end

      def child_env
        @tools.merge(IN_USERNS => nil, "TURBO_REPLAY_OUTER_PID" => nil)
      end

      # The test command's process group and the server's, then whatever is left in the run's
      # namespaces, then the namespaces: a veth goes with its namespace, a route with its link.
      def tear_down
        stop_group(@test)
        stop_group(@server)
        NetworkCut.remove_run!(@run) if @made
      end

      def stop_group(pid)
        return unless pid

        signal_group("TERM", pid)
        deadline = Process.clock_gettime(Process::CLOCK_MONOTONIC) + GRACE_S
        until Process.wait(pid, Process::WNOHANG)
          if Process.clock_gettime(Process::CLOCK_MONOTONIC) > deadline
            signal_group("KILL", pid)
            Process.wait(pid)
            break
          end
          sleep 0.05
        end
        signal_group("KILL", pid) # what it started and left behind in its group
      rescue Errno::ECHILD
        nil
      end

      def signal_group(signal, pid)
        Process.kill(signal, -pid)
      rescue Errno::ESRCH, Errno::EPERM
        nil
      end
    end
  end
end
