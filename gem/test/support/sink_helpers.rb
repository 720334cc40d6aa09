require "digest"
require "fileutils"
require "json"
require "rack/mock"
require "tmpdir"
require "turbo_replay/sink"

# What the collector's tests share: requests as the recorder and the loggers send them, and a
# snapshot of everything stored, to show that a refused or failed request changed nothing.
module SinkHelpers
  def web(app, body, session: "s1", seq: 1, **headers)
    Rack::MockRequest.new(app).post("/web?session=#{session}&seq=#{seq}", input: body, **headers)
  end

  def native(app, log, part, parts, body, sha: Digest::SHA256.hexdigest(body), file_sha: sha, **headers)
    Rack::MockRequest.new(app).put("/native/#{log}/#{part}?parts=#{parts}", input: body,
                                   "HTTP_X_TURBOREPLAY_SHA256" => sha, "HTTP_X_TURBOREPLAY_FILE_SHA256" => file_sha, **headers)
  end

  def lines(from, to, tag = "")
    (from..to).map { |seq| seq == 1 ? %({"type":"meta","version":1,"session":"s1"}\n) : %({"t":#{seq},"type":"offline#{tag}"}\n) }.join
  end

  # Every file under the folder, temporary ones included, with its bytes.
  def snapshot(root)
    Dir.glob("**/*", File::FNM_DOTMATCH, base: root).sort
       .select { File.file?(File.join(root, _1)) }
       .to_h { [_1, File.binread(File.join(root, _1))] }
  end

  def assert_refused(response, status, reason)
    assert_equal status, response.status, response.body
    assert_includes response.body, reason
    assert_equal 1, response.body.lines.length, "one line: #{response.body.inspect}"
    assert response.body.end_with?("\n")
  end
end
