require "minitest/autorun"
require "rbconfig"
require "tmpdir"

# bin/turbo-replay-system-test itself, with stand-ins for what it runs: `ip` (which keeps the
# namespaces it was asked to make in a file, and fails where STAND_IN_FAIL says), `ss`,
# `unshare`, `mount`, Chromium, chromedriver, turbo-replay, the app's bin/rails and the test
# command. Each says what it was given. What must hold: every prerequisite said in one line
# before anything is made, the options before `--` only, every namespace removed however the
# run ends, stale ones removed and said, and the test command's status passed on.
class RunnerTest < Minitest::Test
  RUNNER = File.expand_path("../bin/turbo-replay-system-test", __dir__)

  def setup
    @dir = Dir.mktmpdir
    @bin = File.join(@dir, "stand-ins")
    Dir.mkdir(@bin)
    Dir.mkdir(File.join(@dir, "bin"))
    @log = File.join(@dir, "ip.log")
    @made = File.join(@dir, "namespaces")
    File.write(@made, "")
    stand_ins
  end

  def teardown = FileUtils.rm_rf(@dir)

  def test_a_usage_error_exits_64_before_touching_the_network
    [%w[--port], %w[--port 9999], %w[--bogus -- t], %w[--cut devtools -- t]].each do |argv|
      status, err = run_runner(argv)
      assert_equal 64, status, argv.inspect
      assert_equal 1, err.lines.size, err
    end
    refute File.exist?(@log), "the runner ran `ip` before reading its options"
  end

  def test_it_serves_on_its_port_runs_the_command_in_lane_0_and_removes_every_namespace
    status, err = run_runner(%w[--cut root -- mytest --port 9999])
    assert_equal 0, status, err
    server = lines("rails.args")
    assert_equal %w[server -e test -b 0.0.0.0 -p 3000], server.first(7), "rails server -e test, on every address of its namespace"
    assert_equal %w[--port 9999], lines("mytest.args"), "the command's own --port is the command's"
    env = File.read(File.join(@dir, "mytest.env"))
    run = env[/^TURBO_REPLAY_RUN=(\d+)$/, 1]
    assert run, env
    assert_includes env, "TURBO_REPLAY_LANE=0\n"
    assert_match(%r{^TURBO_REPLAY_APP_HOST=http://10\.\d+\.\d+\.1:3000$}, env)
    assert_includes env, "TURBO_REPLAY=#{File.join(@bin, 'turbo-replay')}\n", "the tests run the turbo-replay the runner checked"
    assert_includes File.read(@log), "netns exec trp-#{run}-b0 mytest --port 9999"
    assert_empty File.read(@made), "every namespace it made is gone"
    assert_includes File.read(@log), "netns del trp-#{run}-s"
    _, err = run_runner(%w[--cut root --port 4100 -- mytest])
    assert_equal "4100", lines("rails.args")[lines("rails.args").index("-p") + 1]
    refute_match(/Error|backtrace|\.rb:\d+/, err)
  end

  def test_the_command_status_is_the_runners_and_a_worker_lane_is_removed_too
    File.write(File.join(@bin, "mytest"), <<~SH)
      #!/bin/sh
      ip netns add "trp-$TURBO_REPLAY_RUN-b1"   # what a parallel worker makes for itself
      exit 3
    SH
    status, err = run_runner(%w[--cut root -- mytest])
    assert_equal 3, status, err
    assert_empty File.read(@made), "the worker's namespace is removed with the run's"
  end

  def test_each_missing_prerequisite_is_one_line_and_69_before_anything_is_made
    cases = {
      { "CHROMEDRIVER" => "" , "PATH_WITHOUT" => "chromedriver" } => "no chromedriver on PATH (nor CHROMEDRIVER): install it (Debian and Ubuntu: apt-get install chromium-driver)",
      { "CHROMIUM" => "", "PATH_WITHOUT" => "chromium" } => "no Chromium on PATH (nor CHROMIUM): install it (Debian and Ubuntu: apt-get install chromium)",
      { "PATH_WITHOUT" => "ip" } => "no `ip` on PATH: the real cut needs iproute2 (Debian and Ubuntu: apt-get install iproute2)",
      { "PATH_WITHOUT" => "ss" } => "no `ss` on PATH: the real cut needs iproute2 (Debian and Ubuntu: apt-get install iproute2)",
      { "TURBO_REPLAY" => "", "PATH_WITHOUT" => "turbo-replay" } => "no turbo-replay to run: this turbo_replay gem carries no turbo-replay binary",
    }
    cases.each do |env, message|
      status, err = run_runner(%w[--cut root -- mytest], env)
      assert_equal 69, status, "#{env}: #{err}"
      assert_equal 1, err.lines.size, err
      assert_includes err, "turbo-replay-system-test: #{message}"
    end
    refute File.exist?(@log), "nothing was made"
  end

  def test_a_turbo_replay_that_cannot_start_is_said_with_what_it_needs
    File.write(File.join(@bin, "turbo-replay"), "#!/bin/sh\necho 'turbo-replay: error while loading shared libraries: " \
                                                  "libjson-c.so.5: cannot open shared object file' >&2\nexit 127\n")
    status, err = run_runner(%w[--cut root -- mytest])
    assert_equal 69, status
    assert_includes err, "does not run: turbo-replay: error while loading shared libraries: libjson-c.so.5"
    assert_includes err, "apt-get install libjson-c5"
  end

  def test_no_bin_rails_is_said
    FileUtils.rm(File.join(@dir, "bin", "rails"))
    status, err = run_runner(%w[-- mytest])
    assert_equal [69, "turbo-replay-system-test: no bin/rails in #{@dir}: run it from the app's root\n"], [status, err]
  end

  def test_a_failure_while_making_the_cut_removes_what_was_made
    status, err = run_runner(%w[--cut root -- mytest], "STAND_IN_FAIL" => "type veth")
    assert_equal 70, status
    assert_match(/\Aturbo-replay-system-test: could not make the cut: `ip -n trp-\d+-b0 link add trb0 type veth/, err.lines.last)
    assert_empty File.read(@made), "the namespaces made before the failure are gone"
    refute File.exist?(File.join(@dir, "mytest.args")), "no test ran"
  end

  def test_namespaces_a_killed_run_left_are_removed_and_said
    File.write(@made, "trp-999999999-s\ntrp-999999999-b0\nturbo-e2e-1-b\n")
    status, err = run_runner(%w[--cut root -- mytest])
    assert_equal 0, status, err
    assert_includes err, "removed trp-999999999-b0, trp-999999999-s, left by a run that was killed (pid 999999999 is gone)"
    assert_equal "turbo-e2e-1-b\n", File.read(@made), "another tool's namespace is not ours to remove"
  end

  def test_a_server_that_cannot_listen_because_the_port_is_taken_is_said
    File.write(File.join(@dir, "bin", "rails"), "#!/bin/sh\necho 'Address already in use - bind(2) for \"0.0.0.0\" port 3000 (Errno::EADDRINUSE)'\nexit 1\n")
    File.write(File.join(@bin, "ss"), "#!/bin/sh\nexit 0\n") # nothing listens
    status, err = run_runner(%w[--cut root -- mytest])
    assert_equal 69, status
    assert_equal "turbo-replay-system-test: port 3000 is in use: pass --port with another\n", err.lines.last
    assert_empty File.read(@made)
  end

  def test_without_root_or_user_namespaces_it_stops_in_one_line_naming_both
    File.write(File.join(@bin, "unshare"), "#!/bin/sh\necho 'unshare: unshare failed: Operation not permitted' >&2\nexit 1\n")
    status, err = run_runner(%w[-- mytest], "STAND_IN_UID" => "1000", "STAND_IN_UID_AS_NOBODY" => "1")
    skip "runs as root to be turned into a user: #{err}" if status == :not_root
    assert_equal 69, status, err
    last = err.lines.last
    assert_includes last, "cannot cut the network here. Tried: network namespaces as root (not root (uid 65534)) and a user namespace " \
                          "(unshare --user --map-root-user --net --mount: unshare: unshare failed: Operation not permitted)"
    assert_includes last, "docker run --privileged"
    assert_includes last, "GitHub Actions: sudo"
    assert_includes last, "--cut emulated"
    refute File.exist?(@log)
  end

  private

  def lines(name) = File.read(File.join(@dir, name)).split("\n")

  # A folder with only the system's tools the stand-ins and the runner use, none of the ones
  # a test leaves out (/bin is /usr/bin on Debian: PATH cannot be narrowed otherwise).
  def system_tools
    tools = File.join(@dir, "system")
    return tools if File.directory?(tools)

    Dir.mkdir(tools)
    %w[sh cat grep mv env sleep setpriv printf].each do |tool|
      found = ENV.fetch("PATH").split(":").map { File.join(_1, tool) }.find { File.executable?(_1) }
      File.symlink(found, File.join(tools, tool)) if found
    end
    File.symlink(RbConfig.ruby, File.join(tools, File.basename(RbConfig.ruby)))
    tools
  end

  # `ip` keeps the namespaces in a file, runs `netns exec NS CMD…` as CMD…, says every link is
  # up, and fails any command containing STAND_IN_FAIL; `ss` says the port listens; `unshare`
  # and `mount` succeed (a user namespace that works); `bin/rails` and `mytest` write what they
  # were given.
  def stand_ins
    script(File.join(@bin, "ip"), <<~SH)
      echo "$*" >> #{@log}
      if [ -n "$STAND_IN_FAIL" ]; then case "$*" in *"$STAND_IN_FAIL"*) echo "RTNETLINK answers: Operation not permitted" >&2; exit 2 ;; esac; fi
      case "$1 $2" in
        "netns add") echo "$3" >> #{@made}; exit 0 ;;
        "netns del") grep -vx "$3" #{@made} > #{@made}.new; mv #{@made}.new #{@made}; exit 0 ;;
        "netns list") cat #{@made}; exit 0 ;;
        "netns pids") exit 0 ;;
        "netns exec") shift 3; case "$*" in *Net::HTTP*) exit 0 ;; esac; exec "$@" ;;
      esac
      case " $* " in *" link show "*) echo "2: trb0: <BROADCAST,UP,LOWER_UP> mtu 1500 state UP mode DEFAULT" ;; esac
      exit 0
    SH
    script(File.join(@bin, "ss"), "echo 'LISTEN 0 1024 0.0.0.0:3000 0.0.0.0:*'\n")
    script(File.join(@bin, "unshare"), "exit 0\n")
    script(File.join(@bin, "mount"), "exit 0\n")
    script(File.join(@bin, "chromium"), "exit 0\n")
    script(File.join(@bin, "chromedriver"), "exit 0\n")
    script(File.join(@bin, "turbo-replay"), "echo 'turbo-replay 0.7.0 (stand-in)'\n")
    script(File.join(@bin, "mytest"), "printf '%s\\n' \"$@\" > #{File.join(@dir, 'mytest.args')}\nenv > #{File.join(@dir, 'mytest.env')}\n")
    script(File.join(@dir, "bin", "rails"), "printf '%s\\n' \"$@\" > #{File.join(@dir, 'rails.args')}\nexec sleep 30\n")
  end

  def script(path, body)
    File.write(path, "#!/bin/sh\n#{body}")
    File.chmod(0o755, path)
  end

  # Runs the runner in the stand-ins' folder; PATH_WITHOUT leaves that stand-in out of PATH
  # (and the system's own directories too, so that no real one is found instead). Returns its
  # status and standard error.
  def run_runner(argv, extra = {})
    extra = extra.dup
    without = extra.delete("PATH_WITHOUT")
    as_nobody = extra.delete("STAND_IN_UID_AS_NOBODY")
    extra.delete("STAND_IN_UID")
    FileUtils.rm_f(File.join(@bin, without)) if without
    path = without ? "#{@bin}:#{system_tools}" : "#{@bin}:#{ENV.fetch('PATH')}"
    env = { "PATH" => path, "CHROMIUM" => File.join(@bin, "chromium"), "CHROMEDRIVER" => File.join(@bin, "chromedriver"),
            "TURBO_REPLAY" => File.join(@bin, "turbo-replay") }.merge(extra)
    command = [RbConfig.ruby, RUNNER, *argv]
    if as_nobody
      return [:not_root, "not root"] unless Process.euid.zero?

      FileUtils.chmod_R(0o777, @dir)
      command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]
    end
    err_path = File.join(@dir, "err")
    system(env, *command, chdir: @dir, out: File::NULL, err: err_path)
    [$?.exitstatus, File.read(err_path)]
  ensure
    stand_ins if without
  end
end
