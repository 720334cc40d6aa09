require "minitest/autorun"
require "tmpdir"
require "turbo_replay"

# The assertion and the matcher, with a stand-in turbo-replay (swapped in through
# Assertions.check) and a stand-in page: which check failed is the failure's first line.
class AssertionsTest < Minitest::Test
  FakePage = Struct.new(:text) do
    def evaluate_script(_script) = { "gone" => false, "text" => text }
  end

  SEEN = %({"type":"meta","version":1}\n{"t":1,"type":"connect"}\n{"t":1.2,"type":"seen","visible":false,"text":""}\n).freeze
  SEEN_DRIFT = <<~OUT.freeze
    FAIL DIR/golden.jsonl: the page's own banner (seen) disagrees with the replay
         first: The contract shows “Sin conexión” at 1819.3 (offline); the page showed it at 2521.2, 701.9 ms late (a timer's change may be up to 100 ms late, never early).
         fit: This page's banner behaves like debounceMs 1500.
    1 passed, 1 failed
  OUT
  TIMELINE = <<~OUT.freeze
    FAIL DIR/golden.jsonl: timeline differs from golden.expected.jsonl
      golden.expected.jsonl:1: t: 1634.6 ≠ 1534.6 (100 ms apart, beyond ±50 ms)
    0 passed, 1 failed
  OUT

  class Host
    include Minitest::Assertions
    include TurboReplay::Assertions
    attr_accessor :assertions

    def initialize = @assertions = 0
  end

  # Stands in for `turbo-replay check`: records what it was given (and what was beside the
  # recording then), answers `out` with DIR replaced by the folder it ran in.
  def with_check(ok, out)
    calls = []
    original = TurboReplay::Assertions.method(:check)
    TurboReplay::Assertions.define_singleton_method(:check) do |path, tolerance_ms:|
      calls << { path: path, tolerance_ms: tolerance_ms, beside: Dir.children(File.dirname(path)).sort,
                 text: File.read(path) }
      [ok, out.gsub("DIR", File.dirname(path))]
    end
    yield calls
  ensure
    TurboReplay::Assertions.define_singleton_method(:check, original)
  end

  def golden(dir, *parts)
    parts.each { |part| File.write("#{dir}/golden#{part}", "{}\n") }
    "#{dir}/golden"
  end

  def test_the_page_banner_check_failing_names_it_and_only_it
    Dir.mktmpdir do |dir|
      with_check(false, SEEN_DRIFT) do
        error = assert_raises(Minitest::Assertion) do
          Host.new.assert_banner_timeline(FakePage.new(SEEN), golden(dir, ".expected.jsonl"), tolerance_ms: 600)
        end
        first = error.message.lines.first
        assert_equal "golden: the page's own banner disagrees with the replay of its recording (what it showed, `seen`, " \
                     "against the contract):\n", first
        refute_includes first, "timeline differs"
        assert_includes error.message, "FAIL #{dir}/golden.jsonl: the page's own banner (seen) disagrees", "check's words, with the kept path"
        assert_includes error.message, "behaves like debounceMs 1500"
      end
    end
  end

  def test_the_timeline_check_failing_names_the_golden_and_the_tolerance
    Dir.mktmpdir do |dir|
      with_check(false, TIMELINE) do
        error = assert_raises(Minitest::Assertion) do
          Host.new.assert_banner_timeline(FakePage.new(SEEN), golden(dir, ".expected.jsonl"), tolerance_ms: 50)
        end
        assert_match(/\Agolden: the timeline differs from its golden golden.expected.jsonl \(times within ±50 ms match/, error.message)
        refute_includes error.message.lines.first, "the page's own banner"
      end
    end
  end

  def test_both_failing_names_both
    Dir.mktmpdir do |dir|
      with_check(false, TIMELINE + SEEN_DRIFT) do
        error = assert_raises(Minitest::Assertion) do
          Host.new.assert_banner_timeline(FakePage.new(SEEN), golden(dir, ".expected.jsonl"))
        end
        assert_match(/\Agolden: the timeline differs .*; and the page's own banner disagrees/, error.message.lines.first)
      end
    end
  end

  def test_a_missing_golden_says_how_to_make_it
    Dir.mktmpdir do |dir|
      with_check(false, "FAIL DIR/golden.jsonl: no golden at DIR/golden.expected.jsonl\n") do
        error = assert_raises(Minitest::Assertion) { Host.new.assert_banner_timeline(FakePage.new(SEEN), golden(dir)) }
        assert_includes error.message.lines.first, "there is no golden golden.expected.jsonl yet"
        assert_includes error.message.lines.first, "turbo-replay check --update #{dir}/golden.jsonl"
      end
    end
  end

  def test_a_page_whose_banner_was_never_seen_fails_even_when_check_passes
    Dir.mktmpdir do |dir|
      text = %({"type":"meta","bannerMissing":"[data-controller~=\\"railsfast--offline-banner\\"]"}\n{"t":1,"type":"offline"}\n)
      with_check(true, "1 passed, 0 failed\n") do
        error = assert_raises(Minitest::Assertion) do
          Host.new.assert_banner_timeline(FakePage.new(text), golden(dir, ".expected.jsonl"))
        end
        assert_includes error.message, "the page's own banner was never seen: the recording has no `seen` records"
        assert_includes error.message, %(meta.bannerMissing: "[data-controller~=\\"railsfast--offline-banner\\"]")
        assert_nil TurboReplay::Assertions.unseen_banner(%({"t": 1.2, "type": "seen", "visible": false, "text": ""}\n)),
                   "a seen record written with spaces is one"
        host = Host.new
        host.assert_banner_timeline(FakePage.new(text), golden(dir, ".expected.jsonl"), require_seen: false)
        assert_equal 1, host.assertions
      end
    end
  end

  def test_it_checks_a_private_copy_and_keeps_the_capture_beside_the_golden
    Dir.mktmpdir do |dir|
      stem = golden(dir, ".expected.jsonl", ".config.json", ".seen.expected.jsonl")
      File.write("#{dir}/other.expected.jsonl", "{}\n")
      with_check(true, "2 passed, 0 failed\n") do |calls|
        host = Host.new
        host.assert_banner_timeline(FakePage.new(SEEN), stem, tolerance_ms: 80)
        assert_equal 1, host.assertions
        call = calls.fetch(0)
        refute_equal dir, File.dirname(call[:path]), "checked in a folder of its own"
        assert_equal %w[golden.config.json golden.expected.jsonl golden.jsonl golden.seen.expected.jsonl], call[:beside]
        assert_equal [SEEN, 80], [call[:text], call[:tolerance_ms]]
        refute File.exist?(call[:path]), "the private folder is gone"
      end
      assert_equal SEEN, File.read("#{dir}/golden.jsonl"), "the capture is kept beside its golden"
      assert_empty Dir["#{dir}/*.tmp-*"]
    end
  end

  def test_the_matcher_matches_when_the_check_passes_and_explains_when_it_does_not
    Dir.mktmpdir do |dir|
      matcher = Object.new.extend(TurboReplay::Matchers).match_banner_timeline(golden(dir, ".expected.jsonl"), tolerance_ms: 80)
      with_check(true, "") { |calls| assert matcher.matches?(FakePage.new(SEEN)); assert_equal 80, calls[0][:tolerance_ms] }
      with_check(false, SEEN_DRIFT) { refute matcher.matches?(FakePage.new(SEEN)) }
      assert_match(/\Agolden: the page's own banner disagrees/, matcher.failure_message)
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
