import Foundation
import Testing

@testable import TestSupport

/// The same input gives the same bytes in every process. Swift seeds its hashing per process,
/// so anything that walks a dictionary and adds doubles in its order (the views a `launch`
/// ends, on many surfaces) could write `policyMs` or `shownMs` in other last bits from run to
/// run. Each run here is a process of its own: several with a random seed, one with
/// `SWIFT_DETERMINISTIC_HASHING` set; their outputs must be the same bytes.
@Suite("the same bytes under every hash seed")
struct HashSeedBytesTests {
    /// 60 server views on 60 surfaces, presented at times with three decimals, all ended by one
    /// `launch`: added up in a dictionary's order, their total changes in its last bits with the
    /// order (before the fix, 30 runs gave 6 different partials).
    static let manySurfaces: String = {
        var lines = [
            #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#,
            #"{"t":0,"type":"path","online":false}"#,
        ]
        var thousandths = 0
        func time(_ value: Int) -> String {
            let fraction = String(value % 1000)
            return "\(value / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
        }
        for index in 0..<60 {
            thousandths += 100 + index * 370
            lines.append(
                #"{"t":\#(time(thousandths)),"type":"presented","surface":"s\#(index)","error":{"kind":"http","status":503}}"#)
        }
        lines.append(#"{"t":\#(time(thousandths + 300)),"type":"launch","cold":true}"#)
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test("stats --partial and whatif: the same bytes with a random hash seed and a fixed one")
    func sameBytes() throws {
        let path = try Fixtures.file(Self.manySurfaces, name: "many-surfaces.native.jsonl")
        let log = Fixtures.shellQuoted(path)
        let commands =
            #""$CLI" stats --partial \#(log) && "$CLI" whatif --variant probe-once --format jsonl \#(log)"#
        var outputs: [String] = []
        for _ in 0..<6 {
            let run = try Fixtures.shell("unset SWIFT_DETERMINISTIC_HASHING; " + commands)
            #expect(run.status == 0, "\(run.stderr)")
            outputs.append(run.stdout)
        }
        let fixed = try Fixtures.shell(commands, environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        outputs.append(fixed.stdout)
        #expect(Set(outputs).count == 1, "\(Set(outputs).count) different outputs:\n\(Set(outputs).joined(separator: "\n"))")
        // The partial carries both figures, so the check covers both.
        #expect(fixed.stdout.contains(#""policyMs":"#) && fixed.stdout.contains(#""shownMs":"#))
    }
}
