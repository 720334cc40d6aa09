require "fileutils"
require "open3"
require "tmpdir"
require "turbo_replay/binary"
require "turbo_replay/capture"

module TurboReplay
  # The golden check. The page's recording is checked by `turbo-replay check` against the
  # golden beside its stem (NAME.expected.jsonl, and NAME.config.json and
  # NAME.seen.expected.jsonl when there), in a folder of this process's own, so that two test
  # processes checking the same test never read each other's capture; it is then kept as
  # NAME.jsonl beside the golden, for a person to look at. `check` holds two things: the
  # timeline against the golden within the tolerance, and the page's own banner (`seen`)
  # against the replay of its recording. A failure's first line names which failed; check's
  # own words follow.
  module Assertions
    # The outcome of one check: whether it passed, and the failure message when it did not.
    Result = Struct.new(:ok, :message, keyword_init: true) do
      def ok? = ok
    end

    def self.check(recording_path, tolerance_ms:, binary: Binary.path!)
      out, status = Open3.capture2e(binary, "check", "--tolerance-ms", tolerance_ms.to_s, recording_path)
      [status.success?, out]
    end

    # Captures `page`'s recording and checks it against `golden_stem`'s golden.
    def self.verify(page, golden_stem, tolerance_ms:, require_seen: true)
      text = Capture.recording(page)
      ok, out = Dir.mktmpdir("turbo-replay-check-") do |dir|
        name = File.basename(golden_stem)
        %w[.expected.jsonl .config.json .seen.expected.jsonl].each do |part|
          FileUtils.cp("#{golden_stem}#{part}", File.join(dir, name + part)) if File.file?("#{golden_stem}#{part}")
        end
        File.write(File.join(dir, "#{name}.jsonl"), text)
        ok, out = check(File.join(dir, "#{name}.jsonl"), tolerance_ms: tolerance_ms)
        [ok, out.gsub("#{dir}/", "#{File.dirname(golden_stem)}/")]
      end
      Capture.keep(text, "#{golden_stem}.jsonl")
      unseen = require_seen && unseen_banner(text)
      return Result.new(ok: true) if ok && !unseen

      Result.new(ok: false, message: failure_message(golden_stem, out, ok, unseen, tolerance_ms))
    end

    # Why the page's banner was never held to the contract: no `seen` record at all.
    def self.unseen_banner(text)
      return nil if text.match?(/"type"\s*:\s*"seen"/)

      missing = text[/"bannerMissing"\s*:\s*("(?:[^"\\]|\\.)*")/, 1]
      selector = missing ? " (meta.bannerMissing: #{missing}: nothing on the page matched it)" : ""
      "the page's own banner was never seen: the recording has no `seen` records#{selector}, so nothing held " \
        "the app's banner to the contract; give the banner the controller's data-controller attribute, or set the " \
        "recorder's bannerSelector"
    end

    # "NAME: the timeline differs from its golden …; and the page's own banner disagrees …:",
    # then check's output.
    def self.failure_message(stem, out, ok, unseen, tolerance_ms)
      name = File.basename(stem)
      failed = []
      failed << "the timeline differs from its golden #{name}.expected.jsonl (times within ±#{tolerance_ms} ms match, " \
                "unless #{name}.config.json sets toleranceMs)" if out.include?(": timeline differs from ")
      failed << "there is no golden #{name}.expected.jsonl yet: review the timeline (turbo-replay replay " \
                "#{stem}.jsonl), then write it (turbo-replay check --update #{stem}.jsonl)" if out.include?(": no golden at ")
      failed << "the page's own banner disagrees with the replay of its recording (what it showed, `seen`, " \
                "against the contract)" if out.include?("the page's own banner (seen) disagrees with the replay")
      failed << "the page's own banner differs from its known differences #{name}.seen.expected.jsonl" if
        out.include?("differs from its known differences")
      failed << unseen if unseen
      failed << "turbo-replay check could not check it" if failed.empty? && !ok
      "#{name}: #{failed.join('; and ')}:\n#{out}"
    end

    # Minitest: assert_banner_timeline(page, "test/recordings/offline_banner", tolerance_ms: 600)
    def assert_banner_timeline(page, golden_stem, tolerance_ms: 50, require_seen: true)
      result = Assertions.verify(page, golden_stem, tolerance_ms: tolerance_ms, require_seen: require_seen)
      assert result.ok?, result.message
    end
  end

  # RSpec: expect(page).to match_banner_timeline("spec/recordings/offline_banner", tolerance_ms: 600)
  module Matchers
    class BannerTimeline
      def initialize(stem, tolerance_ms, require_seen)
        @stem = stem
        @tolerance_ms = tolerance_ms
        @require_seen = require_seen
      end

      def matches?(page)
        @result = Assertions.verify(page, @stem, tolerance_ms: @tolerance_ms, require_seen: @require_seen)
        @result.ok?
      end

      def failure_message = @result.message

      def description = "match the banner timeline #{@stem}.expected.jsonl"
    end

    def match_banner_timeline(stem, tolerance_ms: 50, require_seen: true)
      BannerTimeline.new(stem, tolerance_ms, require_seen)
    end
  end
end
