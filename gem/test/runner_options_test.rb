require "minitest/autorun"
require "rbconfig"
require "tmpdir"
require "turbo_replay/runner_options"

# bin/turbo-replay-system-test reads its own options only before `--`: the parser alone, then
# the runner itself with stand-ins for `ip`, `curl`, `bin/rails` and the test command, which
# say what they were given.
class RunnerOptionsTest < Minitest::Test
  Options = TurboReplay::RunnerOptions
  RUNNER = File.expand_path("../bin/turbo-replay-system-test", __dir__)

  def test_a_port_after_the_separator_is_the_test_commands
    parsed = Options.parse(%w[-- mytest --port 9999])
    assert_equal "3000", parsed.port
    assert_equal %w[mytest --port 9999], parsed.command
  end

  def test_the_runners_port_is_read_before_the_separator
    assert_equal "4001", Options.parse(%w[--port 4001 -- bin/rails test:system]).port
    assert_equal "4002", Options.parse(%w[--port=4002 -- mytest --port 9999]).port
    assert_equal %w[mytest --port 9999], Options.parse(%w[--port=4002 -- mytest --port 9999]).command
  end

  def test_the_first_word_that_is_not_an_option_starts_the_command
    parsed = Options.parse(%w[mytest --port 9999 -- --help])
    assert_equal ["3000", %w[mytest --port 9999 -- --help]], [parsed.port, parsed.command]
    refute parsed.help
    assert_equal %w[-x], Options.parse(%w[-- -x]).command
  end

  def test_help_only_before_the_separator
    assert Options.parse(%w[--help]).help
    refute Options.parse(%w[-- mytest --help]).help
  end

  def test_usage_errors
    assert_raises(Options::UsageError) { Options.parse([]) }
    assert_raises(Options::UsageError) { Options.parse(%w[--]) }
    assert_raises(Options::UsageError) { Options.parse(%w[--port]) }
    assert_raises(Options::UsageError) { Options.parse(%w[--port 0 -- t]) }
    assert_raises(Options::UsageError) { Options.parse(%w[--port 65536 -- t]) }
    assert_raises(Options::UsageError) { Options.parse(%w[--port abc -- t]) }
    assert_raises(Options::UsageError) { Options.parse(%w[--verbose -- t]) }
  end

  def test_the_runner_exits_64_on_a_usage_error_before_touching_the_network
    Dir.mktmpdir do |dir|
      log = File.join(dir, "ip.log")
      stand_ins(dir, log)
      [%w[--port], %w[--port 9999], %w[--bogus -- t]].each do |argv|
        assert_equal 64, run_runner(dir, argv).exitstatus, argv.inspect
      end
      refute File.exist?(log), "the runner ran `ip` before reading its options"
    end
  end

  def test_the_runner_serves_on_its_port_and_passes_the_commands_port_through
    Dir.mktmpdir do |dir|
      stand_ins(dir, File.join(dir, "ip.log"))
      status = run_runner(dir, %w[-- mytest --port 9999])
      assert status.success?, File.read(File.join(dir, "ip.log"))
      server = File.read(File.join(dir, "rails.args")).split("\n")
      assert_equal "3000", server[server.index("-p") + 1]
      assert_equal %w[--port 9999], File.read(File.join(dir, "mytest.args")).split("\n")
      status = run_runner(dir, %w[--port 4100 -- mytest --port 9999])
      assert status.success?
      server = File.read(File.join(dir, "rails.args")).split("\n")
      assert_equal "4100", server[server.index("-p") + 1]
      assert_equal %w[--port 9999], File.read(File.join(dir, "mytest.args")).split("\n")
    end
  end

  private

  # `ip` runs `netns exec NS CMD…` as CMD… and says every link is up; `curl` finds the server
  # answering; `bin/rails` and `mytest` write their arguments, one a line.
  def stand_ins(dir, log)
    bin = File.join(dir, "stand-ins")
    Dir.mkdir(bin)
    Dir.mkdir(File.join(dir, "bin"))
    script(File.join(bin, "ip"), <<~SH)
      echo "$*" >> #{log}
      if [ "$1" = netns ] && [ "$2" = exec ]; then shift 3; exec "$@"; fi
      case " $* " in *" link show "*) echo "2: trb: <BROADCAST,UP,LOWER_UP> mtu 1500 state UP mode DEFAULT" ;; esac
      exit 0
    SH
    script(File.join(bin, "curl"), "exit 0\n")
    script(File.join(bin, "mytest"), "printf '%s\\n' \"$@\" > #{File.join(dir, 'mytest.args')}\n")
    script(File.join(dir, "bin", "rails"), "printf '%s\\n' \"$@\" > #{File.join(dir, 'rails.args')}\nexec sleep 30\n")
  end

  def script(path, body)
    File.write(path, "#!/bin/sh\n#{body}")
    File.chmod(0o755, path)
  end

  def run_runner(dir, argv)
    env = { "PATH" => "#{File.join(dir, 'stand-ins')}:#{ENV.fetch('PATH')}" }
    system(env, RbConfig.ruby, RUNNER, *argv, chdir: dir, out: File::NULL, err: File::NULL)
    $?
  end
end
