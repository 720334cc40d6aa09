import AppSession
import Testing

/// A layer's own finding in the session (app-session.md v1.1): `explain`'s line with `layer`
/// after its `t` and its times moved to the session clock, nothing else touched.
@Suite("A layer's finding")
struct LayerFindingTests {
    @Test("a web finding: layer added, times as they are (the session clock is the page's)")
    func web() throws {
        let line = #"{"t":2600,"finding":"online-lied","level":"warning","lines":[2,5],"onlineSince":100,"message":"at 2600"}"#
        let finding = try #require(LayerFinding(explained: line, layer: .web))
        #expect(finding.t == 2600)
        #expect(
            finding.jsonLine
                == #"{"t":2600,"layer":"web","finding":"online-lied","level":"warning","lines":[2,5],"onlineSince":100,"message":"at 2600"}"#)
    }

    @Test("a native finding: its time keys moved by Δ; durations, nested values and texts kept")
    func native() throws {
        let line =
            #"{"t":10000,"surface":"a\"t\":1","finding":"unexpected-retry","at":8400,"ageMs":300,"shown":{"t":5},"message":"at 8400"}"#
        let finding = try #require(LayerFinding(explained: line, layer: .native, offset: -1000, timeKeys: ["t", "at"]))
        #expect(finding.t == 9000)
        #expect(
            finding.jsonLine
                == #"{"t":9000,"layer":"native","surface":"a\"t\":1","finding":"unexpected-retry","at":7400,"ageMs":300,"shown":{"t":5},"message":"at 8400"}"#
        )
    }

    @Test("web before native at equal t; each layer in explain's order")
    func order() throws {
        let lines: [(String, LayerFinding.Layer, Double)] = [
            (#"{"t":2000,"finding":"b"}"#, .native, -1000),
            (#"{"t":1000,"finding":"c"}"#, .web, 0),
            (#"{"t":900,"finding":"a"}"#, .web, 0),
            (#"{"t":1000,"finding":"d"}"#, .web, 0),
        ]
        let findings = lines.compactMap { LayerFinding(explained: $0.0, layer: $0.1, offset: $0.2) }
        #expect(
            LayerFinding.ordered(findings).map(\.jsonLine) == [
                #"{"t":900,"layer":"web","finding":"a"}"#,
                #"{"t":1000,"layer":"web","finding":"c"}"#,
                #"{"t":1000,"layer":"web","finding":"d"}"#,
                #"{"t":1000,"layer":"native","finding":"b"}"#,
            ])
    }

    @Test("a line that does not start with a numeric t is not a finding line")
    func notALine() {
        #expect(LayerFinding(explained: #"{"summary":{"t":1}}"#, layer: .web) == nil)
    }
}
