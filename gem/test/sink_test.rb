require "minitest/autorun"
require_relative "support/sink_helpers"

# The collector over a folder: what it stores for each request, and every refusal with its
# status and reason, each leaving what is stored as it was.
class SinkTest < Minitest::Test
  include SinkHelpers

  def setup
    @root = Dir.mktmpdir("sink")
    @app = TurboReplay::Sink.new(root: @root)
  end

  def teardown
    FileUtils.rm_rf(@root)
  end

  def test_a_batch_is_stored_under_its_first_seq_and_a_repeat_writes_nothing
    response = web(@app, lines(1, 3))
    assert_equal 201, response.status, response.body
    assert_equal "stored seq 1 to 3 of session s1\n", response.body
    assert_equal({ "web/s1/000000000001.jsonl" => lines(1, 3) }, snapshot(@root))
    before = File.stat(File.join(@root, "web/s1/000000000001.jsonl")).mtime

    again = web(@app, lines(1, 3))
    assert_equal 200, again.status
    assert_equal "already held: seq 1 to 3 of session s1\n", again.body
    assert_equal({ "web/s1/000000000001.jsonl" => lines(1, 3) }, snapshot(@root))
    assert_equal before, File.stat(File.join(@root, "web/s1/000000000001.jsonl")).mtime
  end

  def test_an_overlapping_batch_writes_only_the_lines_not_held
    web(@app, lines(1, 3))
    response = web(@app, lines(2, 6), seq: 2) # a beacon's lines sent again by the next page
    assert_equal 201, response.status
    assert_equal "stored seq 4 to 6 of session s1\n", response.body
    assert_equal lines(4, 6), File.binread(File.join(@root, "web/s1/000000000004.jsonl"))
    assert_equal lines(1, 6), @app.store.assemble("s1")
    assert_equal [], @app.store.web_gaps("s1")
  end

  def test_lines_held_inside_a_batch_are_written_again_so_one_request_is_one_object
    web(@app, lines(3, 4), seq: 3)
    response = web(@app, lines(1, 6))
    assert_equal "stored seq 1 to 6 of session s1\n", response.body
    assert_equal %w[web/s1/000000000001.jsonl web/s1/000000000003.jsonl], snapshot(@root).keys
    assert_equal lines(1, 6), @app.store.assemble("s1"), "the repeated lines count once"
  end

  def test_a_gap_is_named_and_the_rest_assembled
    web(@app, lines(1, 2))
    web(@app, lines(6, 7), seq: 6)
    assert_equal [[3, 5]], @app.store.web_gaps("s1")
    assert_equal lines(1, 2) + lines(6, 7), @app.store.assemble("s1")
  end

  def test_assembling_a_seq_stored_with_two_lines_names_both_objects
    web(@app, lines(1, 3))
    FileUtils.mkdir_p(File.join(@root, "web/s1"))
    File.binwrite(File.join(@root, "web/s1/000000000003.jsonl"), lines(3, 3, "-other")) # written by something else
    error = assert_raises(TurboReplay::Sink::Conflict) { @app.store.assemble("s1") }
    assert_equal "seq 3 of session s1 is web/s1/000000000001.jsonl's and another line in web/s1/000000000003.jsonl", error.message
  end

  def test_a_seq_reused_with_other_bytes_is_a_conflict_and_nothing_of_the_batch_is_stored
    web(@app, lines(1, 3))
    before = snapshot(@root)
    response = web(@app, lines(3, 3, "-other") + lines(4, 5), seq: 3)
    assert_refused response, 409, "seq 3 is already held with other bytes; nothing of this batch was stored"
    assert_equal before, snapshot(@root)
  end

  def test_session_ids_that_are_not_ids_are_refused_before_storage_is_touched
    ["a/b", "..", "../x", "a%2Fb", "%2E%2E", "", "x" * 129, "caf%C3%A9", "a.b"].each do |session|
      response = web(@app, lines(1, 1), session: session)
      assert_refused response, 422, "is not an id: 1 to 128 of A-Z a-z 0-9 _ -"
    end
    assert_equal 201, web(@app, lines(1, 1), session: "x" * 128).status
    assert_equal ["web/#{"x" * 128}/000000000001.jsonl"], snapshot(@root).keys
  end

  def test_a_malformed_query_is_a_bad_request
    app = Rack::MockRequest.new(@app)
    assert_refused app.post("/web?seq=1", input: lines(1, 1)), 400, "no session in the request"
    assert_refused app.post("/web?session=s1", input: lines(1, 1)), 400, "no seq in the request"
    assert_refused app.post("/web?session=s1&seq=0", input: lines(1, 1)), 400, "seq must be 1 or more"
    assert_refused app.post("/web?session=s1&seq=-1", input: lines(1, 1)), 400, "is not a whole number"
    assert_refused app.post("/web?session=s1&seq=1e3", input: lines(1, 1)), 400, "is not a whole number"
    assert_refused app.post("/web?session=s1&seq=1000000000000", input: lines(2, 2)), 400, "seq must be at most 999999999999"
    assert_refused app.post("/web?session=s1&seq=999999999999", input: lines(2, 3)), 400, "the batch's last seq would be past 999999999999"
    assert_equal({}, snapshot(@root))
  end

  def test_what_is_not_json_lines_is_refused_naming_the_line
    {
      "" => "the body is empty",
      %({"type":"meta"}) => "the body does not end with a newline",
      %({"type":"meta"}\nnot json\n) => "line 2 is not JSON",
      %({"type":"meta"}\n[1,2]\n) => "line 2 is not a JSON object",
      %({"type":"meta"}\n"text"\n) => "line 2 is not a JSON object",
      %({"type":"meta"}\n\n{"t":1}\n) => "line 2 is not JSON",
      %({"type":"meta"} {"t":1}\n) => "line 1 is not JSON",
      %({"a":"\xC1\xA9"}\n) => "line 1 is not well-formed UTF-8",
      %({"a":"\xED\xA0\x80"}\n) => "line 1 is not well-formed UTF-8",
      %({"a":"x\0y"}\n) => "line 1 has a NUL byte",
      %({"a":"x\\u0000y"}\n) => "line 1 has an escaped NUL (\\u0000)",
      %({"x\\u0000":1}\n) => "line 1 has an escaped NUL (\\u0000)",
      %({"a":#{"[" * 31}1#{"]" * 31}}\n) => "line 1 is nested 32 levels deep or more"
    }.each do |body, reason|
      assert_refused web(@app, body.b), 422, reason
    end
    assert_equal({}, snapshot(@root))
    assert_equal 201, web(@app, %({"a":#{"[" * 30}1#{"]" * 30}}\n)).status, "31 levels are taken, as the readers take them"
  end

  def test_a_line_over_one_mebibyte_is_refused_and_one_of_exactly_one_is_stored
    exact = %({"t":1,"type":"x","pad":"#{"a" * ((1 << 20) - 27)}"})
    assert_equal 1 << 20, exact.bytesize
    assert_equal 201, web(@app, "#{exact}\n").status
    over = %({"t":2,"type":"x","pad":"#{"a" * ((1 << 20) - 26)}"}\n)
    assert_refused web(@app, over, seq: 2), 422, "line 1 is 1048577 bytes, longer than the limit of 1048576"
    assert_equal ["web/s1/000000000001.jsonl"], snapshot(@root).keys
  end

  def test_limits_on_lines_body_and_session
    app = TurboReplay::Sink.new(root: @root, limits: { batch_lines: 3, body_bytes: 200, session_bytes: 200 })
    assert_refused web(app, lines(1, 4)), 422, "the batch has 4 lines, more than the limit of 3"
    big = %({"pad":"#{"a" * 200}"}\n)
    assert_refused web(app, big), 413, "the body is 211 bytes, more than the limit of 200"
    chunked = Rack::MockRequest.env_for("/web?session=s1&seq=1", method: "POST", input: big)
    chunked.delete("CONTENT_LENGTH") # a body that says no length is cut at the limit
    status, _, body = app.call(chunked)
    assert_equal [413, "the body is more than the limit of 200 bytes\n"], [status, body.join]
    assert_equal({}, snapshot(@root))

    assert_equal 201, web(app, lines(1, 3)).status
    before = snapshot(@root)
    assert_equal 201, web(app, lines(4, 6), seq: 4).status # 168 bytes held
    response = web(app, lines(7, 8), seq: 7)
    assert_refused response, 413, "session s1 would hold 218 bytes, more than the limit of 200"
    assert_equal before.size + 1, snapshot(@root).size
  end

  def test_unknown_limits_and_bad_values_are_refused_when_the_app_is_made
    assert_raises(ArgumentError) { TurboReplay::Sink.new(root: @root, limits: { lines: 3 }) }
    assert_raises(ArgumentError) { TurboReplay::Sink.new(root: @root, limits: { line_bytes: 0 }) }
    assert_raises(ArgumentError) { TurboReplay::Sink.new }
  end

  def test_a_shared_token_by_header_or_by_query
    app = TurboReplay::Sink.new(root: @root, token: "s3cret")
    assert_refused web(app, lines(1, 1)), 401, "no token: send Authorization: Bearer TOKEN"
    assert_refused web(app, lines(1, 1), "HTTP_AUTHORIZATION" => "Bearer nope"), 401, "wrong token"
    wrong = Rack::MockRequest.new(app).post("/web?session=s1&seq=1&token=nope", input: lines(1, 1))
    assert_refused wrong, 401, "wrong token"
    assert_equal({}, snapshot(@root))
    assert_equal 201, web(app, lines(1, 1), "HTTP_AUTHORIZATION" => "Bearer s3cret").status
    beacon = Rack::MockRequest.new(app).post("/web?session=s1&seq=2&token=s3cret", input: lines(2, 2), "CONTENT_TYPE" => "text/plain;charset=UTF-8")
    assert_equal 201, beacon.status
    assert_equal lines(1, 2), app.store.assemble("s1")
  end

  def test_other_paths_and_methods
    mock = Rack::MockRequest.new(@app)
    assert_refused mock.get("/web?session=s1&seq=1"), 405, "GET is not taken here: POST"
    assert_refused mock.post("/native/log/0?parts=1", input: "x"), 405, "POST is not taken here: PUT"
    assert_refused mock.post("/elsewhere"), 404, "no such collector path"
  end

  def test_cross_origin_pages_get_cors_headers_when_allowed
    app = TurboReplay::Sink.new(root: @root, allow_origin: "https://app.example")
    response = web(app, lines(1, 1))
    assert_equal "https://app.example", response.headers["access-control-allow-origin"]
    preflight = Rack::MockRequest.new(app).request("OPTIONS", "/native/l/0?parts=1")
    assert_equal 204, preflight.status
    assert_includes preflight.headers["access-control-allow-headers"], "X-TurboReplay-SHA256"
    assert_nil web(@app, lines(2, 2), seq: 2).headers["access-control-allow-origin"]
  end

  def test_it_mounts_under_a_prefix_as_rails_routes_do
    env = Rack::MockRequest.env_for("/turbo_replay/web?session=s1&seq=1", method: "POST", input: lines(1, 1))
    env["SCRIPT_NAME"] = "/turbo_replay"
    env["PATH_INFO"] = "/web"
    assert_equal 201, @app.call(env)[0]
  end

  def test_the_rackup_example_answers_under_the_same_path_as_a_rails_mount
    saved = ENV.to_h.slice("TURBO_REPLAY_COLLECTOR_ROOT", "TURBO_REPLAY_COLLECTOR_TOKEN")
    ENV["TURBO_REPLAY_COLLECTOR_ROOT"] = @root
    ENV["TURBO_REPLAY_COLLECTOR_TOKEN"] = "tok"
    app, = Rack::Builder.parse_file(File.expand_path("../examples/collector.ru", __dir__))
    mock = Rack::MockRequest.new(app)
    assert_equal 401, mock.post("/turbo_replay/web?session=s1&seq=1", input: lines(1, 1)).status
    assert_equal 201, mock.post("/turbo_replay/web?session=s1&seq=1&token=tok", input: lines(1, 1)).status
    assert_equal({ "web/s1/000000000001.jsonl" => lines(1, 1) }, snapshot(@root))
  ensure
    %w[TURBO_REPLAY_COLLECTOR_ROOT TURBO_REPLAY_COLLECTOR_TOKEN].each { ENV.delete(_1) }
    ENV.update(saved)
  end
end
