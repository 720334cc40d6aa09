require "minitest/autorun"
require_relative "support/sink_helpers"

# Storage that fails: a full disk (a child process whose files may not grow past a size,
# RLIMIT_FSIZE, so its writes fail with EFBIG as on a full disk, no root needed) and a store
# that cannot be read. Each request is answered 503 with Retry-After, nothing it would have
# written is there (no half object, no temporary file), and what was stored before is intact.
class SinkFailureTest < Minitest::Test
  include SinkHelpers

  def setup
    @root = Dir.mktmpdir("sink")
    @app = TurboReplay::Sink.new(root: @root)
  end

  def teardown
    FileUtils.rm_rf(@root)
  end

  # Runs the request in a child whose files cannot grow past max_bytes; its status, headers, body.
  def with_full_disk(max_bytes)
    reader, writer = IO.pipe
    [reader, writer].each(&:binmode)
    pid = fork do
      reader.close
      Signal.trap("XFSZ", "IGNORE") # the write then fails with EFBIG instead of killing the process
      Process.setrlimit(:FSIZE, max_bytes)
      response = yield
      writer.write(Marshal.dump([response.status, response.headers.to_h, response.body]))
      writer.close
    ensure
      exit!(0)
    end
    writer.close
    result = Marshal.load(reader.read)
    Process.wait(pid)
    result
  ensure
    reader&.close
  end

  def test_a_full_disk_is_a_503_and_leaves_what_was_stored_whole
    assert_equal 201, web(@app, lines(1, 3)).status
    before = snapshot(@root)
    batch = lines(4, 40)
    status, headers, body = with_full_disk(batch.bytesize - 1) { web(@app, batch, seq: 4) }
    assert_equal 503, status, body
    assert_equal "storage failed, nothing of this request was stored; try again later\n", body
    assert_equal "10", headers["retry-after"]
    assert_equal before, snapshot(@root), "no half object and no temporary file"

    assert_equal 201, web(@app, batch, seq: 4).status, "the same batch, once there is room"
    assert_equal lines(1, 40), @app.store.assemble("s1")
  end

  def test_a_full_disk_during_a_native_part_stores_no_part
    body = lines(1, 30)
    sha = Digest::SHA256.hexdigest(body)
    status, = with_full_disk(body.bytesize - 1) { native(@app, "log1", 0, 1, body, sha: sha) }
    assert_equal 503, status
    assert_equal ["native/log1/manifest.json"], snapshot(@root).keys, "the manifest, written first, fits; no part, no temporary file"
    assert_equal 201, native(@app, "log1", 0, 1, body, sha: sha).status
    assert_equal body, @app.store.assemble_native("log1")
  end

  # A store that cannot even be read (a folder where a file should be): 503, and the reason in
  # the server's error log, not in the answer.
  def test_an_unreadable_store_is_a_503_with_the_reason_logged
    FileUtils.mkdir_p(File.join(@root, "web"))
    File.write(File.join(@root, "web", "s1"), "not a folder")
    errors = StringIO.new
    env = Rack::MockRequest.env_for("/web?session=s1&seq=1", method: "POST", input: lines(1, 2), "rack.errors" => errors)
    status, headers, body = @app.call(env)
    assert_equal 503, status
    assert_equal "10", headers["retry-after"]
    assert_equal ["storage failed, nothing of this request was stored; try again later\n"], body
    assert_match(/TurboReplay::Sink: storage failed: cannot list web\/s1\/: Not a directory/, errors.string)
  end
end
