require "minitest/autorun"
require "timeout"
require_relative "support/sink_helpers"

# Requests at once: in one process (the session's mutex takes them one at a time) and in two
# (two apps over one folder, as two servers or two Puma workers: the link that makes an object
# fails for the second, which then decides again from what is stored). One copy of each line,
# whichever way they race; other sessions never wait.
class SinkConcurrencyTest < Minitest::Test
  include SinkHelpers

  # A folder store whose writers all wait at a gate until `count` of them have come, so that
  # each has decided what to write before any has written.
  class GatedStore < TurboReplay::Sink::FolderStore
    attr_reader :created

    def initialize(root, gate)
      super(root)
      @gate = gate
      @created = Queue.new
    end

    def create(key, bytes)
      @gate.call(key)
      super.tap { @created << _1 }
    end
  end

  def barrier(count)
    arrived = Queue.new
    release = Queue.new
    lambda do |_key|
      arrived << 1
      release << 1 if arrived.size >= count
      Timeout.timeout(2) { release.pop } rescue nil # a writer that decided to write nothing never comes
      release << 1
    end
  end

  def setup
    @root = Dir.mktmpdir("sink")
  end

  def teardown
    FileUtils.rm_rf(@root)
  end

  def at_once(*requests)
    requests.map { |request| Thread.new(&request) }.map(&:value)
  end

  def test_two_identical_requests_at_once_in_one_process_store_one_copy
    app = TurboReplay::Sink.new(store: GatedStore.new(@root, ->(_) { sleep 0.2 }))
    statuses = at_once(-> { web(app, lines(1, 5)).status }, -> { web(app, lines(1, 5)).status })
    assert_equal [200, 201], statuses.sort
    assert_equal({ "web/s1/000000000001.jsonl" => lines(1, 5) }, snapshot(@root))
  end

  def test_two_identical_requests_at_once_in_two_processes_store_one_copy
    gate = barrier(2)
    first = TurboReplay::Sink.new(store: GatedStore.new(@root, gate))
    second = TurboReplay::Sink.new(store: GatedStore.new(@root, gate))
    statuses = at_once(-> { web(first, lines(1, 5)).status }, -> { web(second, lines(1, 5)).status })
    assert_equal [200, 201], statuses.sort
    assert_equal({ "web/s1/000000000001.jsonl" => lines(1, 5) }, snapshot(@root))
    made = [first, second].flat_map { |app| Array.new(app.store.created.size) { app.store.created.pop } }
    assert_equal [false, true], made.sort_by(&:to_s), "both wrote; the link refused the second"
  end

  def test_overlapping_batches_at_once_in_one_process_write_each_line_once
    app = TurboReplay::Sink.new(store: GatedStore.new(@root, ->(_) { sleep 0.1 }))
    statuses = at_once(-> { web(app, lines(1, 10)).status }, -> { web(app, lines(5, 15), seq: 5).status })
    assert_equal [201, 201], statuses
    stored = snapshot(@root).values.join
    assert_equal 15, stored.lines.length, "each line once: #{snapshot(@root).keys}"
    assert_equal lines(1, 15), TurboReplay::Sink.new(root: @root).store.assemble("s1")
  end

  def test_overlapping_batches_at_once_in_two_processes_assemble_to_each_line_once
    gate = barrier(2)
    first = TurboReplay::Sink.new(store: GatedStore.new(@root, gate))
    second = TurboReplay::Sink.new(store: GatedStore.new(@root, gate))
    statuses = at_once(-> { web(first, lines(1, 10)).status }, -> { web(second, lines(5, 15), seq: 5).status })
    assert_equal [201, 201], statuses
    # Both decided before either wrote: lines 5 to 10 are in both objects, with the same bytes.
    assert_equal %w[web/s1/000000000001.jsonl web/s1/000000000005.jsonl], snapshot(@root).keys
    assert_equal lines(1, 15), TurboReplay::Sink.new(root: @root).store.assemble("s1")
    assert_equal [], TurboReplay::Sink.new(root: @root).store.web_gaps("s1")
    # A third copy of the overlap is not written: the index now holds every line.
    assert_equal 200, web(first, lines(5, 15), seq: 5).status
  end

  def test_a_conflicting_batch_racing_a_batch_loses_and_stores_nothing
    gate = barrier(2)
    first = TurboReplay::Sink.new(store: GatedStore.new(@root, gate))
    second = TurboReplay::Sink.new(store: GatedStore.new(@root, gate))
    statuses = at_once(-> { web(first, lines(1, 5)).status }, -> { web(second, lines(1, 5, "-other")).status })
    assert_equal [201, 409], statuses.sort
    assert_equal ["web/s1/000000000001.jsonl"], snapshot(@root).keys
  end

  def test_a_session_stuck_in_storage_does_not_hold_up_another
    stuck = Queue.new
    store = GatedStore.new(@root, ->(key) { stuck.pop if key.start_with?("web/slow/") })
    app = TurboReplay::Sink.new(store: store)
    slow = Thread.new { web(app, lines(1, 2), session: "slow").status }
    sleep 0.1 until slow.status == "sleep"
    fast = Timeout.timeout(5) { web(app, lines(1, 2), session: "fast").status }
    assert_equal 201, fast
    assert slow.alive?, "the slow session is still waiting for its storage"
    stuck << :go
    assert_equal 201, slow.value
  end
end
