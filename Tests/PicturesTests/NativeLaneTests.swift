import LaunchPolicy
import NativeErrorPolicy
import Testing

@testable import Pictures

/// The native picture's lanes, each given known marks on a 0–10 s axis.
@Suite("native timeline lanes")
struct NativeLaneTests {
    @Test("the root screen: a span per screen in its colour, named with the view that put it there")
    func rootLane() {
        var canvas = Canvas()
        let screens = [
            (from: 0.0, to: 3000.0, change: ScreenChange(t: 0, screen: .loading, cause: .launch)),
            (from: 3000.0, to: 10_000.0, change: ScreenChange(t: 3000, screen: .error, cause: .presented(surface: "main", view: .offline))),
        ]
        canvas.drawRootLane(screens, y: 100, height: 40)
        let rects = canvas.elements.filter { $0.name == "rect" && $0["fill"] != nil }
        #expect(rects.map { $0["fill"] } == [LaunchLanes.color("loading"), LaunchLanes.color("error")])
        #expect(canvas.elements.filter { $0.name == "text" }.map(\.text) == ["loading", "error (offline, main)"])
        #expect(canvas.elements.filter { $0.name == "clipPath" }.count == 2)
    }

    @Test("launch marks: a new root over the lane, ready and stalled under it, each saying how long")
    func launchMarks() {
        var canvas = Canvas()
        canvas.drawLaunchMarks(
            [
                .screen(ScreenChange(t: 0, screen: .loading, cause: .launch)), .launch(LaunchDecision(t: 1200, outcome: .ready, launchMs: 1200)),
                .screen(ScreenChange(t: 5000, screen: .web, cause: .pageLoad)), .launch(LaunchDecision(t: 9000, outcome: .stalled, launchMs: 10_000)),
            ], y: 100, height: 40)
        let paths = canvas.elements.filter { $0.name == "path" }
        // The page load is no launch: three marks, not four.
        #expect(paths.map { $0["fill"] } == ["#263238", "#1b5e20", "#e65100"])
        #expect(canvas.elements.filter { $0.name == "text" }.map(\.text) == ["ready in 1200 ms", "stalled: 10000 ms loading"])
        // The stall near the right edge is named to the left of its mark.
        #expect(canvas.elements.last { $0.name == "text" }?["text-anchor"] == "end")
    }

    @Test("a surface's lane: each decision's mark, named without the surface; the other surfaces' lane names it")
    func surfaceLanes() {
        let decisions = [
            Decision(t: 1000, surface: "main", outcome: .view(.offline)),
            Decision(t: 5000, surface: "modal", outcome: .retry(.automatic(.edge))),
        ]
        let titled: (String, Decision) -> String = { "\($0), \($1.surface) at \($1.t) ms" }
        var main = Canvas()
        main.drawSurfaceLane(decisions, on: { $0 == "main" }, titled: titled, y: 0, height: 30)
        #expect(main.elements.first { $0.name == "circle" }?["fill"] == "#ef6c00")
        #expect(main.elements.filter { $0.name == "text" }.map(\.text) == ["offline view"])
        #expect(main.elements.filter { $0.name == "title" }.map(\.text) == ["offline view, main at 1000.0 ms"])
        var other = Canvas()
        other.drawSurfaceLane(decisions, on: { $0 != "main" }, named: true, titled: titled, y: 0, height: 30)
        #expect(other.elements.first { $0.name == "path" }?["fill"] == "#2e7d32")
        #expect(other.elements.filter { $0.name == "text" }.map(\.text) == ["retry (edge), modal"])
        #expect(other.legend.kinds == [.retry])
    }

    @Test("a decision's label stops short of the next mark: the legend and its title say what it is")
    func labelsBeforeTheNextMark() {
        var canvas = Canvas()
        canvas.drawSurfaceLane(
            [Decision(t: 1000, surface: "main", outcome: .view(.offline)), Decision(t: 1300, surface: "main", outcome: .retry(.automatic(.edge)))],
            on: { _ in true }, titled: { label, _ in label }, y: 0, height: 30)
        #expect(canvas.elements.filter { $0.name == "text" }.map(\.text) == ["retry (edge)"])
        #expect(canvas.elements.filter { $0.name == "title" }.map(\.text) == ["offline view", "retry (edge)"])
        #expect(canvas.legend.kinds.map(\.label) == ["offline view", "retry"])
    }

    @Test("connectivity: the first span starts at the axis, the last runs to its end unless a window ends it")
    func connectivity() {
        let spans = [(from: -Double.infinity, to: 2000.0, online: false, assumed: true), (from: 2000.0, to: 4000.0, online: true, assumed: false)]
        var whole = Canvas()
        whole.drawNativeConnectivity(spans, limits: RenderLimits(), y: 0, height: 22)
        let rects = whole.elements.filter { $0.name == "rect" }
        #expect(rects.map { $0["fill"] } == ["url(#tr-assumed)", "#c8e6c9"])
        #expect(rects.map { $0["x"] } == ["150", "354"])
        #expect(rects.last?["width"] == "816")
        var windowed = Canvas()
        windowed.drawNativeConnectivity(spans, limits: RenderLimits(from: 0, to: 5000), y: 0, height: 22)
        #expect(windowed.elements.filter { $0.name == "rect" }.last?["width"] == "204")
    }

    @Test("the native lanes draw nothing of marks they were not given")
    func emptyLanes() {
        var canvas = Canvas()
        canvas.drawRootLane([], y: 0, height: 40)
        canvas.drawLaunchMarks([], y: 0, height: 40)
        canvas.drawAppLane([], mismatches: [], last: nil, y: 0, height: 26)
        canvas.drawNativeConnectivity([], limits: RenderLimits(), y: 0, height: 22)
        #expect(canvas.out.isEmpty && canvas.legend.kinds.isEmpty)
    }
}
