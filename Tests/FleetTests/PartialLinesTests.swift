import Foundation
import Testing

@testable import Fleet

/// A partial's lines have no length limit: whatever `--partial` writes, a merge reads. The
/// merge's cursors grow for a long line and come back after it, so a merge holds one long line
/// per run at a time. Tested with a 16-byte buffer, so that lines "longer than the limit" are
/// cheap to make.
@Suite("partials: lines of any length")
struct PartialLinesTests {
    @Test("lines many times the buffer are read whole, and the buffer comes back to its size after each")
    func longLines() throws {
        let logs = try ScratchLogs()
        let lines = ["short", String(repeating: "x", count: 5000), "", "mid-sized line", String(repeating: "y", count: 70_000), "end"]
        let path = try logs.write("long.partial", lines)
        let cursor = try LineCursor(path: path, source: "long.partial", offset: 0, bufferSize: 16)
        var read: [String] = []
        var capacities: [Int] = []
        while let line = try cursor.next() {
            read.append(String(decoding: line, as: UTF8.self))
            capacities.append(cursor.capacity)
        }
        #expect(read == lines)
        #expect(capacities.max()! >= 70_000, "the buffer grew for the longest line")
        #expect(cursor.capacity <= 32, "and let go of it once the lines after it are short: \(capacities)")
    }

    @Test("a merge's runs read log lines longer than a recording's line limit (1 MiB), key by key")
    func runsReadLongLogLines() throws {
        let logs = try ScratchLogs()
        let long = #"{"real":"/b","path":"b","web":""# + String(repeating: "z", count: 1 << 20) + #""}"#
        let path = try logs.write("p.partial", [#"{"real":"/a","path":"a"}"#, long, #"{"real":"/c","path":"c"}"#])
        var keys: [String] = []
        var sizes: [Int] = []
        try PartialRuns.merge([.init(file: path, source: "p", start: 0, end: .max, firstLine: 1)]) { line, key, _, _ in
            keys.append(String(decoding: key, as: UTF8.self))
            sizes.append(line.count)
        }
        #expect(keys == [#""/a""#, #""/b""#, #""/c""#])
        #expect(sizes[1] == long.utf8.count)
    }

    @Test(
        "the real path of a log that does not resolve is cleaned when absolute, kept as spelled when relative",
        arguments: [
            ("//no-such-dir/./a//b.jsonl", "/no-such-dir/a/b.jsonl"), ("/no-such-dir/x/../y.jsonl", "/no-such-dir/y.jsonl"),
            ("/no-such-dir/z/", "/no-such-dir/z"), ("/../no-such-dir/w.jsonl", "/no-such-dir/w.jsonl"),
            ("no-such-dir//v.jsonl", "no-such-dir//v.jsonl"),
        ])
    func unresolvedRealPaths(_ given: String, _ real: String) {
        #expect(PartialFrame.realPath(given) == real)
        #expect(PartialFrame.isCanonical(PartialFrame.realPath(given)))
    }

    @Test(
        "an absolute real path with a doubled slash, a . or .. part or a slash at the end is not canonical",
        arguments: [
            ("/tmp/x.jsonl", true), ("/", true), ("x//y.jsonl", true), ("//tmp/x.jsonl", false), ("/tmp//x.jsonl", false),
            ("/tmp/./x.jsonl", false), ("/tmp/../tmp/x.jsonl", false), ("/tmp/x/", false), ("/tmp/.", false), ("/tmp/..", false),
            ("/tmp/.x.jsonl", true), ("/tmp/..x", true),
        ])
    func canonical(_ real: String, _ canonical: Bool) {
        #expect(PartialFrame.isCanonical(real) == canonical)
    }
}
