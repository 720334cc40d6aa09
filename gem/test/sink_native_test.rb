require "minitest/autorun"
require_relative "support/sink_helpers"

# The loggers' uploads: a closed file in parts, each with its SHA-256 and the file's; one copy
# of each part, and every disagreement refused before any byte of it is stored.
class SinkNativeTest < Minitest::Test
  include SinkHelpers

  FILE = [%({"type":"meta","version":1,"session":"0123456789abcdef0123456789abcdef"}\n),
          %({"t":1,"type":"path","online":false}\n), %({"t":2,"type":"path","online":true}\n)].join
  PARTS = [FILE.lines[0..1].join, FILE.lines[2]].freeze
  FILE_SHA = Digest::SHA256.hexdigest(FILE)
  LOG = "0123456789abcdef0123456789abcdef".freeze

  def setup
    @root = Dir.mktmpdir("sink")
    @app = TurboReplay::Sink.new(root: @root)
  end

  def teardown
    FileUtils.rm_rf(@root)
  end

  def test_parts_and_the_manifest_are_stored_once_and_the_file_assembles
    assert_nil @app.store.assemble_native(LOG)
    response = native(@app, LOG, 1, 2, PARTS[1], file_sha: FILE_SHA) # parts may come in any order
    assert_equal [201, "stored part 1 of 2 of log #{LOG}\n"], [response.status, response.body]
    assert_nil @app.store.assemble_native(LOG), "part 0 is missing"
    assert_equal 201, native(@app, LOG, 0, 2, PARTS[0], file_sha: FILE_SHA).status
    again = native(@app, LOG, 0, 2, PARTS[0], file_sha: FILE_SHA)
    assert_equal [200, "already held: part 0 of log #{LOG}\n"], [again.status, again.body]
    assert_equal({
      "native/#{LOG}/000000.part" => PARTS[0],
      "native/#{LOG}/000001.part" => PARTS[1],
      "native/#{LOG}/manifest.json" => %({"parts":2,"sha256":"#{FILE_SHA}"}\n)
    }, snapshot(@root))
    assert_equal FILE, @app.store.assemble_native(LOG)
  end

  def test_a_part_whose_body_does_not_match_its_hash_is_refused_and_nothing_is_stored
    response = native(@app, LOG, 0, 2, PARTS[0], sha: Digest::SHA256.hexdigest("other"), file_sha: FILE_SHA)
    assert_refused response, 422, "part 0 does not match its X-TurboReplay-SHA256; nothing was stored"
    assert_equal({}, snapshot(@root), "not even the manifest")
    only = native(@app, LOG, 0, 1, FILE, file_sha: Digest::SHA256.hexdigest("other"))
    assert_refused only, 422, "the only part does not match X-TurboReplay-File-SHA256"
    assert_equal({}, snapshot(@root))
  end

  def test_a_part_held_with_other_bytes_is_a_conflict
    native(@app, LOG, 0, 2, PARTS[0], file_sha: FILE_SHA)
    before = snapshot(@root)
    assert_refused native(@app, LOG, 0, 2, PARTS[1], file_sha: FILE_SHA), 409, "part 0 of log #{LOG} is already held with other bytes"
    assert_equal before, snapshot(@root)
  end

  def test_a_count_or_file_hash_that_disagrees_with_the_manifest_is_a_conflict
    native(@app, LOG, 0, 2, PARTS[0], file_sha: FILE_SHA)
    before = snapshot(@root)
    assert_refused native(@app, LOG, 1, 3, PARTS[1], file_sha: FILE_SHA), 409, "log #{LOG} is held as parts=2"
    other = Digest::SHA256.hexdigest("another file")
    assert_refused native(@app, LOG, 1, 2, PARTS[1], file_sha: other), 409, "not parts=2 sha256=#{other}"
    assert_equal before, snapshot(@root)
  end

  def test_bad_paths_headers_and_ids
    assert_refused native(@app, "a.b", 0, 1, FILE), 422, "the log id \"a.b\" is not an id"
    assert_refused native(@app, "..", 0, 1, FILE), 422, "the log id \"..\" is not an id"
    assert_refused native(@app, LOG, 2, 2, PARTS[0]), 400, "part 2 is not below parts=2"
    assert_refused native(@app, LOG, 0, 0, PARTS[0]), 400, "parts must be 1 or more"
    assert_refused native(@app, LOG, 0, 1_000_000, PARTS[0]), 400, "parts must be at most 999999"
    assert_refused native(@app, LOG, "x", 1, FILE), 400, "part \"x\" is not a whole number"
    assert_refused native(@app, LOG, 0, 1, FILE, sha: "ABC"), 400, "the X-TurboReplay-SHA256 header is not 64 lowercase hex digits"
    bare = Rack::MockRequest.new(@app).put("/native/#{LOG}/0?parts=1", input: FILE)
    assert_refused bare, 400, "no X-TurboReplay-SHA256 header"
    nested = Rack::MockRequest.new(@app).put("/native/a/b/0?parts=1", input: FILE)
    assert_refused nested, 404, "no such collector path"
    assert_equal({}, snapshot(@root))
  end

  def test_a_part_that_is_not_json_lines_is_refused
    body = "#{PARTS[0]}{\"t\":3,\"type\":\"pa" # a half line
    assert_refused native(@app, LOG, 0, 1, body), 422, "the body does not end with a newline"
    assert_refused native(@app, LOG, 0, 1, "garbage\n"), 422, "line 1 is not JSON"
    assert_equal({}, snapshot(@root))
  end

  def test_a_logs_total_is_limited
    app = TurboReplay::Sink.new(root: @root, limits: { session_bytes: PARTS[0].bytesize + 10 })
    assert_equal 201, native(app, LOG, 0, 2, PARTS[0], file_sha: FILE_SHA).status
    response = native(app, LOG, 1, 2, PARTS[1], file_sha: FILE_SHA)
    assert_refused response, 413, "log #{LOG} would hold #{FILE.bytesize} bytes, more than the limit of #{PARTS[0].bytesize + 10}"
    refute File.exist?(File.join(@root, "native/#{LOG}/000001.part"))
    other = "0123456789abcdef0123456789abcdee"
    assert_refused native(app, other, 0, 1, FILE), 413, "log #{other} would hold"
    refute File.exist?(File.join(@root, "native/#{other}")), "not even its manifest"
  end
end
