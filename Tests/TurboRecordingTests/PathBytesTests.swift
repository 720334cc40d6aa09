import Foundation
import Testing
import TurboRecording

@testable import TestSupport

/// File names kept as bytes (issue #47, items 13 and 14): the `String` a path is kept as is
/// made from its bytes by a rule that can be undone, never repaired, and never equal (to
/// Swift's canonical `==`) to another name's.
@Suite struct PathBytesTests {
    static let nfc = Array("café".utf8)
    static let nfd = Array("cafe\u{301}".utf8)

    @Test("an ordinary name is itself")
    func ordinaryNamesAreThemselves() {
        for name in ["recordings/a.jsonl", "/tmp/x y/Ñandú €.jsonl", "-", "日本/ログ.jsonl", ""] {
            #expect(PathBytes.name(Array(name.utf8)) == name)
            #expect(PathBytes.bytes(name) == Array(name.utf8))
        }
    }

    @Test("bytes that are not UTF-8 are shown \\xHH, a backslash \\\\")
    func escapes() {
        #expect(PathBytes.name([0xFF] + Array(".jsonl".utf8)) == #"\xFF.jsonl"#)
        #expect(PathBytes.name(Array(#"a\b"#.utf8)) == #"a\\b"#)
        #expect(PathBytes.name(Array(#"a\xFF"#.utf8)) == #"a\\xFF"#)
        // A lone continuation byte, a truncated sequence, an overlong form, a surrogate.
        #expect(PathBytes.name([0x80, 0xE2, 0x82, 0x2F, 0xC0, 0xAF, 0x2F, 0xED, 0xA0, 0x80]) == #"\x80\xE2\x82/\xC0\xAF/\xED\xA0\x80"#)
    }

    @Test("a part that is not composed (NFC) is shown byte by byte; the others of the path are not")
    func decomposedPartsAreEscaped() {
        let path = Array("josé/".utf8) + Self.nfd + Array(".jsonl".utf8)
        #expect(PathBytes.name(path) == #"josé/cafe\xCC\x81.jsonl"#)
        #expect(PathBytes.name(Self.nfc) == "café")
        // The same bytes by any route (a whole argument, a folder and a name) are the same String.
        #expect(PathBytes.name(path) == PathBytes.name(Array("josé".utf8)) + "/" + PathBytes.name(Self.nfd + Array(".jsonl".utf8)))
    }

    @Test("canonically equivalent names are two Strings that == tells apart, and two keys of a set")
    func equivalentNamesStayApart() {
        let (composed, decomposed) = (PathBytes.name(Self.nfc), PathBytes.name(Self.nfd))
        #expect("café" == "cafe\u{301}")  // why: String == is canonical equivalence
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        #expect(PathBytes.bytes(composed) == Self.nfc)
        #expect(PathBytes.bytes(decomposed) == Self.nfd)
    }

    @Test("any bytes come back as they were, and two byte strings are never one name")
    func roundTripsAndNeverCollides() {
        // Seeded: a failing case is the same case on the next run.
        var generator = SeededRandom(seed: 52)
        // Bytes drawn from what makes names hard: invalid UTF-8, backslashes, x and hex digits,
        // combining marks and the letters they compose with, slashes.
        let alphabet: [[UInt8]] = [
            [0xFF], [0x80], [0xC3], [0xC3, 0xA9], [0xCC, 0x81], [0xE2, 0x82, 0xAC], [0xED, 0xA0, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            Array(#"\"#.utf8), Array("x".utf8), Array("F".utf8), Array("f".utf8), Array("e".utf8), Array("/".utf8), Array(".".utf8),
            Array("\u{1100}".utf8), Array("\u{1161}".utf8),
        ]
        var seen: [String: [UInt8]] = [:]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...6, using: &generator)).flatMap { _ in alphabet.randomElement(using: &generator)! }
            let name = PathBytes.name(bytes)
            #expect(PathBytes.bytes(name) == bytes, "\(bytes) → \(name)")
            if let other = seen[name], other != bytes { Issue.record("\(bytes) and \(other) are both \(name)") }
            seen[name] = bytes
        }
        // Keyed by String (canonical equivalence), the names are still one per byte string.
        #expect(Set(seen.values).count == seen.count)
    }

    @Test("the system is handed the bytes: a name that is not UTF-8 opens")
    func opensByBytes() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/" + PathBytes.name([0xFF] + Array(".jsonl".utf8))
        let fd = withFileSystemPath(path) { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        #expect(fd >= 0)
        close(fd)
        #expect(RecordingFiles.exists(path))
        #expect(try RecordingFiles.find(in: [directory]) == [path])
        #expect(try FileManager.default.contentsOfDirectoryAtPathBytes(directory) == [[0xFF] + Array(".jsonl".utf8)])
    }
}
