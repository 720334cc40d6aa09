require "minitest/autorun"
require "turbo_replay/runner_options"

# bin/turbo-replay-system-test reads its own options only before `--` (runner_test.rb runs the
# runner itself).
class RunnerOptionsTest < Minitest::Test
  Options = TurboReplay::RunnerOptions

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

  def test_the_cut_is_one_of_four_and_auto_by_default
    assert_equal "auto", Options.parse(%w[-- t]).cut
    assert_equal %w[userns emulated], [Options.parse(%w[--cut userns -- t]).cut, Options.parse(%w[--cut=emulated -- t]).cut]
    assert_equal %w[t --cut root], Options.parse(%w[-- t --cut root]).command, "after -- it is the command's"
    error = assert_raises(Options::UsageError) { Options.parse(%w[--cut devtools -- t]) }
    assert_equal "--cut takes auto, root, userns, emulated (got 'devtools')", error.message
    assert_raises(Options::UsageError) { Options.parse(%w[--cut]) }
  end
end
