import Foundation
import OfflineBanner
import Replay
import Testing
import TurboRecording

@testable import TestSupport

/// A hostile or broken input gives a clear error naming its line, never a crash or a machine
/// out of memory.
@Suite struct HardeningTests {
    static func outcomes(_ bytes: [UInt8], lenient: Bool) -> (records: [Record], errors: [RecordingError]) {
        var errors: [RecordingError] = []
        let reader = RecordingReader(lines: JSONLines(bytes: bytes, name: "hostile.jsonl"), lenient: lenient) { errors.append($0) }
        var records: [Record] = []
        do {
            while let record = try reader.next() { records.append(record) }
        } catch let error as RecordingError {
            errors.append(error)
        } catch {
            Issue.record("unexpected \(error)")
        }
        return (records, errors)
    }

    static func around(_ middle: [UInt8]) -> [UInt8] {
        Array(#"{"t":1,"type":"offline"}"#.utf8) + [0x0A] + middle + [0x0A] + Array(#"{"t":2,"type":"online"}"#.utf8) + [0x0A]
    }

    @Test func overlongLineIsAnErrorNamingItsLine() {
        // 3 MiB of one string: past the 1 MiB cap, across many read buffers.
        let line = Array(#"{"t":1,"type":"turbo:visit","url":""#.utf8) + [UInt8](repeating: 0x61, count: 3 << 20) + Array(#""}"#.utf8)
        let strict = Self.outcomes(Self.around(line), lenient: false)
        #expect(strict.records.count == 1)
        #expect(strict.errors.map(\.description) == ["hostile.jsonl:2: line is longer than 1048576 bytes"])
        let lenient = Self.outcomes(Self.around(line), lenient: true)
        #expect(lenient.records.map(\.line) == [1, 3])
        #expect(lenient.errors.count == 1)
    }

    @Test func overlongLastLineWithoutNewline() {
        let bytes = Array(#"{"t":1,"type":"offline"}"#.utf8) + [0x0A] + [UInt8](repeating: 0x7B, count: (1 << 20) + 1)
        #expect(Self.outcomes(bytes, lenient: false).errors.map(\.description) == ["hostile.jsonl:2: line is longer than 1048576 bytes"])
    }

    @Test(arguments: [
        String(repeating: "[", count: 100_000),
        String(repeating: #"{"a":"#, count: 100_000),
        #"{"t":1,"type":"x","deep":"# + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}",
    ])
    func tooDeepJSONIsAnErrorNamingItsLine(nesting: String) {
        let strict = Self.outcomes(Self.around(Array(nesting.utf8)), lenient: false)
        #expect(strict.errors.map(\.description) == ["hostile.jsonl:2: not valid JSON: nested deeper than 32 levels"])
        #expect(Self.outcomes(Self.around(Array(nesting.utf8)), lenient: true).records.map(\.line) == [1, 3])
    }
}
