import AppSession
import NativeErrorPolicy
import OfflineBanner
import Testing
import TurboRecording

@testable import Pictures

/// What makes a picture readable by a person, one rule a test: a lane per surface, a legend key
/// for every kind of mark drawn and none for one not drawn, no lane for nothing, a broken axis
/// over a long idle stretch (and only there), whole texts on hover, and texts kept bounded.
@Suite("pictures a person can read")
struct ReadablePictureTests {
    static let hour = 3_600_000.0

    /// A native log from its lines (after the meta line).
    static func native(_ records: [String], platform: String = "ios") throws -> String {
        let text = (["{\"type\":\"meta\",\"version\":1,\"recording\":\"native\",\"platform\":\"\(platform)\"}"] + records).joined(separator: "\n") + "\n"
        return try NativeTimelineSVG.render(lines: JSONLines(bytes: Array(text.utf8), name: "native.jsonl")).svg
    }

    static func web(_ records: [String]) throws -> String {
        let text = (["{\"type\":\"meta\",\"version\":1,\"source\":\"test\"}"] + records).joined(separator: "\n") + "\n"
        return try TimelineSVG.render(.lines(JSONLines(bytes: Array(text.utf8), name: "web.jsonl"), BannerSettings())).svg
    }

    static func session(web: [(Double, BannerInput?)], native: [(Double, PolicyInput?)]) -> String {
        var webLog = WebSessionLog()
        for (t, input) in web { webLog.feed(input, at: t) }
        webLog.finish()
        var nativeLog = NativeSessionLog()
        for (t, input) in native { nativeLog.feed(input, at: t) }
        nativeLog.finish()
        return SessionSVG.render(SessionPictureMarks(AppSession(web: webLog, native: nativeLog, offset: 0)), web: "web.jsonl", native: "native.jsonl")
    }

    /// The texts of the elements named `name`.
    static func texts(_ svg: String, _ name: String = "text") -> [String] {
        SVGElement.parse(svg).filter { $0.name == name }.map(\.text)
    }

    /// The legend's labels: the texts after "legend:" up to the summary line.
    static func legend(_ svg: String) -> [String] {
        let texts = texts(svg)
        guard let start = texts.firstIndex(of: "legend:") else { return [] }
        return Array(texts[(start + 1)...].prefix { !$0.contains(" · ") && !$0.hasPrefix("drops ") })
    }

    static let threeSurfaces = [
        #"{"t":100,"type":"path","online":false}"#,
        #"{"t":600,"type":"presented","surface":"tab:home","error":{"kind":"web","code":-1009}}"#,
        #"{"t":700,"type":"presented","surface":"modal","error":{"kind":"http","status":503}}"#,
        #"{"t":800,"type":"presented","surface":"sheet","error":{"kind":"web","code":-1001}}"#,
        #"{"t":5000,"type":"path","online":true}"#,
    ]

    @Test("native: a lane per surface, named for it; no root-screen lane when the log has no launch")
    func lanePerSurface() throws {
        let svg = try Self.native(Self.threeSurfaces)
        let names = SVGElement.parse(svg).filter { $0.name == "text" && $0["text-anchor"] == "end" && $0["font-weight"] == "bold" }.map(\.text)
        #expect(names == ["findings", "tab:home", "modal", "sheet", "connectivity"])
        // Each decision's label is in its own lane: the three views, none naming its surface.
        let labels = SVGElement.parse(svg).filter { $0.name == "text" && $0["font-size"] == "10.5" }.map(\.text)
        #expect(labels.filter { $0.hasSuffix(" view") } == ["offline view", "server view", "offline view"])
    }

