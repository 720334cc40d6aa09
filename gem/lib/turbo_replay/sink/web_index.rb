require "digest"
require "set"
require_relative "refusal"

module TurboReplay
  class Sink
    # What the collector holds of one web session: each seq's line (as its SHA-256), the
    # objects read, and their bytes. It decides what of a new batch to write.
    class WebIndex
      attr_reader :keys, :bytes

      def initialize
        @keys = Set.new
        @lines = {}
        @bytes = 0
      end

      def add(key, bytes)
        @keys << key
        @bytes += bytes.bytesize
        each_line(key, bytes) { |seq, line| @lines[seq] ||= Digest::SHA256.digest(line) }
      end

      # Each line of an object, with its seq: the object's name is its first line's.
      def each_line(key, bytes)
        first = Integer(File.basename(key, ".jsonl"), 10)
        bytes.split("\n").each_with_index { |line, offset| yield first + offset, line }
      end

      # What of a batch (lines from seq) to write: [first seq, line count, bytes] from its
      # first line not held to its last, or nil when every line is held. A line held in
      # between is written again with the same bytes (readers drop the repeat), so that one
      # request is one object, stored whole or not at all. A line held with other bytes: 409.
      def new_run(seq, lines)
        fresh = []
        lines.each_with_index do |line, offset|
          held = @lines[seq + offset]
          if held.nil?
            fresh << offset
          elsif held != Digest::SHA256.digest(line)
            raise Refusal.new(409, "seq #{seq + offset} is already held with other bytes; nothing of this batch was stored")
          end
        end
        return nil if fresh.empty?

        run = lines[fresh.first..fresh.last]
        [seq + fresh.first, run.length, run.map { "#{_1}\n" }.join]
      end

      # The missing ranges of seq, from 1 to the last one held.
      def gaps
        out = []
        expected = 1
        @lines.keys.sort.each do |seq|
          out << [expected, seq - 1] if seq > expected
          expected = seq + 1
        end
        out
      end
    end
  end
end
