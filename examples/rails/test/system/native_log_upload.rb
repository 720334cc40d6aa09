require "digest"
require "fileutils"
require "json"
require "open3"
require "time"
require "tmpdir"

# The app beside the page: a real TurboReplayLog (the package's log-script driver, LOG_SCRIPT,
# which examples/rails/run builds) logs a native session on the page's clock — launched before
# the page, the page's bridge message with its recorder's session (`webSession`), the path going
# offline and online just before the page saw it — closes its file and uploads it with
# LogUploader to the same collector the page's recorder sends to. Then `turbo-replay session
# --collector ROOT --session ID` must find that log by its web-session record and read the two as
# one session, and a second upload of the same file must store nothing new.
module NativeLogUpload
  # How long before the page's first record the app launched, in ms: the native log's startedAt
  # is the recording's minus this, so that the two logs meet on one clock.
  LEAD_MS = 400
  # How long before the page the app's path monitor sees the network go and come back.
  PATH_AHEAD_MS = 30

  def log_script = ENV.fetch("LOG_SCRIPT") { raise "LOG_SCRIPT is not set: examples/rails/run builds log-script and sets it" }
  def turbo_replay = ENV.fetch("TURBO_REPLAY")

  # The calls of the app's process (Tests/LogScript/main.swift's format), timed from the page's
  # own records: a native time t is at t - LEAD_MS on the page's clock.
  def native_calls(records, session)
    meta = records.first
    started = (Time.iso8601(meta.fetch("startedAt")).to_r * 1000).round - LEAD_MS
    at = ->(type, nth = 0) { records.select { _1["type"] == type }.fetch(nth).fetch("t").round + LEAD_MS }
    <<~CALLS
      clock 0
      log ios #{started} 1048576 4 "1.0.0" "100"
      launch
      path true
      clock #{at.("connect") + 15}
      bridge "page" "connect" "/" -
      web-session "#{session}"
      clock #{at.("offline") - PATH_AHEAD_MS}
      path false
      clock #{at.("online") - PATH_AHEAD_MS}
      path true
      clock #{at.("connect", 1) + 15}
      bridge "page" "connect" "/" -
      end-file
    CALLS
  end

  def run_log_script(calls, log)
    script = "#{log}.calls"
    File.write(script, calls)
    out, err, status = Open3.capture3(log_script, script, log)
    assert status.success?, "log-script #{script}: exit #{status.exitstatus}: #{err}"
    out
  end

  def run_turbo_replay(*arguments)
    out, err, status = Open3.capture3(turbo_replay, *arguments)
    [out, err, status.exitstatus]
  end

  # Every file of a folder with its bytes and modification time: what a second upload must leave.
  def snapshot(folder)
    Dir.children(folder).sort.to_h { |name| path = File.join(folder, name); [name, [File.binread(path), File.mtime(path)]] }
  end

  def assert_native_log_joins(root, base, session, text)
    records = text.lines.map { JSON.parse(_1) }
    Dir.mktmpdir("native-log") do |dir|
      log = File.join(dir, "log.jsonl")
      assert_equal "end-file true\n", run_log_script(native_calls(records, session), log)
      closed = File.binread("#{log}.1")
      meta = JSON.parse(closed.lines.first)
      id = meta.fetch("session")
      assert_match(/\A[0-9a-f]{32}\z/, id, "the log's own id, in its meta")
      assert_equal({ "version" => "1.0.0", "build" => "100" }, meta["app"])
      assert_includes closed.lines.map { JSON.parse(_1) }, { "t" => records.find { _1["type"] == "connect" }["t"].round + LEAD_MS + 15,
                                                            "type" => "web-session", "session" => session }

      # The uploader's pass, waited for: one part, stored, and the closed file deleted.
      assert_equal "uploaded #{id} 1\n", run_log_script("upload #{base}\n", log)
      refute File.exist?("#{log}.1"), "the uploaded file is deleted"
      folder = File.join(root, "native", id)
      assert_equal %w[000000.part manifest.json], Dir.children(folder).sort
      assert_equal closed, File.binread(File.join(folder, "000000.part")), "the part is the file, byte for byte"
      assert_equal({ "parts" => 1, "sha256" => Digest::SHA256.hexdigest(closed) }, JSON.parse(File.read(File.join(folder, "manifest.json"))))

      # The same file again (an app killed after the last 2xx, before it deleted the file):
      # every part answered 2xx again, the file deleted, and nothing in the collector written.
      before = snapshot(folder)
      File.binwrite("#{log}.1", closed)
      assert_equal "uploaded #{id} 1\n", run_log_script("upload #{base}\n", log)
      refute File.exist?("#{log}.1")
      assert_equal before, snapshot(folder), "a second upload of the same file stores nothing"

      assert_session_read(root, session, id, text, dir)
    end
  end

  # `session --collector` finds the app's log by its web-session record and reads both layers on
  # one clock; `replay` reads the page's folder as the page's own text. The app's drop is
  # measured to the page's pill when the page showed one before the edge (the replay of its
  # text says when), and is unannounced when the network came back within the debounce.
  def assert_session_read(root, session, id, text, dir)
    web, native = File.join(root, "web", session), File.join(root, "native", id)
    page_log = File.join(dir, "page.jsonl")
    File.write(page_log, text)
    expected, err, status = run_turbo_replay("replay", "--format", "jsonl", page_log)
    assert_equal 0, status, err
    out, err, status = run_turbo_replay("replay", "--format", "jsonl", web)
    assert_equal 0, status, "replay #{web}: #{err}"
    assert_equal expected, out, "the collector's folder replays as the page's recording"
    banner = out.lines.map { JSON.parse(_1) }.select { _1["banner"] }
    # The banner may never have changed (back online within the debounce): `explain` says, line
    # by line, what the page's records did, and must say it of the folder as of the text.
    explained = %w[offline online].map { |type| "#{type} at #{text.lines.map { JSON.parse(_1) }.find { _1["type"] == type }["t"]}" }
    expected, err, status = run_turbo_replay("explain", page_log)
    assert_includes [0, 1], status, err
    out, err, status = run_turbo_replay("explain", web)
    assert_includes [0, 1], status, "explain #{web}: #{err}"
    assert_equal "explain #{web}", out.lines.first.chomp
    assert_equal expected.lines.drop(1), out.lines.drop(1), "the folder explained as the page's text"
    explained.each { assert_includes out, _1 }

    out, err, status = run_turbo_replay("session", "--collector", root, "--session", session)
    assert_equal 0, status, "session --collector: #{err}\n#{out}"
    assert_includes out, "session #{web} (web) + #{native} (native)"
    out, err, status = run_turbo_replay("session", "--collector", root, "--session", session, "--format", "jsonl")
    assert_equal 0, status, err
    rows = out.lines.map { JSON.parse(_1) }
    layers = rows.map { _1["layer"] }.compact.tally
    assert_operator layers.fetch("web", 0), :>, 0, "rows of the page: #{layers}"
    assert_operator layers.fetch("native", 0), :>, 0, "rows of the app: #{layers}"
    assert_equal %w[online offline online], rows.filter_map { _1["connectivity"] if _1["layer"] == "native" }, "the app's path"
    assert_drop_measured(rows.last.fetch("summary"), text, banner)
  end

  def assert_drop_measured(summary, text, banner)
    records = text.lines.map { JSON.parse(_1) }
    drop, edge = %w[offline online].map { |type| records.find { _1["type"] == type }["t"].round - PATH_AHEAD_MS }
    assert_equal [1, 2], [summary["drops"], summary["edges"]], "the app's launch, drop and edge: #{summary}"
    pill = banner.find { _1["banner"] == "offline" && _1["t"] >= drop && _1["t"] < edge }
    if pill
      assert_equal [1, 0], [summary.dig("dropToPill", "count"), summary["unannounced"]], summary.inspect
      assert_in_delta pill["t"] - drop, summary.dig("dropToPill", "median"), 0.05, "the app's drop to the page's pill: #{summary}"
    else
      assert_equal [0, 1], [summary.dig("dropToPill", "count"), summary["unannounced"]],
                   "back online within the page's debounce, no pill: the drop is unannounced: #{summary}"
    end
  end
end
