import ArchiveCachePolicy
import NativeErrorPolicy
import Replay
import Testing
import TurboRecording

@testable import NativeFindings

/// The cache's analyzer on records made by hand: the events it emits, row by row, and what it
/// counts (docs/archive-cache.md's quick-navigations example, and the edges).
@Suite("ArchiveAnalyzer rows")
struct ArchiveAnalyzerRowsTests {
    static let root = "https://app.example.com/"

    static func run(_ events: [(Double, NativeEvent)], settings: ArchiveSettings = ArchiveSettings()) -> (ArchiveAnalyzer, [ArchiveEvent]) {
        var analyzer = ArchiveAnalyzer(settings: settings)
        var emitted: [ArchiveEvent] = []
        analyzer.feed(NativeRecord(line: 1, event: .meta(NativeMeta(platform: .ios)))) { emitted.append($0) }
        for (index, (t, event)) in events.enumerated() {
            analyzer.feed(NativeRecord(line: index + 2, event: .timed(t: t, event))) { emitted.append($0) }
        }
        analyzer.finish { emitted.append($0) }
        return (analyzer, emitted)
    }

    static func offline(_ url: String?) -> NativeEvent { .presented(Presented(surface: "tab:home", error: .web(.code(-1009)), url: url)) }

    @Test("quick navigations: each URL change supersedes the last; the page left within the debounce is a miss, the first one is served")
    func quickNavigations() {
        let r = Self.root
        let (analyzer, events) = Self.run([
            (1000, .finish(url: r)), (1000, .urlChange(url: r)), (2000, .urlChange(url: r + "courses")), (2800, .urlChange(url: r + "courses/1")),
            (3500, .urlChange(url: r + "courses/1/lessons/1")), (4100, .urlChange(url: r + "courses/1/lessons/2")),
            (6000, .urlChange(url: r + "courses/1/lessons/3")), (7000, Self.offline(r + "courses/1")), (7100, Self.offline(r)),
        ])
        let miss = ArchiveFinding(t: 7000, line: 9, url: r + "courses/1", key: r + "courses/1", detail: .offlineMiss(.notCaptured))
        let lessons3 = r + "courses/1/lessons/3"
        #expect(
            events == [
                .row(ArchiveRow(t: 1000, line: 2, step: .finished(url: r, capture: ArchiveDecision(t: 1000, outcome: .capture(key: r, via: .finish))))),
                .row(ArchiveRow(t: 1000, line: 3, step: .scheduled(url: r, due: 3000, superseded: nil))),
                .row(ArchiveRow(t: 2000, line: 4, step: .scheduled(url: r + "courses", due: 4000, superseded: r))),
                .row(ArchiveRow(t: 2800, line: 5, step: .scheduled(url: r + "courses/1", due: 4800, superseded: r + "courses"))),
                .row(ArchiveRow(t: 3500, line: 6, step: .scheduled(url: r + "courses/1/lessons/1", due: 5500, superseded: r + "courses/1"))),
                .row(ArchiveRow(t: 4100, line: 7, step: .scheduled(url: r + "courses/1/lessons/2", due: 6100, superseded: r + "courses/1/lessons/1"))),
                .row(ArchiveRow(t: 6000, line: 8, step: .scheduled(url: lessons3, due: 8000, superseded: r + "courses/1/lessons/2"))),
                .row(
                    ArchiveRow(
                        t: 7000, line: 9,
                        step: .decided(ArchiveDecision(t: 7000, outcome: .miss(url: r + "courses/1", toast: "Not available offline: " + r + "courses/1"))))),
                .finding(miss),
                .row(ArchiveRow(t: 7100, line: 10, step: .decided(ArchiveDecision(t: 7100, outcome: .served(url: r, key: r, ageMs: 6100))))),
                .row(
                    ArchiveRow(
                        t: 8000, line: nil,
                        step: .timerFired(
                            url: lessons3, since: 6000, sinceLine: 8, capture: ArchiveDecision(t: 8000, outcome: .capture(key: lessons3, via: .urlChange))))),
            ])
        #expect(analyzer.findings == [miss])
        #expect(analyzer.summary.served == 1 && analyzer.summary.misses == 1 && analyzer.summary.captures == 2)
        #expect(analyzer.summary.archivesAtEnd == 2 && analyzer.summary.servedAges == QuantileSketch([6100]))
    }

    @Test("no records: no rows, nothing counted, no navigation")
    func empty() {
        let (analyzer, events) = Self.run([])
        #expect(events.isEmpty)
        #expect(analyzer.summary == ArchiveFileSummary())
        #expect(!analyzer.summary.hasNavigation)
    }

    @Test("an offline view without a url is its own row; a server view is not the cache's at all")
    func withoutURL() {
        let (analyzer, events) = Self.run([
            (10, Self.offline(nil)), (20, .presented(Presented(surface: "s", error: .web(.code(500)), url: Self.root))),
        ])
        #expect(events == [.row(ArchiveRow(t: 10, line: 2, step: .offlineWithoutURL))])
        #expect(analyzer.summary.offlineViews == 1 && analyzer.summary.offlineWithoutURL == 1)
    }

    @Test("a page served past staleMs is a stale-archive finding; at staleMs exactly it is not")
    func stale() {
        let settings = ArchiveSettings(stale: 1000)
        let (_, atLimit) = Self.run([(0, .finish(url: Self.root)), (1000, Self.offline(Self.root))], settings: settings)
        #expect(!atLimit.contains { if case .finding = $0 { true } else { false } })
        let (analyzer, _) = Self.run([(0, .finish(url: Self.root)), (1000.5, Self.offline(Self.root))], settings: settings)
        #expect(analyzer.findings == [ArchiveFinding(t: 1000.5, line: 3, url: Self.root, key: Self.root, detail: .staleArchive(ageMs: 1000.5, staleMs: 1000))])
    }

    @Test("a miss on a page captured then cleared is removed; on one never visited, never-visited")
    func missReasons() {
        let (analyzer, events) = Self.run([
            (0, .finish(url: Self.root)), (10, .cacheClear), (20, Self.offline(Self.root)), (30, Self.offline(Self.root + "grades")),
        ])
        #expect(events.contains(.row(ArchiveRow(t: 10, line: 3, step: .cleared(count: 1)))))
        #expect(analyzer.findings.map(\.detail) == [.offlineMiss(.removed), .offlineMiss(.neverVisited)])
        #expect(analyzer.summary.missed == [.removed: 1, .neverVisited: 1])
    }
}
