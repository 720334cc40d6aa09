import AppSession
import NativeErrorPolicy
import OfflineBanner
import Testing

@testable import Pictures

/// A picture's cost follows its records and marks, never the time they span: an axis broken
/// over years of idle clock still draws a few dozen ticks, computed per visible stretch. Each
/// picture here spans 10^12 ms or more; walking its axis step by step (10 ms) did not finish.
@Suite("a picture's cost follows its records, not its span")
struct TimeSpanCostTests {
    /// The axis's tick marks: short vertical lines in the axis's colour (the axis itself is
    /// horizontal).
    static func ticks(_ svg: String) -> [SVGElement] {
        SVGElement.parse(svg).filter { $0.name == "line" && $0["stroke"] == "#333333" && $0["x1"] == $0["x2"] }
    }

    /// At most a tick per `tickRoom` px of the plot, and one more at each stretch's edge.
    static func bound(breaks: Int) -> Int { Int(1020 / AxisBreaks.tickRoom) + 2 * (breaks + 1) }

    @Test("the ticks are the steps from the start that are not inside a break, as walking the axis finds them")
    func ticksPerStretch() {
        var canvas = Canvas()
        canvas.end = 9 * 3_600_000 + 180_000
        canvas.fitAxis(first: 0, busy: [0, 60_000, 120_000, 9 * 3_600_000, 9 * 3_600_000 + 120_000])
        #expect(canvas.breaks.count == 1)
        var walked: [Double] = []
        var tick = canvas.start
        while tick <= canvas.end + 0.0001 {
            if !canvas.breaks.contains(where: { tick > $0.from && tick < $0.to }) { walked.append(tick) }
            tick += canvas.step
        }
        #expect(canvas.ticks == walked)
        #expect(canvas.ticks.contains(canvas.breaks[0].from) && canvas.ticks.contains(canvas.breaks[0].to))
    }

    @Test("an axis over 10^13 ms with one busy second at each end has a few dozen ticks")
    func hugeSpanCanvas() {
        var canvas = Canvas()
        canvas.end = 1e13
        canvas.fitAxis(first: 0, busy: [0, 1000, 1e13])
        #expect(canvas.breaks.count == 1)
        #expect(canvas.ticks.count <= Self.bound(breaks: 1))
        #expect(canvas.ticks.first == 0 && canvas.ticks.contains { $0 >= 1e13 - canvas.step })
    }

    @Test("render: a web log of three records ending at t = 10^13 draws its ticks on each busy stretch")
    func webLog() throws {
        let svg = try ReadablePictureTests.web([
            #"{"t":0,"type":"connect","context":null,"online":true,"page":"/"}"#, #"{"t":1000,"type":"offline"}"#,
            #"{"t":1e13,"type":"online"}"#,
        ])
        let ticks = Self.ticks(svg)
        #expect(!ticks.isEmpty && ticks.count <= Self.bound(breaks: 1))
        #expect(svg.contains("<title>axis break: nothing happens from "))
        #expect(ReadablePictureTests.texts(svg).contains("0:00:00") && ReadablePictureTests.texts(svg).contains("2777777:46:40"))
    }

    @Test("render: a native log with 10^12 ms between two records")
    func nativeLog() throws {
        let svg = try ReadablePictureTests.native([
            #"{"t":0,"type":"path","online":true}"#,
            #"{"t":1000,"type":"presented","surface":"tab:home","error":{"kind":"http","status":-1}}"#,
            #"{"t":1000000001000,"type":"path","online":false}"#,
        ])
        let ticks = Self.ticks(svg)
        #expect(!ticks.isEmpty && ticks.count <= Self.bound(breaks: 1))
        #expect(svg.contains("<title>axis break: nothing happens from "))
    }

    @Test("session --render: a native log 2^53 ms before the page's clock")
    func sessionOffset() {
        var web = WebSessionLog()
        for (t, input) in [(0.0, BannerInput.connect()), (1000, .offline), (3000, .online)] { web.feed(input, at: t) }
        web.finish()
        var native = NativeSessionLog()
        for (t, input) in [(0.0, PolicyInput.path(online: true)), (900, .path(online: false)), (2900, .path(online: true))] {
            native.feed(input, at: t)
        }
        native.finish()
        let session = AppSession(web: web, native: native, offset: -9_007_199_254_740_992)
        let svg = SessionSVG.render(SessionPictureMarks(session), web: "web.jsonl", native: "native.jsonl")
        let ticks = Self.ticks(svg)
        #expect(!ticks.isEmpty && ticks.count <= Self.bound(breaks: AxisBreaks.maximumBreaks))
        #expect(svg.contains("<title>axis break: nothing happens from "))
    }
}
