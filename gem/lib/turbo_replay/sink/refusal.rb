module TurboReplay
  class Sink
    # A request the collector answers with an error: its HTTP status and the one line that
    # says why. Raised before anything is stored, so a refused request leaves storage as it was.
    class Refusal < StandardError
      attr_reader :status

      def initialize(status, reason)
        super(reason)
        @status = status
      end
    end

    # Storage that failed (a full disk, S3 answering an error or not at all): the request is
    # answered 503 with Retry-After, and what it would have written is not there.
    class StoreError < StandardError; end

    # What assemble finds when one seq is stored with two different lines.
    class Conflict < StandardError; end
  end
end
