require "minitest/autorun"
require "tmpdir"
require "turbo_replay"

# The assertion and the matcher, with a stand-in turbo-replay (TURBO_REPLAY is read when the
# gem loads, so the stand-in is swapped in through Assertions.check) and a stand-in page.
class AssertionsTest < Minitest::Test
  FakePage = Struct.new(:text) do
    def evaluate_script(_script) = { "gone" => false, "text" => text }
  end

  DIFF = <<~OUT.freeze
    FAIL golden.jsonl: the page's own banner (seen) disagrees with the replay
         first: The contract shows “Sin conexión” at 1819.3 (offline); the page showed it at 2521.2, 701.9 ms late.
         fit: This page's banner behaves like debounceMs 1500.
    0 passed, 1 failed
  OUT

  class Host
    include Minitest::Assertions
    include TurboReplay::Assertions
    attr_accessor :assertions

    def initialize = @assertions = 0
  end

  def with_check(ok, out)
    calls = []
    original = TurboReplay::Assertions.method(:check)
    TurboReplay::Assertions.define_singleton_method(:check) do |path, tolerance_ms:|
      calls << [path, tolerance_ms]
      [ok, out]
    end
    yield calls
  ensure
    TurboReplay::Assertions.define_singleton_method(:check, original)
  end

  def test_a_failing_check_fails_the_test_with_the_golden_the_tolerance_and_the_diff
    Dir.mktmpdir do |dir|
      with_check(false, DIFF) do |calls|
        error = assert_raises(Minitest::Assertion) do
          Host.new.assert_banner_timeline(FakePage.new("{}\n"), "#{dir}/golden", tolerance_ms: 600)
        end
        assert_equal "the banner's timeline differs from #{dir}/golden.expected.jsonl (tolerance 600 ms):\n#{DIFF}",
                     error.message
        assert_equal [["#{dir}/golden.jsonl", 600]], calls
        assert_equal "{}\n", File.read("#{dir}/golden.jsonl"), "the recording is written beside its golden"
      end
    end
  end

  def test_a_passing_check_passes
    Dir.mktmpdir do |dir|
      with_check(true, "1 passed, 0 failed\n") do
        host = Host.new
        host.assert_banner_timeline(FakePage.new("{}\n"), "#{dir}/golden")
        assert_equal 1, host.assertions
      end
    end
  end

  def test_the_matcher_matches_when_the_check_passes_and_explains_when_it_does_not
    Dir.mktmpdir do |dir|
      matcher = Object.new.extend(TurboReplay::Matchers).match_banner_timeline("#{dir}/golden", tolerance_ms: 80)
      with_check(true, "") { |calls| assert matcher.matches?(FakePage.new("{}\n")); assert_equal 80, calls[0][1] }
      with_check(false, DIFF) { refute matcher.matches?(FakePage.new("{}\n")) }
      assert_includes matcher.failure_message, "the banner's timeline differs from #{dir}/golden.expected.jsonl (tolerance 80 ms)"
      assert_includes matcher.failure_message, "behaves like debounceMs 1500"
    end
  end

  def test_the_check_runs_turbo_replay_with_the_tolerance
    Dir.mktmpdir do |dir|
      fake = File.join(dir, "turbo-replay")
      File.write(fake, "#!/bin/sh\necho \"$@\"\nexit 1\n")
      File.chmod(0o755, fake)
      ok, out = TurboReplay::Assertions.check("r.jsonl", tolerance_ms: 25, binary: fake)
      refute ok
      assert_equal "check --tolerance-ms 25 r.jsonl\n", out
    end
  end
end
