import AppSession
import NativeErrorPolicy
import OfflineBanner
import PolicyRegistry
import Replay
import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One app session of a `stats` run: a web recording `NAME.jsonl` and the app's log
/// `NAME.native.jsonl` read by the same run, on one clock (app-session.md).
package struct StatsSession: Equatable, Sendable {
    package enum Outcome: Equatable, Sendable {
        case read(SessionFigures)
        /// The pair could not be read as one session (most often: it cannot be aligned).
        case failed(RecordingError)
    }

    package var web: String
    package var native: String
    package var outcome: Outcome

    package init(web: String, native: String, outcome: Outcome) {
        self.web = web
        self.native = native
        self.outcome = outcome
    }
}

/// What a fleet report keeps of one session: its latencies (every value up to the limit past
/// which the fleet's figure is a sketch anyway, else the sketch: `SessionLatency`; so a merge of
/// partials gives exactly the figures of one run), the counts, and the findings by id.
package struct SessionFigures: Equatable, Sendable {
    package var drops = 0
    package var unannounced = 0
    package var edges = 0
    package var dropToPill = SessionLatency()
    package var edgeToClear = SessionLatency()
    package var edgeToPage = SessionLatency()
    package var clearStuck = 0
    package var pageStuck = 0
    /// Every id (`findingIDs`), zero included.
    package var findings: [String: Int] = [:]

    /// The session's finding ids a fleet counts, in report order: the registry's (the three,
    /// then `clock-skew`, one for a session whose clocks ran a pill before its drop).
    package static let findingIDs = PolicyDescription.session.findings.map(\.id)

    /// `exactLimit`: `LatencySample`'s, the fleet's; another only in tests (`SessionLatency`).
    package init(exactLimit: Int = LatencySample.exactLimit) {
        for id in Self.findingIDs { findings[id] = 0 }
        dropToPill = SessionLatency(limit: exactLimit)
        edgeToClear = SessionLatency(limit: exactLimit)
        edgeToPage = SessionLatency(limit: exactLimit)
    }

    /// A whole session's figures, from its lists (what `stats` reads streamed,
    /// `SessionFiguresOutput`, and what the tests hold the stream to).
    package init(_ session: AppSession) {
        self.init()
        drops = session.summary.drops
        unannounced = session.summary.unannounced
        edges = session.summary.edges
        dropToPill = SessionLatency(session.drops.compactMap(\.dropToPill))
        edgeToClear = SessionLatency(session.edges.compactMap { $0.edgeToClear?.milliseconds })
        edgeToPage = SessionLatency(session.edges.compactMap { $0.edgeToPage?.milliseconds })
        clearStuck = session.edges.filter { $0.edgeToClear == .stuck }.count
        pageStuck = session.edges.filter { $0.edgeToPage == .stuck }.count
        for finding in session.findings { findings[finding.kind.rawValue, default: 0] += 1 }
        findings[ClockSkew.finding] = session.summary.clockSkew == nil ? 0 : 1
    }

    /// Every count the fleet adds up, by name: a merge adds them up first with a check
    /// (`PartialTotals`), so that a partial's numbers no session makes are refused at their
    /// line instead of overflowing in the totals.
    package func forEachCount(_ body: (String, Int) throws -> Void) rethrows {
        try body("drops", drops)
        try body("unannounced drops", unannounced)
        try body("edges", edges)
        try body("dropToPill values", dropToPill.count)
        try body("edgeToClear values", edgeToClear.count)
        try body("edgeToPage values", edgeToPage.count)
        try body("stuck clears", clearStuck)
        try body("stuck pages", pageStuck)
        for id in Self.findingIDs { try body("\(id) findings", findings[id] ?? 0) }
    }

    /// One measure of the session, as the measurer is sure of it.
    package mutating func add(_ measure: SessionMeasure) {
        switch measure {
        case .drop(let drop):
            if let latency = drop.dropToPill { dropToPill.append(latency) }
        case .edge(let edge):
            if let latency = edge.edgeToClear?.milliseconds { edgeToClear.append(latency) }
            if let latency = edge.edgeToPage?.milliseconds { edgeToPage.append(latency) }
            if edge.edgeToClear == .stuck { clearStuck += 1 }
            if edge.edgeToPage == .stuck { pageStuck += 1 }
        case .finding(let finding):
            findings[finding.kind.rawValue, default: 0] += 1
        }
    }
}

/// A streamed session's measures into its figures, as they come; the timeline's lines are let
/// go, so what a session holds is its figures, however long its logs.
package final class SessionFiguresOutput: SessionOutput {
    package private(set) var figures: SessionFigures

    init(exactLimit: Int) { figures = SessionFigures(exactLimit: exactLimit) }

    package func begin(offset: Double, nativeSettings: PolicySettings) throws {}
    package func line(_ line: SessionLine) throws {}
    package func measure(_ measure: SessionMeasure) throws { figures.add(measure) }

    /// The figures of a pair read streamed (`streamSession`), with the session's counts.
    package static func read(
        web: String, native: String, options: SessionOptions, exactLimit: Int = LatencySample.exactLimit
    ) throws -> SessionFigures {
        let output = SessionFiguresOutput(exactLimit: exactLimit)
        var explainer = NoExplainer()
        let session = try streamSession(web: web, native: native, options: options, explaining: &explainer, into: output)
        output.figures.drops = session.summary.drops
        output.figures.unannounced = session.summary.unannounced
        output.figures.edges = session.summary.edges
        output.figures.findings[ClockSkew.finding] = session.summary.clockSkew == nil ? 0 : 1
        return output.figures
    }
}