    @Test("native: a lane for the root screen only with a launch, none for the error views without a decision")
    func noEmptyLanes() throws {
        let svg = try Self.native([#"{"t":0,"type":"launch"}"#, #"{"t":100,"type":"path","online":true}"#])
        let texts = Self.texts(svg)
        #expect(texts.contains("root screen"))
        #expect(!texts.contains("error views") && !texts.contains("tab:home"))
    }

    @Test("every kind of mark drawn has a legend key, and no key is for a mark not drawn")
    func legendPerDrawnKind() throws {
        // Android's cooldown defers the second surface's retry: a deferred marker, and its key.
        let deferred = try Self.native(
            [
                #"{"t":0,"type":"path","online":false}"#, #"{"t":1200,"type":"presented","surface":"tab:home","error":{"kind":"web","code":-2}}"#,
                #"{"t":2600,"type":"presented","surface":"sheet","error":{"kind":"web","code":-7}}"#, #"{"t":9000,"type":"path","online":true}"#,
            ], platform: "android")
        let keys = Self.legend(deferred)
        #expect(deferred.contains("<title>deferred until "))
        #expect(keys.contains("offline view") && keys.contains("retry") && keys.contains("deferred retry"))
        #expect(!keys.contains("server view") && !keys.contains("launch (a new root)") && !keys.contains("ready") && !keys.contains("stalled"))
        let withoutDeferred = try Self.native(Self.threeSurfaces)
        #expect(!withoutDeferred.contains("deferred until") && !Self.legend(withoutDeferred).contains("deferred retry"))
        #expect(Self.legend(withoutDeferred).contains("server view"))
        let session = Self.session(
            web: [(0, .connect()), (1000, .offline), (1500, .submitEnd(SubmitEnd(success: false))), (3000, .online)],
            native: [(0, .path(online: true)), (900, .path(online: false)), (2900, .path(online: true))])
        #expect(session.contains("toast “") && Self.legend(session).contains("toast"))
        #expect(Self.legend(session).contains("pill") && !Self.legend(session).contains("server view"))
    }

    @Test("a long idle stretch breaks the axis, drawn and keyed; the scale is one over the busy parts")
    func axisBreak() throws {
        let nine = Int(9 * Self.hour)
        let day = try Self.native(
            Self.threeSurfaces + [#"{"t":\#(nine),"type":"path","online":false}"#, #"{"t":\#(nine + 4000),"type":"path","online":true}"#])
        #expect(Self.legend(day).contains(MarkKind.axisBreak.label))
        #expect(day.contains("<title>axis break: nothing happens from "))
        // Ticks in clock time, not a 21,600 s step.
        let ticks = Self.texts(day).filter { $0.contains(":") && $0.first?.isNumber == true }
        #expect(ticks.contains("0:00:00") && ticks.contains { $0.hasPrefix("9:00:") })
        #expect(!Self.texts(day).contains { $0.hasSuffix("00 s") && $0.count > 7 })
        let short = try Self.native(Self.threeSurfaces)
        #expect(!short.contains("axis break") && Self.texts(short).contains("1 s"))
    }

    @Test("inside the busy parts the scale is uniform: equal steps are equally wide on both sides of a break")
    func uniformScale() {
        var canvas = Canvas()
        canvas.end = 9 * Self.hour + 180_000
        canvas.fitAxis(first: 0, busy: [0, 60_000, 120_000, 9 * Self.hour, 9 * Self.hour + 120_000])
        #expect(canvas.breaks.count == 1)
        let gap = canvas.breaks[0]
        #expect(gap.from > 120_000 && gap.to < 9 * Self.hour)
        let before = canvas.x(60_000) - canvas.x(0), after = canvas.x(9 * Self.hour + 60_000) - canvas.x(9 * Self.hour)
        #expect(abs(before - after) < 0.001 && before > 60)
        #expect(abs(canvas.x(gap.to) - canvas.x(gap.from) - AxisBreaks.width) < 0.001)
        var spread = Canvas()
        spread.end = 60_000
        spread.fitAxis(first: 0, busy: stride(from: 0.0, through: 60_000, by: 5000).map { $0 })
        #expect(spread.breaks.isEmpty)
    }

    @Test("a pill text is never cut where it can be read whole: inside, or after its span; always whole on hover")
    func wholeLabels() {
        var canvas = Canvas()
        let text = "No se ha podido enviar. Tu texto sigue aquí…"
        canvas.drawSessionBanner(
            [BannerChange(t: 1000, banner: .offline, label: text, cause: .submitFailed), BannerChange(t: 1400, banner: .hidden, label: nil, cause: .online)],
            toasts: [], y: 0, height: 34)
        #expect(canvas.elements.filter { $0.name == "text" }.map(\.text) == [text])
        #expect(canvas.elements.first { $0.name == "title" }?.text.contains("“\(text)”") == true)
    }

    @Test("a mark keeps a bounded prefix of a huge text and says its length")
    func boundedText() throws {
        let huge = String(repeating: "é", count: 200_000)
        let bounded = MarkText.bounded(huge)
        #expect(bounded.utf8.count < MarkText.limit + 40)
        #expect(bounded.hasSuffix("… (400000 bytes)"))
        #expect(MarkText.bounded("Sin conexión") == "Sin conexión")
        let svg = try Self.web([
            #"{"t":0,"type":"connect","context":null,"online":true,"page":"/"}"#, #"{"t":700,"type":"offline"}"#,
            #"{"t":1990,"type":"turbo:submit-start"}"#,
            #"{"t":2000,"type":"turbo:fetch-request-error","url":"http://x/\#(String(repeating: "a", count: 100_000))","method":"GET","target":"form#c","error":"e"}"#,
            #"{"t":2001,"type":"turbo:submit-end","success":false,"fetchResponse":null,"error":"e","action":"/m","method":"POST"}"#,
            #"{"t":3000,"type":"online"}"#,
        ])
        #expect(svg.utf8.count < 40_000)
        // The failure's title: its text's first 512 bytes and its length, "turbo:fetch-request-error form#c GET http://x/aaa… e".
        #expect(svg.contains("aaa… (100048 bytes)"))
    }

    @Test("the native lanes keep a bounded surface, screen and finding sentence, however long the log's")
    func boundedNativeMarks() {
        let huge = String(repeating: "s", count: 400_000)
        var shared = NativeLanes(limits: RenderLimits())
        let lanes = ErrorViewLanes(config: NativeConfig(), limits: RenderLimits())
        for t in stride(from: 0.0, to: 150, by: 1) {
            lanes.decision(Decision(t: t, surface: huge + "\(Int(t) % 3)", outcome: .view(.offline)), lanes: &shared)
        }
        #expect(lanes.decisions.marks.count == 150)
        #expect(lanes.decisions.marks.allSatisfy { $0.surface.utf8.count < MarkText.limit + 40 })
        // Surfaces that differ only past the kept prefix share a lane: the prefix is what is drawn.
        #expect(lanes.surfaces.count == 1 && lanes.surfaces[0].hasSuffix("… (400001 bytes)"))
    }
}
