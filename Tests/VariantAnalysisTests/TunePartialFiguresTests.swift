import Foundation
import OfflineBanner
import Testing
import TurboRecording

@testable import Fleet
@testable import TestSupport
@testable import VariantAnalysis

/// A `tune` partial's header names a row's figures in the row's order: a partial made before a
/// figure existed is refused by the figure's name, not added up as none.
@Suite struct TunePartialFiguresTests {
    static let combinations = [TuneCombination(debounce: 800, flash: 2000, variant: nil)]

    static func partial(_ name: String, log: String, header: (String) -> String = { $0 }) throws -> String {
        var row = TuneRow(combination: combinations[0])
        (row.pillEpisodes, row.pillMs, row.blinks) = (1, 300, 1)
        let file = TuneFile(path: "/fleet/\(log).jsonl", outcome: .replayed([row]))
        return try Fixtures.file(
            [header(TunePartial.header(combinations: combinations, lenient: false)), TunePartial.line(file), TunePartial.frame.trailer(logs: 1)]
                .map { $0 + "\n" }.joined(), name: name)
    }

    static func refusal(_ paths: [String]) -> RecordingError? {
        do {
            _ = try TunePartial.merge(paths)
            return nil
        } catch {
            return error as? RecordingError
        }
    }

    @Test("the header lists a row's figures, in its order")
    func header() {
        #expect(
            TunePartial.header(combinations: Self.combinations, lenient: false).hasSuffix(
                #","figures":["# + TuneFigure.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]}"))
    }

    @Test("a partial made before a figure existed is refused beside one made after it, and alone", arguments: TuneFigure.allCases)
    func newFigure(_ figure: TuneFigure) throws {
        let new = try Self.partial("new.jsonl", log: "b")
        let old = try Self.partial("old.jsonl", log: "a") {
            $0.replacingOccurrences(of: #"""# + figure.rawValue + #"","#, with: "").replacingOccurrences(of: #",""# + figure.rawValue + #"""#, with: "")
        }
        let refusal = try #require(Self.refusal([new, old]))
        #expect(refusal.path == old && refusal.line == 1)
        #expect(refusal.message.contains("counted other figures than \(new):1: \(new):1 counted \(figure.rawValue), this partial did not"))
        #expect(Self.refusal([old])?.message.contains("this turbo-replay counts \(figure.rawValue), this partial did not") == true)
        #expect(Self.refusal([new, try Self.partial("again.jsonl", log: "a")]) == nil)
    }

    @Test("the same figures in another order are refused: a row holds them in the header's order")
    func otherOrder() throws {
        let reordered = try Self.partial("reordered.jsonl", log: "a") {
            $0.replacingOccurrences(of: #""pillEpisodes","pillMs""#, with: #""pillMs","pillEpisodes""#)
        }
        #expect(Self.refusal([reordered])?.message.contains("the same figures in another order") == true)
    }
}
