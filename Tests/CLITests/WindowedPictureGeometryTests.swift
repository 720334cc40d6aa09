import Foundation
import Testing

@testable import TestSupport

/// `session --render --from/--to` over every bundled pair, at windows cut through its busy
/// times and through its error views: nothing drawn past the axis (a span running past either
/// end of the window is cut at it), and a view presented before the window and still up in it
/// drawn from the window's start, its hover still the whole view's.
@Suite("the windowed pictures' geometry")
struct WindowedPictureGeometryTests {
    /// A view's times as the whole picture's hover gives them: presented, and its two ends.
    struct View: Equatable {
        var title: String
        var from: Double
        var end: Double
    }

    static func views(_ svg: String) -> [View] {
        SVGTextBoxes.all(
            #"<title>([^<]* view on [^<]* from (-?[0-9.]+) ms: [^<]* at (-?[0-9.]+) ms \(shownMs\); [^<]* at (-?[0-9.]+) ms \(policyMs\))</title>"#, in: svg
        )
        .compactMap { match in
            guard let from = Double(match[2]), let app = Double(match[3]), let policy = Double(match[4]) else { return nil }
            return View(title: match[1], from: from, end: max(app, policy))
        }
    }

    /// The windows drawn of a session from `first` to `last` with these views: its middle
    /// third, its first half, and one opening in the middle of each view that lasts.
    static func windows(first: Double, last: Double, views: [View]) -> [(from: Double, to: Double)] {
        let span = last - first
        guard span >= 30 else { return [] }
        var windows = [(from: first + span / 3, to: first + 2 * span / 3), (from: first, to: first + span / 2)]
        for view in views.prefix(2) where view.end - view.from >= 20 {
            let from = (view.from + (view.end - view.from) / 2).rounded()
            windows.append((from, from + max(view.end - view.from, 1000)))
        }
        return windows.map { ($0.from.rounded(), $0.to.rounded()) }
    }

    /// Every `<rect>` and `<line>` drawn between the plot's top and its axis, as their x extents.
    static func extents(_ svg: String, top: Double, axisY: Double) -> [(tag: String, x0: Double, x1: Double)] {
        SVGTextBoxes.all(#"<(rect|line) ([^>]*?)/?>"#, in: svg).compactMap { match in
            let a = SVGTextBoxes.attributes(of: match[2])
            if match[1] == "rect" {
                guard let x = SVGTextBoxes.number(a["x"]), let y = SVGTextBoxes.number(a["y"]), let w = SVGTextBoxes.number(a["width"]),
                    y >= top, y < axisY
                else { return nil }
                return ("rect \(match[2])", x, x + w)
            }
            guard let x1 = SVGTextBoxes.number(a["x1"]), let x2 = SVGTextBoxes.number(a["x2"]), let y1 = SVGTextBoxes.number(a["y1"]),
                y1 >= top, y1 < axisY
            else { return nil }
            return ("line \(match[2])", min(x1, x2), max(x1, x2))
        }
    }

    @Test("the extents read lines as well as rects: a name with a digit (x1, y2) is an attribute")
    func extentsReadLines() {
        let svg = #"<rect x="10" y="20" width="5" height="2"/><line x1="30" y1="25" x2="12" y2="25" stroke-width="1.5"/>"#
        let found = Self.extents(svg, top: 0, axisY: 100)
        #expect(found.map(\.x0) == [10, 12] && found.map(\.x1) == [15, 30], "\(found)")
        #expect(SVGTextBoxes.attributes(of: ##"x1="2" stroke-width="1.5" xlink:href="#a""##) == ["x1": "2", "stroke-width": "1.5", "xlink:href": "#a"])
    }

    @Test(
        "session --render --from/--to: every span and bar inside the axis; a view open at --from drawn from it",
        arguments: try Fixtures.nonEmpty(PictureGeometryTests.pairs, "session pairs"))
    func windowed(_ pair: [String]) throws {
        let whole = try RunOnce.turboReplay(["session", "--render", "-"] + pair)
        guard whole.status != 65 else { return }
        let report = try RunOnce.turboReplay(["session", "--format", "jsonl"] + pair)
        let times = report.stdout.split(separator: "\n").compactMap(SessionWindowTests.time)
        guard let first = times.min(), let last = times.max() else { return }
        let views = Self.views(whole.stdout)
        for window in Self.windows(first: first, last: last, views: views) {
            let name = "\(pair) --from \(window.from) --to \(window.to)"
            let run = try turboReplay(["session", "--render", "-", "--from", "\(Int(window.from))", "--to", "\(Int(window.to))"] + pair)
            #expect(run.status == whole.status, "\(name): \(run.stderr)")
            let svg = run.stdout
            // The axis: the first horizontal dark line; the plot from the findings lane's top.
            guard let axis = SVGTextBoxes.all(##"<line x1="([0-9.]+)" y1="([0-9.]+)" x2="([0-9.]+)" y2="\2" stroke="#333333"/>"##, in: svg).first,
                let left = Double(axis[1]), let axisY = Double(axis[2]), let right = Double(axis[3])
            else {
                Issue.record("\(name): no axis")
                continue
            }
            let top = SVGTextBoxes.all(#"<line x1="[0-9.]+" y1="([0-9.]+)" x2="[0-9.]+" y2="[0-9.]+"/>"#, in: svg).first.flatMap { Double($0[1]) } ?? 0
            // A span or bar inside the axis; a mark (a toast's square, 6 px) centred on its time in it.
            for extent in Self.extents(svg, top: top, axisY: axisY) {
                let (x0, x1) = extent.x1 - extent.x0 > 8 ? (extent.x0, extent.x1) : ((extent.x0 + extent.x1) / 2, (extent.x0 + extent.x1) / 2)
                #expect(x0 >= left - 0.05 && x1 <= right + 0.05, "\(name): \(extent.tag) outside \(left)…\(right)")
            }
            #expect(SVGTextBoxes(svg).problems == [], "\(name)")
            // A view up across --from: drawn, from the window's start, with the whole view's hover.
            guard !svg.contains("axis break"), !svg.contains("not drawn"), let scale = PictureGeometryTests.pixelsPerMs(svg),
                let tick = Self.firstTick(svg)
            else { continue }
            let drawnViews = Self.views(svg)
            for view in views where view.from < window.from && view.end > window.from {
                let drawn = drawnViews.filter { $0 == view }
                #expect(drawn.count == 1, "\(name): the view from \(view.from) to \(view.end) is not drawn")
                let at = tick.x + (window.from - tick.ms) * scale
                let rect = svg.range(of: view.title).flatMap { title in SVGTextBoxes.first(#"<rect [^>]*/>"#, in: String(svg[title.upperBound...])) }
                let x = rect.flatMap { SVGTextBoxes.number(SVGTextBoxes.attributes(of: $0)["x"]) }
                #expect(x.map { abs($0 - at) <= 0.1 } ?? false, "\(name): the view from \(view.from) drawn at \(x ?? .nan), the window's start at \(at)")
            }
        }
    }

    /// The axis's first labelled tick: its x and its time.
    static func firstTick(_ svg: String) -> (x: Double, ms: Double)? {
        SVGTextBoxes.all(#"<text ([^>]*)>(-?[0-9.]+) s</text>"#, in: svg).lazy.compactMap { match -> (x: Double, ms: Double)? in
            let attributes = SVGTextBoxes.attributes(of: match[1])
            guard attributes["text-anchor"] == "middle", attributes["font-size"] == "11", let x = SVGTextBoxes.number(attributes["x"]),
                let seconds = Double(match[2])
            else { return nil }
            return (x, seconds * 1000)
        }.first
    }
}
