# The capture helper and the check, for a system test (copy this file to test/support/ and
# include TurboRecording in ApplicationSystemTestCase).
#
#   go_offline / go_online      cut and restore the browser's network (DevTools emulation:
#                               Chromium fires real offline/online events)
#   wait_until_page_ms(ms)      sleeps until the page's clock (the recording's t) reads ms:
#                               acting at fixed page times keeps re-captures close together
#   save_turbo_recording(path)  TurboRecorder.text() of the page, written to path
#   assert_turbo_golden(path)   turbo-replay check of that recording against the golden
#                               beside it and of the page's own banner (its `seen` records)
#                               against the contract, the test failing with what differs
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
  # within the tolerance, and the page's own banner (the recording's `seen` records: what a
  # person could see of the pill) follows that timeline; fails with turbo-replay's diff, or with
  # the first place the page disagreed and the timings that would explain it ("this page's
  # banner behaves like debounceMs 1500"), otherwise. A missing golden fails too: review the
  # timeline turbo-replay prints, then `turbo-replay check --update PATH`.
  def assert_turbo_golden(recording, tolerance_ms: TOLERANCE_MS)
    output, status = Open3.capture2e(TURBO_REPLAY, "check", "--tolerance-ms", tolerance_ms.to_s, recording)
    assert status.success?, "turbo-replay check #{recording} failed (exit #{status.exitstatus}):\n#{output}"
  end
end
