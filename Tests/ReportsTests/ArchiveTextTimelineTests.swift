import ArchiveCachePolicy
import NativeErrorPolicy
import Testing

@testable import NativeFindings
@testable import Reports

/// The web-archive cache as tables (docs/archive-cache.md's example): the decisions, `explain`'s
/// rows with their line, and the findings.
@Suite("ArchiveTextTimeline")
struct ArchiveTextTimelineTests {
    let settings = ArchiveSettings()

    func row(_ t: Double, _ line: Int?, _ step: ArchiveStep) -> String {
        ArchiveTextTimeline.row(ArchiveRow(t: t, line: line, step: step), settings: settings)
    }

    @Test("the docs' explain rows, exactly")
    func docsRows() {
        let root = "https://app.example.com/"
        #expect(ArchiveTextTimeline.explainHeader == "      t (ms)   line  archive      detail")
        #expect(
            ArchiveTextTimeline.settings(settings) == "ios: debounce 2000 ms, stale 86400000 ms, strip mobile_offline, mobile_app_v2")
        #expect(
            row(1000, 2, .finished(url: root, capture: ArchiveDecision(t: 1000, outcome: .capture(key: root, via: .finish))))
                == "        1000      2  capture      https://app.example.com/ (finish)")
        #expect(
            row(1000, 3, .scheduled(url: root, due: 3000, superseded: nil))
                == "        1000      3  url-change   https://app.example.com/: capture due at 3000")
        #expect(
            row(2000, 4, .scheduled(url: root + "courses", due: 4000, superseded: root))
                == "        2000      4  url-change   https://app.example.com/courses: capture due at 4000; the pending capture of https://app.example.com/ is superseded"
        )
        let courses = root + "courses/1"
        #expect(
            row(7000, 9, .decided(ArchiveDecision(t: 7000, outcome: .miss(url: courses, toast: ArchiveDecision.missToast(courses)))))
                == "        7000      9  miss         https://app.example.com/courses/1 → toast “Not available offline: https://app.example.com/courses/1”, and back"
        )
        #expect(
            row(7100, 10, .decided(ArchiveDecision(t: 7100, outcome: .served(url: root, key: root, ageMs: 6100))))
                == "        7100     10  served       https://app.example.com/ → the archive of https://app.example.com/, 6100 ms old, loads instead of the error view"
        )
        let lesson = root + "courses/1/lessons/3"
        let capture = ArchiveDecision(t: 8000, outcome: .capture(key: lesson, via: .urlChange))
        #expect(
            row(8000, nil, .timerFired(url: lesson, since: 6000, sinceLine: 8, capture: capture))
                == "        8000         capture      https://app.example.com/courses/1/lessons/3 (url-change at 6000, line 8: stayed put 2000 ms)")
        #expect(
            ArchiveTextTimeline.row(ArchiveFinding(t: 7000, line: 9, url: courses, key: courses, detail: .offlineMiss(.notCaptured)))
                == "        7000      9  finding      offline-miss (info) not-captured: https://app.example.com/courses/1 was visited but never captured (its URL changes were superseded within the debounce or cut short by a launch, or its scheme is not http)"
        )
    }

    @Test("a URL that is not its own key names both; one that is not http is never captured")
    func keysAndSchemes() {
        let url = "https://a.example/?mobile_offline=1", key = "https://a.example/"
        let capture = ArchiveDecision(t: 1, outcome: .capture(key: key, via: .finish))
        #expect(
            row(1, 2, .finished(url: url, capture: capture))
                == "           1      2  capture      https://a.example/ (finish of https://a.example/?mobile_offline=1)")
        #expect(
            row(3, nil, .timerFired(url: "about:blank", since: 1, sinceLine: 2, capture: nil))
                == "           3         no capture   about:blank (url-change at 1, line 2): its scheme is not http")
        #expect(row(1, 2, .notCapturable(url: "data:x")) == "           1      2  no capture   data:x: finished, but its scheme is not http")
    }

    @Test("launch, clear, remove and an offline view without a url")
    func housekeeping() {
        #expect(
            row(5, 3, .cancelled(url: "https://a/"))
                == "           5      3  launch       the pending capture of https://a/ died with the old process; archives stay")
        #expect(row(5, 3, .cleared(count: 1)) == "           5      3  clear        1 archive removed")
        #expect(row(5, 3, .cleared(count: 0)) == "           5      3  clear        0 archives removed")
        #expect(row(5, 3, .removed(url: "https://a/", key: "https://a/", held: true)) == "           5      3  remove       https://a/ removed")
        #expect(
            row(5, 3, .removed(url: "https://a/?x", key: "https://a/", held: true))
                == "           5      3  remove       https://a/ removed (remove of https://a/?x)")
        #expect(
            row(5, 3, .removed(url: "https://b/", key: "https://b/", held: false))
                == "           5      3  remove       https://b/: not in the cache, nothing removed")
        #expect(
            row(5, 3, .offlineWithoutURL)
                == "           5      3  no url       an offline error view without a url: the cache cannot tell which page failed")
    }

    @Test("the decisions table: a passed failure names its code or Turbo status, and whether the cache held the page")
    func decisions() {
        #expect(ArchiveTextTimeline.header == "      t (ms)  decision  detail")
        #expect(
            ArchiveTextTimeline.row(ArchiveDecision(t: 9000, outcome: .passed(url: "https://a/", failure: .code(-1001), cached: true)))
                == "        9000  passed    https://a/ → −1001 is not −1009: the error view shows (the cache held the page)")
        #expect(
            ArchiveTextTimeline.row(ArchiveDecision(t: 9000, outcome: .passed(url: "https://a/", failure: .turbo(.timeout), cached: false)))
                == "        9000  passed    https://a/ → Turbo timeout is not −1009: the error view shows (the cache did not hold the page)")
        #expect(
            ArchiveTextTimeline.row(ArchiveDecision(t: 1, outcome: .passed(url: "u", failure: .code(500), cached: false)))
                == "           1  passed    u → 500 is not −1009: the error view shows (the cache did not hold the page)")
    }

    @Test("the findings: never-visited, removed, not-intercepted, stale")
    func findings() {
        func finding(_ detail: ArchiveFinding.Detail) -> String {
            ArchiveTextTimeline.row(ArchiveFinding(t: 9500, line: 5, url: "https://a/", key: "https://a/", detail: detail))
        }
        #expect(
            finding(.offlineMiss(.neverVisited))
                == "        9500      5  finding      offline-miss (info) never-visited: no earlier finish or url-change had https://a/; a page must be visited to be cached"
        )
        #expect(
            finding(.offlineMiss(.removed))
                == "        9500      5  finding      offline-miss (info) removed: https://a/ was captured, then a clear or a remove took it")
        #expect(
            finding(.notIntercepted(.code(-1001), capturedAt: 1000.5))
                == "        9500      5  finding      not-intercepted (warning) the cache held https://a/ (captured at 1000.5), but −1001 is not −1009: the error view showed"
        )
        #expect(
            finding(.staleArchive(ageMs: 90_000_000, staleMs: 86_400_000))
                == "        9500      5  finding      stale-archive (warning) served https://a/ 90000000 ms old, over 86400000 ms: an old page, and the user was not told how old"
        )
    }

    @Test("URLs with control characters print escaped; no strip parameters, or an empty one, say so")
    func edges() {
        #expect(
            ArchiveTextTimeline.row(ArchiveDecision(t: 0, outcome: .capture(key: "https://a/\n\u{1B}", via: .finish)))
                == #"           0  capture   https://a/\u{A}\u{1B} (finish)"#)
        #expect(ArchiveTextTimeline.settings(ArchiveSettings(stripParams: [])) == "ios: debounce 2000 ms, stale 86400000 ms, strip nothing")
        #expect(
            ArchiveTextTimeline.settings(ArchiveSettings(debounce: 0.5, stripParams: ["", "a"]))
                == "ios: debounce 0.5 ms, stale 86400000 ms, strip (empty parameters), a")
    }
}
