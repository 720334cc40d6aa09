# The capture helper and the check, for a system test (copy this file to test/support/ and
# include TurboRecording in ApplicationSystemTestCase).
#
#   go_offline / go_online      cut and restore the browser's network (DevTools emulation:
#                               Chromium fires real offline/online events)
#   wait_until_page_ms(ms)      sleeps until the page's clock (the recording's t) reads ms:
#                               acting at fixed page times keeps re-captures close together
#   save_turbo_recording(path)  TurboRecorder.text() of the page, written to path
#   assert_turbo_golden(path)   turbo-replay check of that recording against the golden
#                               beside it, the test failing with its diff; then the page's own
#                               banner (the recording's `seen` records) against the contract
require "json"
require "open3"

module TurboRecording
  # turbo-replay on the PATH, or where TURBO_REPLAY says.
  TURBO_REPLAY = ENV.fetch("TURBO_REPLAY", "turbo-replay")
  # How far each time in a re-capture may drift from the golden's (ms): a browser captured
  # twice puts the same events tens to hundreds of ms apart. A recording's own
  # NAME.config.json {"toleranceMs": N} wins over this.
  TOLERANCE_MS = Integer(ENV.fetch("TURBO_REPLAY_TOLERANCE_MS", "300"))

  def go_offline
    page.driver.browser.network_conditions = { offline: true, latency: 0, throughput: 0 }
    @turbo_recording_offline = true
  end

  def go_online
    page.driver.browser.network_conditions = { offline: false, latency: 0, throughput: -1 }
    @turbo_recording_offline = false
  end

  # A test that failed while offline must not leave the next one offline (the browser is reused).
  def before_teardown
    super
    go_online if @turbo_recording_offline
  end

  def wait_until_page_ms(ms)
    remaining = ms - page.evaluate_script("performance.now()")
    sleep(remaining / 1000.0) if remaining.positive?
  end

  # Waits until the recording has a record of `type` (the page's own clock decides the
  # times, so waiting on the record rather than on a sleep keeps the capture honest).
  def wait_for_record(type, timeout: 10)
    deadline = Process.clock_gettime(Process::CLOCK_MONOTONIC) + timeout
    loop do
      return if turbo_recording.include?(%("type":"#{type}"))
      raise "no #{type} record in the recording after #{timeout}s:\n#{turbo_recording}" if Process.clock_gettime(Process::CLOCK_MONOTONIC) > deadline
      sleep 0.05
    end
  end

  def turbo_recording
    page.evaluate_script("window.TurboRecorder ? TurboRecorder.text() : ''")
  end

  def save_turbo_recording(path)
    File.write(path, turbo_recording)
    path
  end

  # Passes when the recording's timeline matches its golden (NAME.expected.jsonl beside it)
  # within the tolerance; fails with turbo-replay's diff otherwise. A missing golden fails
  # too: review the timeline turbo-replay prints, then `turbo-replay check --update PATH`.
  def assert_turbo_golden(recording, tolerance_ms: TOLERANCE_MS)
    output, status = Open3.capture2e(TURBO_REPLAY, "check", "--tolerance-ms", tolerance_ms.to_s, recording)
    assert status.success?, "turbo-replay check #{recording} failed (exit #{status.exitstatus}):\n#{output}"
    assert_banner_seen(recording) unless CHECK_HOLDS_SEEN
  end

  # A golden guards the contract's model of the banner. What guards the app's own banner is
  # the recording's `seen` records (what a person could see of the pill) held against the
  # contract's timeline for the same recording. Until `turbo-replay check` does that itself
  # (then set this to true, and the comparison below goes), this helper does it.
  CHECK_HOLDS_SEEN = false
  # A change an event causes must show within this many ms of it, either way; one a timer
  # causes (the debounce firing, the flash ending) may be late by TIMER_LATE_MS, never early.
  EVENT_MS = 5.0
  TIMER_LATE_MS = 100.0
  EARLY_MS = 1.0 # the recorder's 0.1 ms rounding
  TIMER_CAUSES = %w[offline flash-elapsed].freeze

  def assert_banner_seen(recording)
    records = File.readlines(recording).reject { _1.strip.empty? }.map { JSON.parse(_1) }
    end_t = page.evaluate_script("Date.now()") - Time.iso8601(records.first.fetch("startedAt")).to_f * 1000
    output, status = Open3.capture2e(TURBO_REPLAY, "replay", "--format", "jsonl", recording)
    assert status.success?, "turbo-replay replay #{recording} failed:\n#{output}"
    model = output.lines.reject { _1.strip.empty? }.map { JSON.parse(_1) }
    drifts = banner_drifts(records, model, end_t)
    assert drifts.empty?, "the page's own banner disagreed with the contract in #{recording}:\n" +
                          drifts.map { "  #{_1}" }.join("\n")
  end

  # Where the page (seen) and the contract (the replay) disagree for longer than the
  # tolerance allows, as readable lines. Not judged: before the first seen, from an
  # unloading pagehide to the next seen, and while Turbo shows a cached preview.
  def banner_drifts(records, model, end_t)
    contract = model.select { _1.key?("banner") }.map do |m|
      [m["t"], m["banner"] == "hidden" ? [false, ""] : [true, m["label"]], m["cause"]]
    end
    seen = records.filter_map do |r|
      if r["type"] == "seen" then [r["t"], r["preview"] == true ? nil : [r["visible"], r["text"]]]
      elsif r["type"] == "pagehide" && r["persisted"] != true then [r["t"], nil]
      end
    end
    return [] if seen.empty?
    times = ([seen.first[0], end_t] + (contract + seen).map(&:first)).select { _1.between?(seen.first[0], end_t) }.uniq.sort
    runs = []
    times.each_cons(2) do |a, b|
      want = state_at(contract, a, [false, ""])
      got = state_at(seen, a, nil)
      next if got.nil? || got == want
      if runs.last && runs.last[1] == a && runs.last[2..] == [want, got] then runs.last[1] = b
      else runs << [a, b, want, got]
      end
    end
    runs.reject { |a, b, *| contract.any? { |t, _, cause| t - window(cause)[0] <= a && b <= t + window(cause)[1] } }
        .map { |a, b, want, got| drift_line(a, b, want, got, contract, seen) }
  end

  def state_at(steps, t, initial)
    last = steps.take_while { _1[0] <= t }.last # file order breaks ties: the last one wins
    last ? last[1] : initial
  end

  def window(cause)
    TIMER_CAUSES.include?(cause) ? [EARLY_MS, TIMER_LATE_MS] : [EVENT_MS, EVENT_MS]
  end

  def drift_line(a, b, want, got, contract, seen)
    change = contract.find { _1[0] == a }
    kind = if change && seen.any? { |t, s| t == b && s == want } then "late"
           elsif !change && contract.any? { |t, s, _| t == b && s == got } then "early"
           elsif want[0] && !got[0] then "missing"
           elsif got[0] && !want[0] then "extra"
           else "wrong text"
           end
    show = ->(s) { s[0] ? %("#{s[1]}") : "nothing" }
    because = change ? " (contract's cause: #{change[2]})" : ""
    format("t=%.1f..%.1f ms (%.1f ms) %s: the contract shows %s%s; the page showed %s",
           a, b, b - a, kind, show.(want), because, show.(got))
  end
end
