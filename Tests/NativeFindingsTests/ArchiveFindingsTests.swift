import ArchiveCachePolicy
import NativeErrorPolicy
import NativeFindings
import Replay
import Testing
import TurboRecording

@testable import TestSupport

private let archiveRecordings = packageRoot + "/recordings/archive"

private func missFinding(_ t: Double, line: Int, _ url: String, _ reason: MissReason, key: String? = nil) -> ArchiveFinding {
    ArchiveFinding(t: t, line: line, url: url, key: key ?? url, detail: .offlineMiss(reason))
}

/// What `explain` must find on each recording of recordings/archive/ (its README's table).
struct ArchiveExplainCase: CustomTestStringConvertible, Sendable {
    let name: String
    let findings: [ArchiveFinding]
    var testDescription: String { name }
}

extension ArchiveExplainCase {
    static let all: [ArchiveExplainCase] = [
        // Each finding on the recording that shows it…
        .init(name: "offline-miss", findings: [missFinding(5000, line: 3, "https://app.example.com/grades", .neverVisited)]),
        .init(
            name: "not-intercepted",
            findings: [
                ArchiveFinding(
                    t: 4000, line: 3, url: "https://app.example.com/courses/1", key: "https://app.example.com/courses/1",
                    detail: .notIntercepted(.code(-1005), capturedAt: 1000)),
                ArchiveFinding(
                    t: 9000, line: 4, url: "https://app.example.com/courses/1?mobile_offline=1", key: "https://app.example.com/courses/1",
                    detail: .notIntercepted(.turbo(.timeout), capturedAt: 1000)),
            ]),
        .init(
            name: "stale-archive",
            findings: [
                ArchiveFinding(
                    t: 86401000.5, line: 3, url: "https://app.example.com/courses/1", key: "https://app.example.com/courses/1",
                    detail: .staleArchive(ageMs: 86400000.5, staleMs: 86400000))
            ]),
        // …and not on its near miss.
        .init(name: "offline-miss-absent", findings: []),
        .init(name: "not-intercepted-absent", findings: []),
        .init(name: "stale-archive-absent", findings: []),
        // Every reason a miss can have, on the rule recordings.
        .init(
            name: "contract-example",
            findings: [
                missFinding(9500, line: 5, "https://app.example.com/grades", .neverVisited),
                ArchiveFinding(
                    t: 9900, line: 6, url: "https://app.example.com/courses/1", key: "https://app.example.com/courses/1",
                    detail: .notIntercepted(.code(-1005), capturedAt: 1200)),
            ]),
        .init(name: "quick-navigations", findings: [missFinding(7000, line: 9, "https://app.example.com/courses/1", .notCaptured)]),
        .init(
            name: "relaunch-cancels-capture",
            findings: [
                missFinding(6000, line: 6, "https://app.example.com/courses/1/lessons/2", .notCaptured)
            ]),
        .init(
            name: "clear-and-remove",
            findings: [
                missFinding(3000, line: 7, "https://app.example.com/courses/1", .removed),
                missFinding(5000, line: 10, "https://app.example.com/grades", .removed),
            ]),
        .init(
            name: "due-at-record",
            findings: [
                missFinding(2500.019, line: 3, "https://app.example.com/a", .notCaptured),
                missFinding(9500, line: 9, "https://app.example.com/d", .removed),
            ]),
        .init(
            name: "key-not-http",
            findings: [
                missFinding(
                    3000, line: 6, "file:///var/mobile/Containers/Data/offline.html#top", .notCaptured,
                    key: "file:///var/mobile/Containers/Data/offline.html"),
                missFinding(3100, line: 7, "/courses/1", .notCaptured),
                missFinding(3200, line: 8, "/courses/1#top", .neverVisited),
            ]),
        .init(name: "finish-with-url-change", findings: []),
        .init(name: "server-and-401", findings: []),
    ]
}

@Suite("explain: the web-archive cache's findings")
struct ArchiveFindingsTests {
    static func analyze(_ path: String, settings: ArchiveSettings = ArchiveSettings()) throws -> (ArchiveAnalyzer, [ArchiveEvent]) {
        let reader = try NativeRecordingReader(path: path)
        var analyzer = ArchiveAnalyzer(settings: settings)
        var events: [ArchiveEvent] = []
        while let record = try reader.next() { analyzer.feed(record) { events.append($0) } }
        analyzer.finish { events.append($0) }
        return (analyzer, events)
    }

    @Test("the findings on each recording", arguments: ArchiveExplainCase.all)
    func recording(_ c: ArchiveExplainCase) throws {
        let (analyzer, events) = try Self.analyze("\(archiveRecordings)/\(c.name).jsonl")
        #expect(analyzer.findings == c.findings)
        // Each finding is handed out as it is made, right after the row of the decision it is about.
        let handed = events.compactMap { if case .finding(let finding) = $0 { finding } else { nil } }
        #expect(handed == c.findings)
    }

