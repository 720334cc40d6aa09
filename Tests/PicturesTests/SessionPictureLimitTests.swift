import AppSession
import NativeErrorPolicy
import OfflineBanner
import Testing

@testable import Pictures

/// `session --render` on a long session: each lane keeps its first `RenderLimits.defaultMaxMarks`
/// marks and the picture says what it left out; what it keeps is the same at N and 10·N lines.
@Suite("the session picture's limits")
struct SessionPictureLimitTests {
    /// A pair of flapping logs: the page's network and the app's path, `cycles` times each.
    static func flaps(_ cycles: Int) -> AppSession {
        var web = WebSessionLog(), native = NativeSessionLog()
        web.feed(.connect(context: nil, online: true), at: 10)
        var t = 10.0
        for i in 1...cycles {
            native.feed(.path(online: false), at: t + 300)
            web.feed(.offline, at: t + 400)
            native.feed(.path(online: true), at: t + 1400)
            t += 1300 + Double(i % 3) * 300
            web.feed(.online, at: t)
        }
        web.finish()
        native.finish()
        return AppSession(web: web, native: native, offset: 0)
    }

    @Test("a short session keeps every mark and says nothing is left out")
    func short() {
        let marks = SessionPictureMarks(Self.flaps(20))
        #expect(marks.elided.isEmpty)
        #expect(!SessionSVG.render(marks, web: "w.jsonl", native: "n.jsonl").contains("not drawn"))
    }

    @Test("past the limit each lane stops at 2,000 marks, the findings at 40, and the picture says what it left out")
    func long() {
        let marks = SessionPictureMarks(Self.flaps(3000))
        #expect(marks.connectivity.marks.count == RenderLimits.defaultMaxMarks)
        // Connectivity starts offline: the first path offline is no line.
        #expect(marks.connectivity.elided == 5999 - RenderLimits.defaultMaxMarks)
        #expect(marks.findings.marks.count <= RenderLimits.maxFindings)
        let svg = SessionSVG.render(marks, web: "w.jsonl", native: "n.jsonl")
        #expect(svg.contains("not drawn, past 2000 marks a lane (40 findings): 3999 connectivity lines from "))
    }

    @Test("what the picture keeps is the same at N and 10·N cycles")
    func flat() {
        func kept(_ marks: SessionPictureMarks) -> [Int] {
            [
                marks.connectivity.marks.count, marks.decisions.marks.count, marks.banners.marks.count, marks.toasts.marks.count,
                marks.records.marks.count, marks.layerFindings.marks.count, marks.drops.marks.count, marks.edges.marks.count,
                marks.findings.marks.count, marks.surfaces.count,
            ]
        }
        // Both past the marks a lane keeps (2,000, and the first flap makes no drop), the smaller
        // within the busy times kept exactly (50,000; some seven a cycle), the larger past them.
        let small = SessionPictureMarks(Self.flaps(2_500)), large = SessionPictureMarks(Self.flaps(25_000))
        #expect(kept(small) == kept(large))
        // The busy times: every one up to a bound, then only the longest gaps.
        #expect(small.busy.exact != nil && large.busy.exact == nil)
    }
}
