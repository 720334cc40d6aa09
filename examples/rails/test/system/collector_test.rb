require "application_system_test_case"
require "fileutils"
require "turbo_replay/sink"
require_relative "native_log_upload"

# The app's collector (config/routes.rb) receiving the page's recorder under the real cut: the
# page goes offline with lines pending, comes back and flushes; the Puma worker that stores a
# batch is killed before it answers, so the page sends those lines again to the next worker;
# a full load sends the pending `pagehide` by sendBeacon, and the next page sends it again.
# What the collector assembled (every line once, in seq order) must be the page's
# TurboRecorder.text(), byte for byte. The server's files are this machine's: the test reads
# them where config/collector.rb writes them. Then the app's native log of the same session
# goes to the same collector from a real TurboReplayLog and its uploader (native_log_upload.rb),
# and `turbo-replay session --collector` reads the two as one session.
class CollectorTest < ApplicationSystemTestCase
  include NativeLogUpload

  TMP = File.expand_path("../../tmp", __dir__)
  ROOT = File.join(TMP, "turbo_replay")
  ANSWERS = File.join(TMP, "collector-answers.log")
  KILL_NEXT = File.join(TMP, "collector-kill-next")

  Answer = Struct.new(:pid, :status, :seq, :lines) do
    def covers?(first, count) = seq <= first && first + count <= seq + lines
  end

  def answers
    File.readlines(ANSWERS).map { |line| pid, status, seq, lines = line.split; Answer.new(pid, status, seq.to_i, lines.to_i) }
  end

  def stats = page.evaluate_script("TurboRecorder.stats()")

  def wait_until(what, timeout: 30)
    deadline = Process.clock_gettime(Process::CLOCK_MONOTONIC) + timeout
    until yield
      raise "timed out after #{timeout} s waiting for #{what}: #{stats.inspect}" if Process.clock_gettime(Process::CLOCK_MONOTONIC) > deadline

      sleep 0.05
    end
  end

  test "the collector's log is the page's recording through a cut, a worker killed mid-answer and a beacon, read with the app's uploaded log" do
    FileUtils.mkdir_p(TMP)
    FileUtils.rm_f([ANSWERS, KILL_NEXT])
    cut = TurboReplay::NetworkCut
    visit "/"
    TurboReplay::Capture.wait_for_record(page, "connect")
    session = stats["session"]
    wait_until("the first lines stored") { stats["pending"].zero? }

    # Offline: the recorder's POSTs fail (no route) and its lines wait in the page.
    cut.offline!
    TurboReplay::Capture.wait_for_record(page, "offline")
    failed = stats["sinkErrors"]
    wait_until("a POST failing while cut") { stats["sinkErrors"] > failed }
    assert_operator stats["pending"], :>, 0, "lines pending while cut"

    # Back online: the next batch is stored, and the worker that stored it dies before answering.
    FileUtils.touch(KILL_NEXT)
    cut.online!
    TurboReplay::Capture.wait_for_record(page, "online")
    wait_until("the killed worker's batch sent again and accepted") { stats["pending"].zero? }
    killed = answers.find { _1.status == "killed" }
    refute_nil killed, "a worker was killed mid-answer: #{answers.inspect}"
    again = answers.drop(answers.index(killed) + 1).find { _1.covers?(killed.seq, killed.lines) }
    refute_nil again, "the lines the killed worker stored came again: #{answers.inspect}"
    assert_equal "200", again.status, "and were found held on disk"
    refute_equal killed.pid, again.pid, "by a new worker"

    # A full load: the `pagehide` line goes by sendBeacon, and the next page sends it again.
    visit "/"
    wait_until("the next page's lines accepted") do
      page.evaluate_script("TurboRecorder.lines().filter(l => JSON.parse(l).type === 'connect').length") == 2 &&
        stats["pending"].zero?
    end
    text = TurboReplay::Capture.recording(page)
    assert_equal 0, stats["dropped"]
    hide = text.lines.index { JSON.parse(_1)["type"] == "pagehide" } + 1
    assert_operator answers.count { _1.covers?(hide, 1) }, :>=, 2, "the pagehide line arrived twice (beacon, then the next page): #{answers.inspect}"

    store = TurboReplay::Sink::FolderStore.new(ROOT)
    assert_equal [], store.web_gaps(session)
    assert_equal text, store.assemble(session), "the collector's log is the page's recording, byte for byte"
    assert_equal session, JSON.parse(text.lines.first)["session"]

    assert_native_log_joins(ROOT, "#{Capybara.app_host}/turbo_replay", session, text)
  end
end