    @Test("stale means over staleMs, not at it: a setting moves the line")
    func staleSetting() throws {
        let (analyzer, _) = try Self.analyze("\(archiveRecordings)/stale-archive-absent.jsonl", settings: ArchiveSettings(stale: 86_399_999.5))
        #expect(analyzer.findings.map(\.kind) == [.staleArchive])
    }

    @Test("the rows say what each record did to the cache, the timer's with its url-change")
    func rows() throws {
        let (_, events) = try Self.analyze("\(archiveRecordings)/relaunch-cancels-capture.jsonl")
        let rows = events.compactMap { if case .row(let row) = $0 { row } else { nil } }
        #expect(
            rows.map(\.step) == [
                .finished(
                    url: "https://app.example.com/courses/1",
                    capture: ArchiveDecision(t: 1000, outcome: .capture(key: "https://app.example.com/courses/1", via: .finish))),
                .scheduled(url: "https://app.example.com/courses/1", due: 3000, superseded: nil),
                .scheduled(url: "https://app.example.com/courses/1/lessons/2", due: 4000, superseded: "https://app.example.com/courses/1"),
                .cancelled(url: "https://app.example.com/courses/1/lessons/2"),
                .decided(
                    ArchiveDecision(
                        t: 6000,
                        outcome: .miss(
                            url: "https://app.example.com/courses/1/lessons/2",
                            toast: "Not available offline: https://app.example.com/courses/1/lessons/2"))),
                .decided(
                    ArchiveDecision(
                        t: 6100,
                        outcome: .served(
                            url: "https://app.example.com/courses/1",
                            key: "https://app.example.com/courses/1", ageMs: 5100))),
            ])
        #expect(rows.map(\.line) == [2, 3, 4, 5, 6, 7])
        let (_, timed) = try Self.analyze("\(archiveRecordings)/due-at-record.jsonl")
        let fired = timed.compactMap { if case .row(let row) = $0, case .timerFired = row.step { row } else { nil } }
        #expect(
            fired.first
                == ArchiveRow(
                    t: 500.019 + 2000, line: nil,
                    step: .timerFired(
                        url: "https://app.example.com/a", since: 500.019, sinceLine: 2,
                        capture: ArchiveDecision(t: 500.019 + 2000, outcome: .capture(key: "https://app.example.com/a", via: .urlChange)))))
    }

    @Test("a log's summary: offline views, served, misses by reason, passed and cached, ages, archives at the end")
    func summary() throws {
        let (analyzer, _) = try Self.analyze("\(archiveRecordings)/clear-and-remove.jsonl")
        var expected = ArchiveFileSummary()
        expected.offlineViews = 5
        expected.served = 2
        expected.missed = [.removed: 2]
        expected.passed = 1
        expected.passedCached = 0
        expected.servedAges = QuantileSketch([2000, 1000])
        expected.captures = 4
        expected.archivesAtEnd = 1
        expected.findings = [.offlineMiss: 2]
        expected.hasNavigation = true
        #expect(analyzer.summary == expected)
    }

    @Test("a log without navigation records has nothing for the cache", arguments: ["cold-boot-offline", "unauthorized-401"])
    func noNavigation(_ name: String) throws {
        let (analyzer, events) = try Self.analyze("\(packageRoot)/recordings/native/\(name).jsonl")
        #expect(!analyzer.summary.hasNavigation)
        #expect(analyzer.findings.isEmpty)
        #expect(events.allSatisfy { if case .row(let row) = $0 { row.step == .offlineWithoutURL } else { false } })
    }

    @Test("finding lines: t, finding, level, line, url, key, then the details")
    func lines() {
        #expect(
            missFinding(9500, line: 5, "https://app.example.com/grades", .neverVisited).jsonLine
                == #"{"t":9500,"finding":"offline-miss","level":"info","line":5,"url":"https://app.example.com/grades","key":"https://app.example.com/grades","reason":"never-visited","#
                + #""message":"never-visited: no earlier finish or url-change had https://app.example.com/grades; a page must be visited to be cached"}"#
        )
        #expect(
            ArchiveFinding(t: 9000, line: 4, url: "u", key: "k", detail: .notIntercepted(.turbo(.timeout), capturedAt: 1000.5)).jsonLine
                == #"{"t":9000,"finding":"not-intercepted","level":"warning","line":4,"url":"u","key":"k","turbo":"timeout","capturedAt":1000.5,"#
                + #""message":"the cache held k (captured at 1000.5), but Turbo timeout is not −1009: the error view showed"}"#)
        #expect(
            ArchiveFinding(t: 1, line: 2, url: "u", key: "k", detail: .staleArchive(ageMs: 90000000, staleMs: 86400000)).jsonLine
                == #"{"t":1,"finding":"stale-archive","level":"warning","line":2,"url":"u","key":"k","ageMs":90000000,"staleMs":86400000,"#
                + #""message":"served k 90000000 ms old, over 86400000 ms: an old page, and the user was not told how old"}"#)
    }
}
