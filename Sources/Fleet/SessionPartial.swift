import AppSession
import PolicyCore
import Replay
import TurboRecording

/// The app sessions of a `stats --partial`: each rides on its web log's line (a session is its
/// web recording's, so it is read, and refused twice, with it),
///
///     {"real":…,"path":"a.jsonl",…,"session":{"web":"a.jsonl","native":"a.native.jsonl","drops":1,
///      "unannounced":0,"edges":2,"dropToPill":[803.2],"edgeToClear":[3.1],"edgeToPage":[],
///      "clearStuck":0,"pageStuck":0,"findings":{"late-pill":0,"pill-outlived-network":0,"slow-recovery":0}}}
///
/// or, for a pair that could not be read as one session, `"failed":{…}` (an error, as a file
/// line's) in place of the figures. Every latency is kept, written exactly, so a merge gives
/// the figures of one run, as long as the partial's sessions hold no more than
/// `LatencySample.exactLimit` values of it in all. Past that (where the fleet's figure is a
/// sketch anyway), every session carries its count, maximum and sketch instead,
/// `"dropToPill":{"count":…,"max":…,"sketch":{…}}`, so that neither a line nor the run that
/// writes it grows with a session's length. A partial without session lines has no sessions.
extension StatsPartial {
    /// Which latencies a partial writes as sketches, for every session: those its sessions hold
    /// more than `LatencySample.exactLimit` values of, in all. Decided from the partial's own
    /// sessions, so its bytes do not depend on which session a run happened to sketch first.
    package struct SketchedLatencies: Equatable, Sendable {
        var dropToPill = false
        var edgeToClear = false
        var edgeToPage = false

        package static let none = SketchedLatencies()

        package init(_ sessions: [StatsSession]) {
            var counts = Counts()
            for session in sessions { counts.add(session) }
            self.init(counts)
        }

        /// Those of `counts` past `limit`.
        package init(_ counts: Counts, limit: Int = LatencySample.exactLimit) {
            (dropToPill, edgeToClear, edgeToPage) = (counts.dropToPill > limit, counts.edgeToClear > limit, counts.edgeToPage > limit)
        }

        /// How many values of each latency a partial's sessions hold, added up session by session.
        package struct Counts: Equatable, Sendable {
            package var dropToPill = 0, edgeToClear = 0, edgeToPage = 0

            package init() {}

            package mutating func add(_ session: StatsSession) {
                guard case .read(let figures) = session.outcome else { return }
                dropToPill += figures.dropToPill.count
                edgeToClear += figures.edgeToClear.count
                edgeToPage += figures.edgeToPage.count
            }
        }

        /// Whether any latency is written as a sketch.
        package var any: Bool { dropToPill || edgeToClear || edgeToPage }

        private init() {}
    }

    /// A session's object, as it rides on its web log's line.
    static func body(_ session: StatsSession, sketched: SketchedLatencies = .none) -> String {
        var body = JSONLine()
        body.string("web", session.web)
        body.string("native", session.native)
        switch session.outcome {
        case .failed(let error):
            body.raw("failed", self.error(error))
        case .read(let figures):
            body.integer(.drops, figures.drops)
            body.integer(.unannounced, figures.unannounced)
            body.integer(.edges, figures.edges)
            for (figure, latency, sketch) in [
                (StatsFigure.dropToPill, figures.dropToPill, sketched.dropToPill),
                (.edgeToClear, figures.edgeToClear, sketched.edgeToClear), (.edgeToPage, figures.edgeToPage, sketched.edgeToPage),
            ] {
                body.raw(figure, self.latency(sketch ? latency.sketched : latency))
            }
            body.integer(.clearStuck, figures.clearStuck)
            body.integer(.pageStuck, figures.pageStuck)
            var findings = JSONLine()
            for id in SessionFigures.findingIDs { findings.integer(id, figures.findings[id] ?? 0) }
            body.raw("findings", findings.text)
        }
        return body.text
    }

    static func decodeSession(_ value: JSONValue, _ read: Reader) throws -> StatsSession {
        let object = try read.object(value, "session")
        let web = try read.string(object["web"], "web"), native = try read.string(object["native"], "native")
        if let failed = object["failed"] {
            return StatsSession(web: web, native: native, outcome: .failed(try decodeError(failed, read)))
        }
        var figures = SessionFigures()
        figures.drops = try read.int(object[.drops], "drops")
        figures.unannounced = try read.int(object[.unannounced], "unannounced")
        figures.edges = try read.int(object[.edges], "edges")
        figures.dropToPill = try decodeLatency(object[.dropToPill], "dropToPill", read)
        figures.edgeToClear = try decodeLatency(object[.edgeToClear], "edgeToClear", read)
        figures.edgeToPage = try decodeLatency(object[.edgeToPage], "edgeToPage", read)
        figures.clearStuck = try read.int(object[.clearStuck], "clearStuck")
        figures.pageStuck = try read.int(object[.pageStuck], "pageStuck")
        for (id, count) in try read.object(object["findings"], "findings") {
            guard SessionFigures.findingIDs.contains(id) else { throw read.fail("unknown session finding \"\(id)\"") }
            figures.findings[id] = try read.int(count, id)
        }
        return StatsSession(web: web, native: native, outcome: .read(figures))
    }

    /// A latency's values, exactly, or once sketched (past `LatencySample.exactLimit` values, in
    /// the session or in the partial's sessions, where the fleet's figure is a sketch whatever
    /// else it holds) its count, largest value and sketch, so that a session's line stays
    /// bounded however long its logs.
    static func latency(_ latency: SessionLatency) -> String {
        guard let sketch = latency.sketch, let max = latency.max else {
            return "[" + latency.values.map(exact).joined(separator: ",") + "]"
        }
        var line = JSONLine()
        line.integer("count", latency.count)
        line.raw("max", exact(max))
        line.raw("sketch", self.sketch(sketch))
        return line.text
    }

    static func decodeLatency(_ value: JSONValue?, _ what: String, _ read: Reader) throws -> SessionLatency {
        guard case .object(let object)? = value else {
            return SessionLatency(try read.array(value, what).map { try read.number($0, "\(what)[]") })
        }
        let count = try read.int(object["count"], "\(what).count"), max = try read.number(object["max"], "\(what).max")
        guard let latency = SessionLatency(count: count, max: max, sketch: try decodeSketch(object["sketch"], "\(what).sketch", read)) else {
            throw read.fail("\"\(what)\" is not a latency a session makes: a sketch counting all its values, its maximum the largest (or 0)")
        }
        return latency
    }
}
