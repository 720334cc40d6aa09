import BannerFindings
import OfflineBanner
import Testing

@testable import Pictures

/// What the page showed (`seen`), drawn under the model's pill, from known marks on a 0–10 s axis.
@Suite("the page-showed lane")
struct SeenLaneTests {
    @Test("a visible seen is a slate span with its text; a preview is hatched, with no text, and says it is not judged")
    func spans() {
        var canvas = Canvas()
        canvas.drawSeenLane([(1000, 4000, "Sin conexión", false), (5000, 5500, "", true)], y: 200, height: 26)
        let rects = canvas.elements.filter { $0.name == "rect" }
        #expect(rects.map { $0["fill"] } == ["#546e7a", "url(#tr-assumed)"])
        #expect(rects.map { $0["x"] } == ["252", "660"])
        #expect(canvas.elements.filter { $0.name == "text" }.map(\.text) == ["Sin conexión"])
        #expect(canvas.elements.filter { $0.name == "title" }.last?.text.contains("cache preview (not judged)") == true)
    }

    @Test("the lanes gather a span per visible seen, ended by the next seen or an unloading pagehide; none without seen")
    func gathered() {
        var lanes = BannerLanes(limits: RenderLimits())
        #expect(!lanes.hasSeen)
        for (t, visible, text) in [(100.0, false, ""), (1000.0, true, "Sin conexión"), (3000.0, true, "De nuevo en línea")] {
            lanes.add(.seen(SeenStep(line: 1, seen: BannerSeen(t: t, visible: visible, text: text))))
        }
        lanes.finish(end: 4000)
        #expect(lanes.hasSeen)
        #expect(lanes.seenSpans.marks.map(\.text) == ["Sin conexión", "De nuevo en línea"])
        #expect(lanes.seenSpans.marks.map(\.to) == [3000, 4000])
    }
}
