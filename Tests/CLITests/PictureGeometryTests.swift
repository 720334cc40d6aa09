import Foundation
import Testing

@testable import TestSupport

/// The pictures' geometry, read off the SVG they emit, over every bundled recording and pair:
/// no text over another, none past the page's edge, and each error view's spans as long as the
/// times the session measures for them. A person reads a picture whole only if its labels
/// never collide; a span is only worth drawing if it is the measured time.
@Suite("the pictures' geometry")
struct PictureGeometryTests {
    /// Every session pair bundled: recordings/session's and the e2e pairs, as `[web, native]`.
    static let pairs: [[String]] = {
        let session = (try? Fixtures.recordingNames(in: Fixtures.recordings + "/session")) ?? []
        let bundled = session.filter { !$0.hasSuffix(".native") }.map { ["recordings/session/\($0).jsonl", "recordings/session/\($0).native.jsonl"] }
        let e2e = Fixtures.root.appendingPathComponent("e2e/session-pairs").path
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: e2e)) ?? []).filter { $0.hasSuffix(".web.jsonl") }.sorted()
        return bundled
            + names.map { name in
                let stem = "e2e/session-pairs/" + name.dropLast(".web.jsonl".count)
                return [stem + ".web.jsonl", stem + ".native.jsonl"]
            }
    }()

    @Test("render: no text over another, none past the edge", arguments: try Fixtures.nonEmpty(RenderDrawsEveryFindingTests.recordings, "recordings"))
    func recording(_ recording: String) throws {
        let config = recording + ".config.json"
        let hasConfig = FileManager.default.fileExists(atPath: Fixtures.root.appendingPathComponent(config).path)
        let run = try RunOnce.turboReplay(["render", "-o", "-"] + (hasConfig ? ["--config", config] : []) + [recording + ".jsonl"])
        #expect(run.status == 0, "\(recording): \(run.stderr)")
        #expect(SVGTextBoxes(run.stdout).problems == [], "\(recording)")
    }

    @Test("session --render: no text over another, none past the edge", arguments: try Fixtures.nonEmpty(pairs, "session pairs"))
    func session(_ pair: [String]) throws {
        let run = try RunOnce.turboReplay(["session", "--render", "-"] + pair)
        // A pair the session refuses (not one session, a malformed line) draws nothing.
        guard run.status != 65 else { return }
        #expect(run.stdout.hasPrefix("<?xml"), "\(pair): \(run.stderr)")
        #expect(SVGTextBoxes(run.stdout).problems == [], "\(pair)")
    }

    @Test(
        "session --render: the error views' spans are the measured shownMs (solid) and policyMs (outlined)",
        arguments: try Fixtures.nonEmpty(pairs, "session pairs"))
    func spans(_ pair: [String]) throws {
        let picture = try RunOnce.turboReplay(["session", "--render", "-"] + pair)
        guard picture.status != 65 else { return }
        let svg = picture.stdout
        // One scale over the whole axis: no break, nothing left out.
        guard !svg.contains("axis break"), !svg.contains("not drawn"), let scale = Self.pixelsPerMs(svg) else { return }
        let report = try RunOnce.turboReplay(["session", "--format", "jsonl"] + pair)
        let summary = report.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let shownMs = SVGTextBoxes.all(#""shownMs":([-0-9.e+]+)"#, in: summary).first.flatMap { Double($0[1]) } ?? 0
        let policyMs = SVGTextBoxes.all(#""policyMs":([-0-9.e+]+)"#, in: summary).first.flatMap { Double($0[1]) } ?? 0
        let rects = SVGTextBoxes.all(#"<rect ([^>]*)/>"#, in: svg).map { SVGTextBoxes.attributes(of: $0[1]) }.filter { $0["rx"] == nil }
        let solid = rects.filter { $0["fill-opacity"] == "0.55" }.compactMap { SVGTextBoxes.number($0["width"]) }
        let outlined = rects.filter { $0["fill"] == "none" && $0["stroke-width"] == "1.5" }.compactMap { SVGTextBoxes.number($0["width"]) }
        #expect(solid.count == outlined.count, "\(pair)")
        // Each width is to a tenth of a pixel, and a view of no time is drawn 1.5 px wide.
        let slack = Double(solid.count) * 1.6
        #expect(abs(solid.reduce(0, +) - shownMs * scale) <= slack, "\(pair): shownMs \(shownMs), drawn \(solid.reduce(0, +) / scale)")
        #expect(abs(outlined.reduce(0, +) - policyMs * scale) <= slack, "\(pair): policyMs \(policyMs), drawn \(outlined.reduce(0, +) / scale)")
    }

    /// The axis's scale, from its first two labels (`2.5 s`, each centred on its tick).
    static func pixelsPerMs(_ svg: String) -> Double? {
        let labels = SVGTextBoxes.all(#"<text ([^>]*)>(-?[0-9.]+) s</text>"#, in: svg).compactMap { match -> (x: Double, ms: Double)? in
            let attributes = SVGTextBoxes.attributes(of: match[1])
            guard attributes["text-anchor"] == "middle", attributes["font-size"] == "11", let x = SVGTextBoxes.number(attributes["x"]),
                let seconds = Double(match[2])
            else { return nil }
            return (x, seconds * 1000)
        }
        guard labels.count >= 3, labels[1].ms > labels[0].ms else { return nil }
        return (labels[1].x - labels[0].x) / (labels[1].ms - labels[0].ms)
    }

    /// Each pill text a picture draws is readable in it whole, not only on hover: in its bar
    /// (on one line or two), beside it, or under the chart. Wrapped lines are joined with the
    /// space they were broken at.
    static func unreadablePills(_ svg: String) -> [String] {
        let texts = SVGTextBoxes.all(#"<text [^>]*>([^<]*)</text>"#, in: svg).map { SVGTextBoxes.unescaped($0[1]) }.joined(separator: " ")
        let pills = SVGTextBoxes.all(#"<title>(offline|back-online) “([^”]*)” from"#, in: svg).map { SVGTextBoxes.unescaped($0[2]) }
        return pills.filter { !$0.isEmpty && !texts.contains($0) }
    }

    @Test("render and session --render: every pill's text is written whole somewhere in the picture")
    func pillsWhole() throws {
        var cutShort = 0
        for recording in RenderDrawsEveryFindingTests.recordings {
            let svg = try RunOnce.turboReplay(["render", "-o", "-", recording + ".jsonl"]).stdout
            #expect(Self.unreadablePills(svg) == [], "\(recording)")
            cutShort += svg.components(separatedBy: "…</text>").count - 1
        }
        // Some are cut short in their bar: the test reads pictures where it matters.
        #expect(cutShort > 0)
        for pair in Self.pairs {
            let svg = try RunOnce.turboReplay(["session", "--render", "-"] + pair).stdout
            #expect(Self.unreadablePills(svg) == [], "\(pair)")
        }
    }

    @Test("marks 0.6 s apart on a 650 s log are set apart, each joined to its time")
    func closeMarks() throws {
        let log = try Fixtures.file(
            """
            {"type":"meta","version":1,"recording":"native","platform":"ios","startedAt":"2026-12-01T10:00:00.000Z"}
            {"t":0,"type":"path","online":true}
            {"t":100000,"type":"path","online":false}
            {"t":200000,"type":"path","online":true}
            {"t":300000,"type":"presented","surface":"tab:home","error":{"kind":"web","code":500}}
            {"t":300600,"type":"tap-retry","surface":"tab:home"}
            {"t":301200,"type":"presented","surface":"tab:home","error":{"kind":"web","code":500}}
            {"t":400000,"type":"path","online":false}
            {"t":500000,"type":"path","online":true}
            {"t":650000,"type":"path","online":true}

            """, name: "long.native.jsonl")
        let run = try turboReplay(["render", "-o", "-", log])
        #expect(run.status == 0, "\(run.stderr)")
        // One scale over the whole log: 1 s is under 2 px.
        #expect(!run.stdout.contains("axis break"))
        let circles = SVGTextBoxes.all(#"<circle ([^>]*)/>"#, in: run.stdout).map { SVGTextBoxes.attributes(of: $0[1]) }.filter { $0["r"] == "6" }
        let triangles = SVGTextBoxes.all(##"<path d="M([0-9.]+) [0-9.]+ L[^"]*" fill="#2e7d32"/>"##, in: run.stdout).compactMap { Double($0[1]) }
        let xs = (circles.compactMap { SVGTextBoxes.number($0["cx"]) } + triangles).sorted()
        #expect(xs.count == 3)
        for (a, b) in zip(xs, xs.dropFirst()) { #expect(b - a >= 14, "\(xs)") }
        // Under a pixel apart in time: the two set apart each have a thin line back to it.
        #expect(SVGTextBoxes.all(##"stroke="#757575" stroke-width="0.8""##, in: run.stdout).count == 2)
    }
}
