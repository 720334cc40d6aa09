require "digest"
require "json"
require_relative "refusal"
require_relative "session_locks"
require_relative "web_index"

module TurboReplay
  class Sink
    # What the collector keeps and how, over a storage that has only three operations, each a
    # subclass's (FolderStore, S3Store):
    #
    # - `read(key)`: the object's bytes, or nil when there is none;
    # - `sizes(prefix)`: every finished object under the prefix, `{key => bytes}`;
    # - `create(key, bytes)`: makes the object whole and at once, or answers false and changes
    #   nothing when it already exists (never a half-written or replaced object).
    #
    # Keys: `web/ID/NNNNNNNNNNNN.jsonl` (a run of lines from seq N), `native/LOG/PPPPPP.part`
    # and `native/LOG/manifest.json`. Every failure of the storage is raised as StoreError.
    class Store
      WEB_KEY = "web/%s/%012d.jsonl".freeze
      PART_KEY = "native/%s/%06d.part".freeze
      MANIFEST_KEY = "native/%s/manifest.json".freeze
      # A create that finds its key taken (another process wrote there since this one looked)
      # is decided again from what is stored now, at most this many times.
      ATTEMPTS = 3
      # Sessions whose stored lines are remembered between requests (their seq and digest),
      # so a batch reads only the objects written since the last one.
      CACHED_SESSIONS = 256

      def initialize
        @locks = SessionLocks.new
        @indexes = {}
        @indexes_guard = Mutex.new
      end

      # Stores a recorder batch's lines that are not held yet. [status, reason].
      def store_web(session, seq, lines, limits)
        @locks.synchronize("web/#{session}") do
          ATTEMPTS.times do
            index = web_index(session)
            run = index.new_run(seq, lines) # raises 409 for a seq held with other bytes
            return [200, "already held: seq #{seq} to #{seq + lines.length - 1} of session #{session}"] unless run

            first, count, bytes = run
            if index.bytes + bytes.bytesize > limits.session_bytes
              raise Refusal.new(413, "session #{session} would hold #{index.bytes + bytes.bytesize} bytes, more than the limit of #{limits.session_bytes}")
            end
            key = format(WEB_KEY, session, first)
            if create(key, bytes)
              index.add(key, bytes)
              return [201, "stored seq #{first} to #{first + count - 1} of session #{session}"]
            end
          end
          raise StoreError, "web/#{session}: the store kept changing under this request"
        end
      end

      # Stores one part of a native log (its hash already checked against its body). Every
      # refusal (a manifest that disagrees, a part held with other bytes, the log's total) is
      # decided before anything is written, the manifest included.
      def store_native(upload, limits)
        @locks.synchronize("native/#{upload.log}") do
          key = format(PART_KEY, upload.log, upload.part)
          ATTEMPTS.times do
            manifest = read(format(MANIFEST_KEY, upload.log))
            check_manifest(upload, manifest) if manifest
            held = read(key)
            return held_part(upload, held) if held

            total = sizes("native/#{upload.log}/").sum { |name, size| name.end_with?(".part") ? size : 0 }
            if total + upload.body.bytesize > limits.session_bytes
              raise Refusal.new(413, "log #{upload.log} would hold #{total + upload.body.bytesize} bytes, more than the limit of #{limits.session_bytes}")
            end
            # The manifest before the log's first part: a part is never stored without the
            # count and hash it belongs to. Another process that made it meanwhile: decide again.
            next if manifest.nil? && !create(format(MANIFEST_KEY, upload.log), manifest_bytes(upload))
            return [201, "stored part #{upload.part} of #{upload.parts} of log #{upload.log}"] if create(key, upload.body)
          end
          raise StoreError, "native/#{upload.log}: the store kept changing under this request"
        end
      end

      # The session's recording as the collector holds it: every line once, in seq order (a
      # line stored twice with the same bytes counts once), each ending in "\n". A missing
      # range is left out; `web_gaps` names them. A seq held with two different lines (only
      # a store written by something else can have one) raises Conflict, naming both objects.
      def assemble(session)
        index = WebIndex.new
        lines = {}
        sizes("web/#{session}/").keys.sort.each do |key|
          bytes = read(key) or next
          index.each_line(key, bytes) do |seq, line|
            held = lines[seq] ||= [line, key]
            raise Conflict, "seq #{seq} of session #{session} is #{held[1]}'s and another line in #{key}" if held[0] != line
          end
        end
        lines.keys.sort.map { "#{lines[_1][0]}\n" }.join
      end

      # The ranges of seq missing between 1 and the last line held: [[from, to], …].
      def web_gaps(session)
        index = WebIndex.new
        sizes("web/#{session}/").keys.sort.each { |key| bytes = read(key) and index.add(key, bytes) }
        index.gaps
      end

      # Whole native log: its parts in order, once all are held; nil while one is missing.
      def assemble_native(log)
        manifest = read(format(MANIFEST_KEY, log)) or return nil
        parts = JSON.parse(manifest).fetch("parts")
        bodies = (0...parts).map { read(format(PART_KEY, log, _1)) }
        bodies.include?(nil) ? nil : bodies.join
      end

      private

      def held_part(upload, held)
        if Digest::SHA256.hexdigest(held) == upload.sha256
          [200, "already held: part #{upload.part} of log #{upload.log}"]
        else
          raise Refusal.new(409, "part #{upload.part} of log #{upload.log} is already held with other bytes")
        end
      end

      def manifest_bytes(upload)
        "#{JSON.generate({ "parts" => upload.parts, "sha256" => upload.file_sha256 })}\n"
      end

      def check_manifest(upload, held)
        manifest = JSON.parse(held)
        return if manifest == { "parts" => upload.parts, "sha256" => upload.file_sha256 }

        raise Refusal.new(409, "log #{upload.log} is held as parts=#{manifest["parts"]} sha256=#{manifest["sha256"]}, " \
                               "not parts=#{upload.parts} sha256=#{upload.file_sha256}")
      rescue JSON::ParserError
        raise StoreError, "#{format(MANIFEST_KEY, upload.log)} is not JSON"
      end

      # The session's index, brought up to date with the objects stored since it was last read
      # (by this process or another). Called under the session's lock.
      def web_index(session)
        index = @indexes_guard.synchronize do
          found = @indexes.delete(session) || WebIndex.new
          @indexes[session] = found # the most recent last
          @indexes.delete(@indexes.first[0]) while @indexes.size > CACHED_SESSIONS
          found
        end
        sizes("web/#{session}/").keys.sort.each do |key|
          next if index.keys.include?(key)

          bytes = read(key)
          index.add(key, bytes) if bytes
        end
        index
      end
    end
  end
end
