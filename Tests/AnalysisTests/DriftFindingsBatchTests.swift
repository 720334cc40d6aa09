import BannerFindings
import OfflineBanner
import Testing
import TurboRecording

@testable import TestSupport

/// A page wrong in every pill episode of a long log has a `banner-drift` finding for each, all
/// known only at the end (they carry the recording's fit). The analyzer hands them on a batch at
/// a time, so `explain` and `render` never hold them all (issue #34: 83 MB at 3M records).
@Suite struct DriftFindingsBatchTests {
    /// `episodes` pill episodes, each seen by the page with another text than the model's.
    static func recording(episodes: Int) throws -> String {
        var lines = [
            #"{"type":"meta","version":1,"source":"test"}"#, #"{"t":10,"type":"connect","context":null,"online":true,"page":"/"}"#,
            #"{"t":10.4,"type":"seen","visible":false,"text":""}"#,
        ]
        for k in 0..<episodes {
            let t = 10 + 4_000 * k
            lines.append(#"{"t":\#(t + 500),"type":"offline"}"#)
            lines.append(#"{"t":\#(Double(t) + 1300.4),"type":"seen","visible":true,"text":"Offline"}"#)
            lines.append(#"{"t":\#(t + 2000),"type":"online"}"#)
            lines.append(#"{"t":\#(Double(t) + 2000.4),"type":"seen","visible":true,"text":"De nuevo en línea"}"#)
            lines.append(#"{"t":\#(Double(t) + 4000.4),"type":"seen","visible":false,"text":""}"#)
        }
        return try Fixtures.file(lines.joined(separator: "\n") + "\n", name: "drift-\(episodes).jsonl")
    }

    /// The drift findings handed on, in order, and the most findings the analyzer held at once.
    static func explain(episodes: Int) throws -> (drift: [Double], others: [String], most: Int) {
        let reader = try RecordingReader(path: recording(episodes: episodes), keepObserved: true)
        var analyzer = BannerAnalyzer(settings: BannerSettings())
        var drift: [Double] = [], others: [String] = []
        try BannerRecording.analyze(reader, with: &analyzer) { event in
            guard case .finding(let finding) = event else { return }
            if finding.kind == .bannerDrift { drift.append(finding.t) } else { others.append(finding.kind.id) }
        }
        return (drift, others, analyzer.mostFindingsHeld)
    }

    @Test("a page wrong in every episode | every finding, in time order, never more than a batch held")
    func batched() throws {
        let episodes = 2 * BannerAnalyzer.findingsBatch + 100
        let run = try Self.explain(episodes: episodes)
        #expect(run.drift.count == episodes)
        #expect(run.drift == run.drift.sorted())
        #expect(run.most <= BannerAnalyzer.findingsBatch, "held \(run.most) findings at once")
    }

    @Test("a short recording | its findings the same, held as one step's")
    func short() throws {
        let run = try Self.explain(episodes: 3)
        #expect(run.drift == [1310, 5310, 9310])
        #expect(run.most == 3)
    }
}
