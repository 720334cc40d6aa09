import PolicyCore
import Replay
import TurboRecording

extension StatsPartial {
    /// `stats --partial` as it reads: each log's line written as soon as the log is read (in key
    /// order, as `FleetStats.analyzeInKeyOrder` hands them on), so the run holds a few logs, not
    /// the fleet. Its bytes are `StatsPartial.write`'s for the same logs: which session latencies
    /// are written as sketches depends on all of the partial's sessions (`SketchedLatencies`), so
    /// from its first app session on, the lines wait in a spool on disk (each session's figures
    /// as read, beside the rest of its line), and at the end they are written as they are, or
    /// with the latencies the partial's sessions hold too many values of written as sketches. A
    /// partial without app sessions never touches the disk.
    package struct Writer {
        private let print: (String) throws -> Void
        private let limit: Int
        private var logs = 0
        private var counts = SketchedLatencies.Counts()
        /// From the first line with a session on: each log's line as two spool lines, the line
        /// without its session and the session's body (empty for none).
        private var spool: LineSpool?
        private let by: StatsGrouping?

        package init(settings: Settings, limit: Int = LatencySample.exactLimit, print: @escaping (String) throws -> Void) throws {
            self.print = print
            by = settings.by
            self.limit = limit
            try print(header(settings))
        }

        /// The next log, in key order, with the app session read with it.
        package mutating func add(_ file: StatsFile, session: StatsSession?) throws {
            logs += 1
            let real = PartialFrame.realPath(file.path)
            if let session { counts.add(session) }
            guard spool != nil || session != nil else { return try print(line(file, real: real, by: by)) }
            if spool == nil { spool = try LineSpool() }
            spool!.write(line(file, real: real, by: by))
            spool!.write(session.map { body($0) } ?? "")
        }

        /// The lines that waited, then the trailer.
        package func finish() throws {
            if let spool {
                let sketched = SketchedLatencies(counts, limit: limit)
                var reader = try spool.reading()
                while let line = try reader.next(), let session = try reader.next() {
                    guard !session.isEmpty else {
                        try print(line)
                        continue
                    }
                    try print(String(line.dropLast()) + ",\"session\":" + (sketched.any ? try rewritten(session, sketched) : session) + "}")
                }
            }
            try print(trailer(logs: logs))
        }

        /// A session's body as read, written again with the latencies `sketched` names as sketches.
        private func rewritten(_ body: String, _ sketched: SketchedLatencies) throws -> String {
            let fail = { (message: String) in RecordingError(.malformed, path: "a stats partial's spool", line: nil, message) }
            guard let value = JSONValue(parsing: body) else { throw fail("a session's figures did not read back") }
            return StatsPartial.body(try decodeSession(value, Reader(fail: fail)), sketched: sketched)
        }
    }
}
