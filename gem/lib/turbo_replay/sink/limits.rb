module TurboReplay
  class Sink
    # What one request and one session may bring. The defaults take everything the recorder
    # and the loggers send (a recorder batch is at most 60,000 characters unless one line is
    # longer; a native part is at most 1 MiB unless one line is); each can be set when the
    # collector is made: `Sink.new(limits: { session_bytes: 16 << 20 })`.
    Limits = Struct.new(:body_bytes, :batch_lines, :line_bytes, :session_bytes, keyword_init: true) do
      DEFAULTS = {
        body_bytes: 4 << 20,     # one request's body (413 past it)
        batch_lines: 10_000,     # lines in one web batch (422 past it)
        line_bytes: 1 << 20,     # one line without its newline, as the readers take (422 past it)
        session_bytes: 64 << 20  # everything stored for one session or one native log (413 past it)
      }.freeze

      def self.from(given)
        given = given.to_h
        unknown = given.keys.map(&:to_sym) - DEFAULTS.keys
        raise ArgumentError, "TurboReplay::Sink: unknown limit #{unknown.first} (known: #{DEFAULTS.keys.join(", ")})" unless unknown.empty?

        values = DEFAULTS.merge(given.transform_keys(&:to_sym))
        values.each do |name, value|
          raise ArgumentError, "TurboReplay::Sink: limit #{name} must be a positive integer, not #{value.inspect}" unless value.is_a?(Integer) && value.positive?
        end
        new(**values)
      end
    end
  end
end
