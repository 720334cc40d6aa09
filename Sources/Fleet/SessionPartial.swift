import AppSession
import PolicyCore
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
/// the figures of one run. A partial without session lines has no sessions.
extension StatsPartial {
    /// A session's object, as it rides on its web log's line.
    static func body(_ session: StatsSession) -> String {
        var body = JSONLine()
        body.string("web", session.web)
        body.string("native", session.native)
        switch session.outcome {
        case .failed(let error):
            body.raw("failed", self.error(error))
        case .read(let figures):
            body.integer("drops", figures.drops)
            body.integer("unannounced", figures.unannounced)
            body.integer("edges", figures.edges)
            for (key, values) in [("dropToPill", figures.dropToPill), ("edgeToClear", figures.edgeToClear), ("edgeToPage", figures.edgeToPage)] {
                body.raw(key, "[" + values.map(exact).joined(separator: ",") + "]")
            }
            body.integer("clearStuck", figures.clearStuck)
            body.integer("pageStuck", figures.pageStuck)
            var findings = JSONLine()
            for kind in SessionFindingKind.allCases { findings.integer(kind.rawValue, figures.findings[kind] ?? 0) }
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
        figures.drops = try read.int(object["drops"], "drops")
        figures.unannounced = try read.int(object["unannounced"], "unannounced")
        figures.edges = try read.int(object["edges"], "edges")
        figures.dropToPill = try read.array(object["dropToPill"], "dropToPill").map { try read.number($0, "dropToPill[]") }
        figures.edgeToClear = try read.array(object["edgeToClear"], "edgeToClear").map { try read.number($0, "edgeToClear[]") }
        figures.edgeToPage = try read.array(object["edgeToPage"], "edgeToPage").map { try read.number($0, "edgeToPage[]") }
        figures.clearStuck = try read.int(object["clearStuck"], "clearStuck")
        figures.pageStuck = try read.int(object["pageStuck"], "pageStuck")
        for (id, count) in try read.object(object["findings"], "findings") {
            guard let kind = SessionFindingKind(rawValue: id) else { throw read.fail("unknown session finding \"\(id)\"") }
            figures.findings[kind] = try read.int(count, id)
        }
        return StatsSession(web: web, native: native, outcome: .read(figures))
    }
}