extension FleetStats {
    /// The app sessions among `paths`: each web recording read whose `NAME.native.jsonl` is
    /// beside it on disk, replayed as one session with the banner's `settings`, the native
    /// log's own platform and default settings, its `startedAt` alignment and the default
    /// `lateMs`. In web path order, `jobs` at a time.
    ///
    /// A session belongs to its web recording: whichever run reads `NAME.jsonl` reads the pair,
    /// whether or not the same run was handed `NAME.native.jsonl`. So a fleet split into
    /// partials at any line counts each session exactly once, as one run over it does.
    ///
    /// `fleetLimit`: past how many values of a latency in all the sessions read after are
    /// sketched (`FleetLatencyCounts`); `LatencySample.exactLimit`, another only in tests.
    package static func analyzeSessions(
        _ paths: [String], files: [StatsFile], settings: BannerSettings = BannerSettings(),
        lenient: Bool = false, jobs: Int = 1, maxOpenViews: Int? = nil, fleetLimit: Int = LatencySample.exactLimit
    ) -> [StatsSession] {
        var byPath: [String: StatsFile] = [:]
        for file in files { byPath[file.path] = file }
        let options = SessionOptions(banner: settings, native: NativeConfig(maxOpenViews: maxOpenViews), lenient: lenient)
        let counts = FleetLatencyCounts(limit: fleetLimit)
        return inParallel(paths.sorted().compactMap { byPath[$0] }, jobs: jobs) { file in
            analyzeSession(of: file, options: options, counts: counts)
        }.compactMap { $0 }
    }

    /// The app session `file` belongs to, once `file` is analysed: nil unless it was read as a
    /// web recording and its `NAME.native.jsonl` is a file beside it, not empty: an empty file
    /// is no log (`StatsOutcome.empty`, listed as such), so no app's half of a session either.
    static func analyzeSession(of file: StatsFile, options: SessionOptions, counts: FleetLatencyCounts) -> StatsSession? {
        var file = file
        return analyzeSession(of: &file, pairing: SessionPairing(), options: options, counts: counts)
    }

    /// The app session `file` belongs to, paired by `pairing` (by identity first, by name when
    /// the app's log names no page); an app log that names pages none of the logs has, or a
    /// pair by name whose app log names other pages, is noted on `file`'s summary instead.
    static func analyzeSession(
        of file: inout StatsFile, pairing: SessionPairing, options: SessionOptions, counts: FleetLatencyCounts
    ) -> StatsSession? {
        if case .native(var summary) = file.outcome, let reason = pairing.unfound(native: file.path) {
            summary.unpaired = reason
            file.outcome = .native(summary)
        }
        guard case .read(var summary) = file.outcome else { return nil }
        let web = file.path
        let native: String
        switch pairing.decide(web: web, session: summary.identity?.session) {
        case .identity(let path), .fileName(let path): native = path
        case .refused(_, let reason):
            summary.pairRefused = reason
            file.outcome = .read(summary)
            return nil
        case .none: return nil
        }
        guard RecordingFiles.isRegularFile(native), !isEmptyFile(native) else { return nil }
        let outcome: StatsSession.Outcome
        do {
            // The session reads the web recording a second time, which a FIFO or a pipe named
            // on the command line cannot give: said, never an empty session.
            guard RecordingFiles.isRegularFile(web) else {
                throw RecordingError(
                    .unreadable, path: web, line: nil,
                    "its app session with \(native) reads it a second time, and it is not a regular file (a FIFO or a pipe is read once): copy it to a file")
            }
            var figures = try SessionFiguresOutput.read(web: web, native: native, options: options)
            counts.add(&figures)
            outcome = .read(figures)
        } catch let error as RecordingError {
            outcome = .failed(error)
        } catch {
            outcome = .failed(RecordingError(.unreadable, path: web, line: nil, "\(error)"))
        }
        return StatsSession(web: web, native: native, outcome: outcome)
    }

    private static func isEmptyFile(_ path: String) -> Bool {
        var status = stat()
        return withFileSystemPath(path) { stat($0, &status) } == 0 && status.st_size == 0
    }

    package var sessionFigures: [(web: String, figures: SessionFigures)] {
        sessions.compactMap { session in
            if case .read(let figures) = session.outcome { return (session.web, figures) }
            return nil
        }
    }

    package var sessionFailures: [RecordingError] {
        sessions.compactMap { session in
            if case .failed(let error) = session.outcome { return error }
            return nil
        }
    }

    /// Every session finding id, its count, and the sessions (by web recording) that show it,
    /// most occurrences first, then by path.
    package var sessionFindings: [(id: String, count: Int, recordings: [(path: String, count: Int)])] {
        SessionFigures.findingIDs.map { id in
            let recordings = sessionFigures.compactMap { entry -> (path: String, count: Int)? in
                let count = entry.figures.findings[id] ?? 0
                return count > 0 ? (entry.web, count) : nil
            }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.path < $1.path }
            return (id, recordings.reduce(0) { $0 + $1.count }, recordings)
        }
    }
}
