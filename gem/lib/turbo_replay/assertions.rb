require "open3"
require "turbo_replay/capture"

module TurboReplay
  # The golden check: the recording is written beside its golden (NAME.jsonl beside
  # NAME.expected.jsonl) and `turbo-replay check --tolerance-ms N` compares them; its diff,
  # which names the golden's line and the keys that differ, is the failure message.
  module Assertions
    BINARY = ENV.fetch("TURBO_REPLAY", "turbo-replay")

    def self.check(recording_path, tolerance_ms:, binary: BINARY)
      out, status = Open3.capture2e(binary, "check", "--tolerance-ms", tolerance_ms.to_s, recording_path)
      [status.success?, out]
    end

    # Minitest: assert_banner_timeline(page, "test/goldens/offline_submit", tolerance_ms: 50)
    def assert_banner_timeline(page, golden_stem, tolerance_ms: 50)
      path = Capture.write(page, "#{golden_stem}.jsonl")
      ok, out = Assertions.check(path, tolerance_ms: tolerance_ms)
      assert ok, "the banner's timeline differs from #{golden_stem}.expected.jsonl (tolerance #{tolerance_ms} ms):\n#{out}"
    end
  end

  # RSpec: expect(page).to match_banner_timeline("spec/goldens/offline_submit", tolerance_ms: 50)
  module Matchers
    class BannerTimeline
      def initialize(stem, tolerance_ms)
        @stem = stem
        @tolerance_ms = tolerance_ms
      end

      def matches?(page)
        path = Capture.write(page, "#{@stem}.jsonl")
        @ok, @out = Assertions.check(path, tolerance_ms: @tolerance_ms)
        @ok
      end

      def failure_message
        "the banner's timeline differs from #{@stem}.expected.jsonl (tolerance #{@tolerance_ms} ms):\n#{@out}"
      end
    end

    def match_banner_timeline(stem, tolerance_ms: 50)
      BannerTimeline.new(stem, tolerance_ms)
    end
  end
end
