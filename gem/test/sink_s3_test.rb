require "minitest/autorun"
require "tempfile"
require "aws-sdk-s3"
require_relative "support/sink_helpers"
require_relative "support/moto"

# The collector over S3, against moto's S3 server: the same protocol as over a folder, each
# object one conditional PUT (If-None-Match: *), and a store that fails (answering errors,
# stopped, no bucket) answered 503 with nothing half-written.
class SinkS3Test < Minitest::Test
  include SinkHelpers

  def self.moto
    @moto ||= Moto.new.tap { |moto| Minitest.after_run { moto.stop } }
  end

  def setup
    @moto = self.class.moto
    @bucket = "collector-#{name.tr("_", "-")[5, 40]}-#{rand(1 << 30)}"
    @client = Aws::S3::Client.new(**@moto.client_options)
    @client.create_bucket(bucket: @bucket)
    @store = TurboReplay::Sink::S3Store.new(bucket: @bucket, prefix: "fleet", client: @moto.client_options)
    @app = TurboReplay::Sink.new(store: @store)
  end

  # Every object in the bucket, with its bytes.
  def objects
    @client.list_objects_v2(bucket: @bucket).contents.to_h { [_1.key, @client.get_object(bucket: @bucket, key: _1.key).body.read] }
  end

  def test_batches_are_stored_once_under_the_prefix_and_assemble
    assert_equal 201, web(@app, lines(1, 3)).status
    assert_equal 200, web(@app, lines(1, 3)).status
    assert_equal 201, web(@app, lines(2, 6), seq: 2).status
    assert_equal({ "fleet/web/s1/000000000001.jsonl" => lines(1, 3), "fleet/web/s1/000000000004.jsonl" => lines(4, 6) }, objects)
    assert_equal lines(1, 6), @store.assemble("s1")
    fresh = TurboReplay::Sink::S3Store.new(bucket: @bucket, prefix: "fleet", client: @moto.client_options)
    assert_equal 200, web(TurboReplay::Sink.new(store: fresh), lines(4, 6), seq: 4).status, "another process finds them held"
  end

  def test_a_conflict_changes_nothing
    web(@app, lines(1, 3))
    before = objects
    assert_refused web(@app, lines(3, 3, "-other"), seq: 3), 409, "seq 3 is already held with other bytes"
    assert_equal before, objects
  end

  def test_an_existing_object_is_never_replaced
    assert @store.create("web/s1/000000000001.jsonl", lines(1, 2))
    refute @store.create("web/s1/000000000001.jsonl", lines(1, 5)), "S3 refused the second PUT (412)"
    assert_equal lines(1, 2), @store.read("web/s1/000000000001.jsonl")
  end

  def test_native_parts_and_their_manifest
    body = lines(1, 4)
    sha = Digest::SHA256.hexdigest(body)
    assert_equal 201, native(@app, "log1", 0, 1, body).status
    assert_equal 200, native(@app, "log1", 0, 1, body).status
    assert_refused native(@app, "log1", 0, 1, lines(1, 3)), 409, "is held as parts=1 sha256=#{sha}"
    assert_equal body, @store.assemble_native("log1")
    assert_equal %({"parts":1,"sha256":"#{sha}"}\n), objects["fleet/native/log1/manifest.json"]
  end

  def test_a_store_answering_errors_is_a_503_and_nothing_is_half_written
    web(@app, lines(1, 3))
    before = objects
    proxy, endpoint = @moto.flaky_proxy(1) # every request fails: 503 SlowDown, 500, a closed connection
    flaky = TurboReplay::Sink.new(store: TurboReplay::Sink::S3Store.new(bucket: @bucket, prefix: "fleet", client: @moto.client_options(endpoint)))
    3.times do
      response = web(flaky, lines(4, 9), seq: 4)
      assert_equal 503, response.status, response.body
      assert_equal "10", response.headers["retry-after"]
    end
    assert_equal before, objects
  ensure
    Process.kill("TERM", proxy) if proxy
    Process.wait(proxy) if proxy
  end

  def test_a_stopped_store_is_a_503_within_its_timeouts
    moto = Moto.new
    client = Aws::S3::Client.new(**moto.client_options)
    client.create_bucket(bucket: "stopping")
    store = TurboReplay::Sink::S3Store.new(bucket: "stopping", client: moto.client_options)
    app = TurboReplay::Sink.new(store: store)
    assert_equal 201, web(app, lines(1, 3)).status
    moto.stop
    started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    response = web(app, lines(4, 6), seq: 4)
    assert_equal 503, response.status, response.body
    assert_operator Process.clock_gettime(Process::CLOCK_MONOTONIC) - started, :<, 15
  ensure
    moto&.stop
  end

  def test_a_missing_bucket_is_a_503
    app = TurboReplay::Sink.new(store: TurboReplay::Sink::S3Store.new(bucket: "no-such-bucket", client: @moto.client_options))
    errors = StringIO.new
    env = Rack::MockRequest.env_for("/web?session=s1&seq=1", method: "POST", input: lines(1, 2), "rack.errors" => errors)
    assert_equal 503, app.call(env)[0]
    assert_includes errors.string, "NoSuchBucket"
  end
end
