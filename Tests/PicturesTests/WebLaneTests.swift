import OfflineBanner
import Testing

@testable import Pictures

/// The web picture's lanes, each given known marks on a 0–10 s axis.
@Suite("web timeline lanes")
struct WebLaneTests {
    @Test("navigator.onLine: a span per belief, green online, dark offline, named where it fits")
    func onlineLane() {
        var canvas = Canvas()
        canvas.drawOnlineLane([(0, 4000, true, false), (4000, 10_000, false, false)], y: 100, height: 28)
        let rects = canvas.elements.filter { $0.name == "rect" }
        #expect(rects.map { $0["fill"] } == ["#c8e6c9", "#455a64"])
        #expect(rects.map { $0["x"] } == ["150", "558"])
        #expect(rects.map { $0["width"] } == ["408", "612"])
        #expect(rects.allSatisfy { $0["y"] == "100" && $0["height"] == "28" })
        #expect(canvas.elements.filter { $0.name == "text" }.map(\.text) == ["online", "offline"])
    }

    @Test("navigator.onLine: a belief no record stated is hatched and says so; too narrow a span is not named")
    func assumedAndNarrow() {
        var canvas = Canvas()
        canvas.drawOnlineLane([(0, 100, true, true)], y: 0, height: 28)
        #expect(canvas.elements.first { $0.name == "rect" }?["fill"] == "url(#tr-assumed)")
        #expect(canvas.elements.first { $0.name == "title" }?.text.contains("(assumed, no record said)") == true)
        #expect(!canvas.elements.contains { $0.name == "text" })
    }

    @Test("the lanes draw nothing of marks they were not given")
    func emptyLanes() {
        var canvas = Canvas()
        canvas.drawOnlineLane([], y: 0, height: 28)
        canvas.drawPageChanges([], y: 0, height: 36)
        #expect(canvas.out.isEmpty)
        // The failures, submissions and banner lanes keep only their guide line.
        canvas.drawFailureLane([], responses: [], y: 0, height: 44)
        canvas.drawSubmissionLane([], y: 0, height: 36)
        canvas.drawBannerLane([], findings: [], y: 0, height: 36)
        #expect(canvas.elements.map(\.name) == ["line", "line", "line"])
    }

    @Test("network failures: a tick and a marker per kind, in its colour; responses as grey ticks")
    func failureLane() {
        var canvas = Canvas()
        let kinds = FailureKind.allCases
        let failures = kinds.enumerated().map { (t: Double($0.offset + 1) * 1500, kind: $0.element, about: "GET /") }
        canvas.drawFailureLane(failures, responses: [(t: 500, about: "200")], y: 0, height: 44)
        let elements = canvas.elements
        let ticks = elements.filter { $0.name == "line" && $0["stroke-width"] == "2.5" }
        #expect(ticks.map { $0["stroke"] } == kinds.map(\.color))
        #expect(elements.filter { $0.name == "line" && $0["stroke"] == "#78909c" }.map { $0["x1"] } == ["201"])
        // visit a square, frame and form paths, prefetch a filled circle, other a hollow one.
        let markers = elements.filter { ["rect", "path", "circle"].contains($0.name) }
        #expect(markers.map(\.name) == ["rect", "path", "path", "circle", "circle"])
        #expect(markers.last?["fill"] == "#ffffff")
        #expect(elements.filter { $0.name == "title" }.first { $0.text.hasPrefix("visit failure at 1500 ms") } != nil)
    }

    @Test("submissions: a circle by decision, labelled unless the label would run into the one before")
    func submissionLane() {
        var canvas = Canvas()
        let toast = SubmitDecision(t: 1000, outcome: .toast(label: "Sin conexión"))
        let success = SubmitDecision(t: 1100, outcome: .silent(.success))
        let later = SubmitDecision(t: 6000, outcome: .silent(.success))
        canvas.drawSubmissionLane([(1000, toast, "POST /a"), (1100, success, ""), (6000, later, "")], y: 0, height: 36)
        #expect(canvas.elements.filter { $0.name == "circle" }.map { $0["fill"] } == ["#c62828", "#2e7d32", "#2e7d32"])
        // The second is 10 px after the first: its label would overlap "toast".
        #expect(canvas.elements.filter { $0.name == "text" }.map(\.text) == ["toast", "success"])
        #expect(canvas.elements.first { $0.name == "title" }?.text == "submission at 1000 ms (POST /a): toast")
    }

    @Test("the banner: amber and green spans, a still-up arrow, each label clipped to its own span")
    func bannerLane() {
        var canvas = Canvas()
        canvas.drawBannerLane(
            [(1000, 4000, .offline, "Sin conexión", false), (4000, 6000, .backOnline, "Conectado", false), (8000, 10_000, .offline, "Sin conexión", true)],
            findings: [], y: 50, height: 36)
        let spans = canvas.elements.filter { $0.name == "rect" && $0["rx"] == "5" }
        #expect(spans.map { $0["fill"] } == ["#ffb300", "#43a047", "#ffb300"])
        #expect(spans.first?["x"] == "252" && spans.first?["width"] == "306")
        // Only the span still up when the recording ends gets the arrow.
        #expect(canvas.elements.filter { $0.name == "path" }.count == 1)
        let clips = canvas.elements.filter { $0.name == "clipPath" }.map { $0["id"] }
        #expect(clips == ["tr-clip-1", "tr-clip-2", "tr-clip-3"])
        let labels = canvas.elements.filter { $0.name == "text" }
        #expect(labels.map(\.text) == ["Sin conexión", "Conectado", "Sin conexión"])
        #expect(labels.map { $0["clip-path"] } == ["url(#tr-clip-1)", "url(#tr-clip-2)", "url(#tr-clip-3)"])
        #expect(canvas.clipCount == 3)
    }

    @Test("page changes: a dark mark under the banner, saying what left and when it came back")
    func pageChanges() {
        var canvas = Canvas()
        canvas.drawPageChanges([(2000, 2500, false), (7000, nil, true)], y: 50, height: 36)
        #expect(canvas.elements.filter { $0.name == "path" }.count == 2)
        #expect(
            canvas.elements.filter { $0.name == "title" }.map(\.text) == [
                "page replaced: disconnect at 2000 ms, connect at 2500 ms", "page unloaded: pagehide at 7000 ms",
            ])
    }
}
