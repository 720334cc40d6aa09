require "rack"
require_relative "refusal"

module TurboReplay
  class Sink
    # What a request asks for, read from its path, query, headers and body, or refused with
    # the status the protocol gives (400 for a malformed query or header, 422 for an id that is
    # not one, 413 for a body over the limit) before any storage is touched.
    class Request
      ID = /\A[A-Za-z0-9_-]{1,128}\z/
      NUMBER = /\A[0-9]{1,15}\z/
      # What the storage keys' fixed widths hold (12 digits for a seq, 6 for a part), so that
      # their names sort as their numbers do.
      MAX_SEQ = 999_999_999_999
      MAX_PARTS = 999_999
      HEX = /\A[0-9a-f]{64}\z/

      # A recorder batch: `POST /web?session=ID&seq=N`.
      Web = Struct.new(:session, :seq, :body)
      # A native part: `PUT /native/LOGID/PART?parts=COUNT` with its SHA-256 and the file's.
      Native = Struct.new(:log, :part, :parts, :sha256, :file_sha256, :body)

      def initialize(env, limits)
        @env = env
        @limits = limits
        @query = Rack::Utils.parse_query(env["QUERY_STRING"].to_s)
      rescue ArgumentError, Rack::Utils::InvalidParameterError
        raise Refusal.new(400, "the query string cannot be read")
      end

      def query(name)
        value = @query[name]
        value.is_a?(Array) ? value.last : value
      end

      def web
        session = id(query("session"), "session")
        seq = number(query("seq"), "seq")
        raise Refusal.new(400, "seq must be 1 or more (the meta line is 1)") if seq < 1
        raise Refusal.new(400, "seq must be at most #{MAX_SEQ}") if seq > MAX_SEQ

        Web.new(session, seq, body)
      end

      def native(log, part)
        log = id(log, "log id")
        part = number(part, "part")
        parts = number(query("parts"), "parts")
        raise Refusal.new(400, "parts must be 1 or more") if parts < 1
        raise Refusal.new(400, "parts must be at most #{MAX_PARTS}") if parts > MAX_PARTS
        raise Refusal.new(400, "part #{part} is not below parts=#{parts} (parts are numbered from 0)") if part >= parts

        Native.new(log, part, parts, hex("HTTP_X_TURBOREPLAY_SHA256", "X-TurboReplay-SHA256"),
                   hex("HTTP_X_TURBOREPLAY_FILE_SHA256", "X-TurboReplay-File-SHA256"), body)
      end

      private

      def id(value, what)
        raise Refusal.new(400, "no #{what} in the request") if value.nil?
        return value if ID.match?(value)

        raise Refusal.new(422, "the #{what} #{value[0, 40].inspect} is not an id: 1 to 128 of A-Z a-z 0-9 _ -")
      end

      def number(value, what)
        raise Refusal.new(400, "no #{what} in the request") if value.nil?
        raise Refusal.new(400, "#{what} #{value[0, 20].inspect} is not a whole number") unless NUMBER.match?(value)

        Integer(value, 10)
      end

      def hex(key, name)
        value = @env[key]
        raise Refusal.new(400, "no #{name} header") if value.nil? || value.empty?
        raise Refusal.new(400, "the #{name} header is not 64 lowercase hex digits") unless HEX.match?(value)

        value
      end

      # The whole body, read up to one byte past the limit: a longer one is refused without
      # being read to its end.
      def body
        limit = @limits.body_bytes
        declared = @env["CONTENT_LENGTH"]
        if declared && !declared.empty? && declared.to_i > limit
          raise Refusal.new(413, "the body is #{declared.to_i} bytes, more than the limit of #{limit}")
        end

        input = @env["rack.input"]
        data = (input && input.read(limit + 1)) || +""
        raise Refusal.new(413, "the body is more than the limit of #{limit} bytes") if data.bytesize > limit

        data.force_encoding(Encoding::BINARY)
      end
    end
  end
end
