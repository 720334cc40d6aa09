import AppSession
import NativeErrorPolicy
import OfflineBanner
import Testing

@testable import Pictures

/// The session picture's lanes, each given known lines on a 0–10 s axis.
@Suite("session timeline lanes")
struct SessionLaneTests {
    @Test("connectivity: offline (assumed) until the first line, then a span per change to the axis's end")
    func connectivity() {
        var canvas = Canvas()
        canvas.drawSessionConnectivity([(2000, true), (6000, false)], y: 0, height: 26)
        let rects = canvas.elements.filter { $0.name == "rect" }
        #expect(rects.map { $0["fill"] } == ["#eceff1", "#c8e6c9", "#455a64"])
        #expect(rects.map { $0["x"] } == ["150", "354", "762"])
        #expect(rects.last?["width"] == "408")
        #expect(canvas.elements.filter { $0.name == "text" }.map(\.text) == ["offline (assumed)", "online", "offline"])
    }

    @Test("a surface's lane draws its own decisions, not another surface's")
    func surfaceLane() {
        var canvas = Canvas()
        let decisions = [
            Decision(t: 1000, surface: "main", outcome: .view(.server)),
            Decision(t: 3000, surface: "modal", outcome: .view(.offline)),
            Decision(t: 5000, surface: "main", outcome: .deferred(until: 7000)),
        ]
        canvas.drawSurfaceLane(decisions, on: "main", y: 0, height: 30)
        #expect(canvas.elements.filter { $0.name == "circle" }.map { $0["stroke"] } == ["#c62828", "#6d4c41"])
        #expect(canvas.elements.filter { $0.name == "title" }.map(\.text) == ["server view on main at 1000 ms", "deferred until 7000 on main at 5000 ms"])
        var other = Canvas()
        other.drawSurfaceLane(decisions, on: "settings", y: 0, height: 30)
        #expect(other.elements.map(\.name) == ["line"])
    }

    @Test("the banner: the pill to the next record, hidden draws nothing, toasts as squares")
    func bannerLane() {
        var canvas = Canvas()
        let changes = [
            BannerChange(t: 1000, banner: .offline, label: "Sin conexión", cause: .offline),
            BannerChange(t: 3000, banner: .backOnline, label: "Conectado", cause: .online),
            BannerChange(t: 5000, banner: .hidden, label: nil, cause: .flashElapsed),
        ]
        canvas.drawSessionBanner(changes, toasts: [(t: 2000, label: "No se envió")], y: 0, height: 34)
        let rects = canvas.elements.filter { $0.name == "rect" }
        #expect(rects.map { $0["fill"] } == ["#ffb300", "#43a047", "#6a1b9a"])
        #expect(rects.first?["x"] == "252" && rects.first?["width"] == "204")
        #expect(canvas.elements.last { $0.name == "title" }?.text == "toast “No se envió” at 2000 ms")
    }

    @Test("latencies: blue within lateMs, red past it, a stuck edge dashed to the next drop, an unannounced drop said")
    func latencyLane() {
        var canvas = Canvas()
        let drops = [SessionDrop(t: 1000, edge: 4000, dropToPill: 800, pill: 1800), SessionDrop(t: 7000, edge: nil)]
        let edges = [SessionEdge(t: 4000, nextDrop: 7000, edgeToClear: .measured(2500), edgeToPage: .stuck)]
        canvas.drawLatencyLane(drops: drops, edges: edges, lateMs: 2000, y: 0)
        let spans = canvas.elements.filter { $0.name == "line" && $0["stroke-width"] == "2.5" }
        #expect(spans.map { $0["stroke"] } == ["#1565c0", "#b00020", "#b00020"])
        #expect(spans.map { $0["y1"] } == ["12", "30", "48"])
        #expect(spans.last?["stroke-dasharray"] == "5 3" && spans.last?["x2"] == "864")
        #expect(canvas.elements.filter { $0.name == "text" }.map(\.text) == ["800 ms", "2500 ms", "stuck", "unannounced"])
        // The unannounced drop's ring sits at its time on the pill's row.
        #expect(canvas.elements.filter { $0.name == "circle" }.map { [$0["cx"], $0["cy"]] } == [["864", "12"]])
    }

    @Test("the session lanes draw nothing of lines they were not given")
    func emptyLanes() {
        var canvas = Canvas()
        canvas.drawSessionBanner([], toasts: [], y: 0, height: 34)
        canvas.drawLatencyLane(drops: [], edges: [], lateMs: 2000, y: 0)
        canvas.drawChangeLines([], top: 0, bottom: 100)
        #expect(canvas.out.isEmpty)
    }
}
