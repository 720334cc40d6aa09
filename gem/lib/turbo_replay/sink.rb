require "digest"
require "rack"
require_relative "sink/refusal"
require_relative "sink/limits"
require_relative "sink/json_lines"
require_relative "sink/request"
require_relative "sink/store"
require_relative "sink/folder_store"

module TurboReplay
  class Sink
    autoload :S3Store, "turbo_replay/sink/s3_store" # needs aws-sdk-s3, only when used
  end
end

module TurboReplay
  # The collector: a Rack app that keeps what the recorder and the native loggers send.
  #
  #   POST /web?session=ID&seq=N             a recorder batch (fetch or sendBeacon)
  #   PUT  /native/LOGID/PART?parts=COUNT    a part of a native log's closed file
  #
  # Mount it in a Rails app's routes (`mount TurboReplay::Sink.new(root: "…") => "/turbo_replay"`)
  # or run it alone (gem/examples/collector.ru). Every answer is one line of text; see
  # docs/collector.md for the protocol, the statuses and the storage layout.
  #
  # Threads: the app holds no global lock. Each request runs on its server's thread; requests
  # for the same session (or native log) take that session's mutex, one at a time, and nothing
  # else waits for them. Storage is bounded by the S3 client's timeouts; a folder's writes are
  # the local disk's.
  class Sink
    TEXT = { "content-type" => "text/plain; charset=utf-8", "cache-control" => "no-store" }.freeze
    NATIVE_PATH = %r{\A/native/([^/]*)/([^/]*)\z}

    attr_reader :store, :limits

    # root: a folder to store in (made when needed); or store: a Store (an S3Store).
    # token: a shared secret every request must bring (`Authorization: Bearer TOKEN`, or
    # `?token=` from the recorder, whose beacons cannot set a header). limits: Limits' names.
    # allow_origin: the page origin allowed to POST from another origin (CORS), if any.
    # retry_after: the seconds a 503 asks the sender to wait.
    def initialize(root: nil, store: nil, token: nil, limits: {}, allow_origin: nil, retry_after: 10)
      raise ArgumentError, "TurboReplay::Sink: give root: (a folder) or store: (an S3Store), not both" if root && store
      raise ArgumentError, "TurboReplay::Sink: give root: (a folder) or store: (an S3Store)" unless root || store

      @store = store || FolderStore.new(root)
      @token = token.nil? || token.empty? ? nil : token
      @limits = Limits.from(limits)
      @part_limits = @limits.dup.tap { _1.batch_lines = Float::INFINITY } # a part is whole lines, any number
      @allow_origin = allow_origin
      @retry_after = retry_after
    end

    def call(env)
      status, reason = route(env)
      answer(status, reason)
    rescue Refusal => e
      answer(e.status, e.message)
    rescue StoreError => e
      env["rack.errors"]&.puts("TurboReplay::Sink: storage failed: #{e.message}")
      answer(503, "storage failed, nothing of this request was stored; try again later", "retry-after" => @retry_after.to_s)
    end

    private

    def route(env)
      method = env["REQUEST_METHOD"]
      path = env["PATH_INFO"].to_s
      return [204, ""] if method == "OPTIONS" && @allow_origin

      if path == "/web"
        allow!(method, "POST")
        request = Request.new(env, @limits)
        authorize!(env, request)
        web(request.web)
      elsif (match = NATIVE_PATH.match(path))
        allow!(method, "PUT")
        request = Request.new(env, @limits)
        authorize!(env, request)
        native(request.native(match[1], match[2]))
      else
        raise Refusal.new(404, "no such collector path #{path[0, 80].inspect}: POST /web or PUT /native/LOGID/PART")
      end
    end

    def web(batch)
      lines = JSONLines.lines(batch.body, @limits)
      if batch.seq + lines.length - 1 > Request::MAX_SEQ
        raise Refusal.new(400, "the batch's last seq would be past #{Request::MAX_SEQ}")
      end
      @store.store_web(batch.session, batch.seq, lines, @limits)
    end

    def native(upload)
      if Digest::SHA256.hexdigest(upload.body) != upload.sha256
        raise Refusal.new(422, "part #{upload.part} does not match its X-TurboReplay-SHA256; nothing was stored")
      end
      if upload.parts == 1 && upload.sha256 != upload.file_sha256
        raise Refusal.new(422, "the only part does not match X-TurboReplay-File-SHA256; nothing was stored")
      end

      JSONLines.lines(upload.body, @part_limits)
      @store.store_native(upload, @limits)
    end

    def allow!(method, wanted)
      raise Refusal.new(405, "#{method} is not taken here: #{wanted}") unless method == wanted
    end

    def authorize!(env, request)
      return unless @token

      header = env["HTTP_AUTHORIZATION"].to_s
      given = header.start_with?("Bearer ") ? header.delete_prefix("Bearer ") : request.query("token")
      raise Refusal.new(401, "no token: send Authorization: Bearer TOKEN (or ?token= from the recorder)") if given.nil? || given.empty?
      raise Refusal.new(401, "wrong token") unless Rack::Utils.secure_compare(Digest::SHA256.digest(given), Digest::SHA256.digest(@token))
    end

    def answer(status, reason, extra = {})
      headers = TEXT.merge(extra)
      headers.merge!("access-control-allow-origin" => @allow_origin, "vary" => "Origin") if @allow_origin
      if status == 204
        headers.merge!("access-control-allow-methods" => "POST, PUT",
                       "access-control-allow-headers" => "Authorization, Content-Type, X-TurboReplay-SHA256, X-TurboReplay-File-SHA256")
      end
      body = status == 204 ? [] : ["#{reason.to_s.lines.first.to_s.chomp}\n"]
      [status, headers, body]
    end
  end
end
