import NativeErrorPolicy
import Testing

@testable import Pictures

/// What every timeline draws the same way around its lanes: the findings' flags, the window's
/// clip, the legend's keys.
@Suite("timeline parts")
struct ChartPartsTests {
    @Test("flags take the rows their layout gave them, and say what they flag on hover")
    func flags() {
        var canvas = Canvas()
        let flags = [
            (t: 1000.0, label: "1 stale-pill", title: "stale", level: FindingLevel.warning),
            (t: 1100.0, label: "2 late-pill", title: "late", level: FindingLevel.warning),
        ]
        let layout = canvas.layoutFlags(flags.map { (t: $0.t, label: $0.label) })
        // 10 px apart: the second label would overlap the first, so it takes a row of its own.
        #expect(layout.rows == 2 && layout.row == [0, 1])
        canvas.drawFlags(flags, layout: layout, bottom: 300)
        let labels = canvas.elements.filter { $0.name == "text" }
        #expect(labels.map(\.text) == ["1 stale-pill", "2 late-pill"])
        #expect(labels.map { $0["y"] } == ["78", "95"])
        #expect(canvas.elements.filter { $0.name == "title" }.map(\.text) == ["stale", "late"])
    }

    @Test("an info finding's flag is not a warning's: hollow and blue, with its own key")
    func levels() {
        var canvas = Canvas()
        let flags = [
            (t: 1000.0, label: "1 online-lied", title: "w", level: FindingLevel.warning),
            (t: 5000.0, label: "2 offline-miss", title: "i", level: FindingLevel.info),
        ]
        canvas.drawFlags(flags, layout: canvas.layoutFlags(flags.map { (t: $0.t, label: $0.label) }), bottom: 300)
        let pennants = canvas.elements.filter { $0.name == "path" }
        #expect(pennants.map { $0["fill"] } == ["#b00020", "#ffffff"])
        #expect(pennants.map { $0["stroke"] } == ["#b00020", "#1565c0"])
        #expect(canvas.elements.filter { $0.name == "text" }.map { $0["fill"] } == ["#b00020", "#1565c0"])
        #expect(canvas.legend.kinds.map(\.label) == ["warning finding (numbered, its sentence below)", "info finding (numbered, its sentence below)"])
    }

    @Test("only a window clips the lanes to the plot")
    func window() {
        var whole = Canvas()
        whole.windowed(RenderLimits(), top: 64, bottom: 300) { $0.out += "<g/>\n" }
        #expect(whole.out == "<g/>\n")
        var window = Canvas()
        window.windowed(RenderLimits(from: 1000), top: 64, bottom: 300) { $0.out += "<g/>\n" }
        #expect(window.elements.map(\.name) == ["clipPath", "rect", "g", "g"])
        #expect(window.elements[1]["height"] == "236")
    }

    @Test("the legend's keys follow one another, each past the one before")
    func legend() {
        var canvas = Canvas()
        var lx = canvas.legendTitle(y: 100)
        canvas.legendKey("<rect x=\"\(lx)\"/>\n", "pill", y: 100, lx: &lx)
        canvas.legendKey("<rect x=\"\(lx)\"/>\n", "toast", y: 100, lx: &lx)
        let keys = canvas.elements.filter { $0.name == "rect" }.compactMap { $0["x"].flatMap(Double.init) }
        #expect(keys[0] == 72)
        #expect(keys[1] == 72 + 14 + canvas.textWidth("pill", size: 11) + 18)
        #expect(canvas.elements.filter { $0.name == "text" }.map(\.text) == ["legend:", "pill", "toast"])
    }
}
