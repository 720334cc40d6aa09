require "json"
require_relative "refusal"

module TurboReplay
  class Sink
    # A web batch's body as the readers will take it: whole lines, each ending in "\n", each
    # one JSON object in well-formed UTF-8, with no NUL (raw or escaped), nested less than 32
    # deep (the readers' json-c refuses 32 levels), and no longer than the line limit. Anything else is refused whole (422), naming
    # the line, so that nothing a reader would refuse is ever stored.
    module JSONLines
      MAX_NESTING = 31

      module_function

      # The body's lines, without their "\n".
      def lines(body, limits)
        raise Refusal.new(422, "the body is empty: a batch is one JSON object a line") if body.empty?
        raise Refusal.new(422, "the body does not end with a newline: a batch is whole lines, each ending in \\n") unless body.end_with?("\n")

        out = body.split("\n", -1)
        out.pop # the empty string after the last "\n"
        if out.length > limits.batch_lines
          raise Refusal.new(422, "the batch has #{out.length} lines, more than the limit of #{limits.batch_lines}")
        end

        out.each_with_index { |line, index| check(line, index + 1, limits) }
        out
      end

      def check(line, number, limits)
        if line.bytesize > limits.line_bytes
          raise Refusal.new(422, "line #{number} is #{line.bytesize} bytes, longer than the limit of #{limits.line_bytes}")
        end
        raise Refusal.new(422, "line #{number} is not well-formed UTF-8") unless line.dup.force_encoding(Encoding::UTF_8).valid_encoding?
        raise Refusal.new(422, "line #{number} has a NUL byte") if line.include?("\0")

        value = begin
          JSON.parse(line.dup.force_encoding(Encoding::UTF_8), max_nesting: MAX_NESTING)
        rescue JSON::NestingError
          raise Refusal.new(422, "line #{number} is nested #{MAX_NESTING + 1} levels deep or more, which the readers refuse")
        rescue JSON::ParserError
          raise Refusal.new(422, "line #{number} is not JSON")
        end
        raise Refusal.new(422, "line #{number} is not a JSON object") unless value.is_a?(Hash)
        raise Refusal.new(422, "line #{number} has an escaped NUL (\\u0000)") if nul?(value)
      end

      def nul?(value)
        case value
        when String then value.include?("\0")
        when Hash then value.any? { |key, item| key.include?("\0") || nul?(item) }
        when Array then value.any? { nul?(_1) }
        else false
        end
      end
    end
  end
end
