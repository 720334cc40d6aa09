import Foundation

/// Collector folders written as the collector stores them (docs/app-session.md, "A collector's
/// folder"): a page's batches as `web/<ID>/<first seq, 12 digits>.jsonl`, an app's log as
/// `native/<LOGID>/<index, 6 digits>.part` with `manifest.json`. Each test says exactly which
/// parts exist, so duplicates, overlaps, gaps and conflicts are what it wrote.
enum CollectorFixtures {
    /// The lines of a repository recording, without their line ends.
    static func lines(_ recording: String) throws -> [String] {
        try String(contentsOfFile: Fixtures.root.path + "/" + recording, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// Writes a page's batches under `root/web/id`: each `(seq, lines)` is one part, its lines
    /// at seq, seq+1, …, each ended by `\n`. Returns the folder.
    @discardableResult
    static func web(_ root: String, id: String, _ batches: [(seq: Int, lines: [String])]) throws -> String {
        let folder = root + "/web/" + id
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for batch in batches {
            let name = folder + "/" + String(format: "%012d", batch.seq) + ".jsonl"
            try batch.lines.map { $0 + "\n" }.joined().write(toFile: name, atomically: false, encoding: .utf8)
        }
        return folder
    }

    /// The batches of `lines` cut after the given counts: `[2, 3]` over 6 lines is seq 1-2, 3-5, 6.
    static func batches(_ lines: [String], cutAfter counts: [Int]) -> [(seq: Int, lines: [String])] {
        var batches: [(seq: Int, lines: [String])] = []
        var start = 0
        for count in counts + [lines.count] where start < lines.count {
            let end = min(start + count, lines.count)
            batches.append((start + 1, Array(lines[start..<end])))
            start = end
        }
        return batches
    }

    /// Writes an app's log under `root/native/id` as parts of whole lines (`parts[k]` is part k;
    /// `nil` leaves it missing), with a manifest saying `manifestParts` (default: every part).
    @discardableResult
    static func native(_ root: String, id: String, _ parts: [[String]?], manifestParts: Int? = nil) throws -> String {
        let folder = root + "/native/" + id
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (index, part) in parts.enumerated() {
            guard let part else { continue }
            let name = folder + "/" + String(format: "%06d", index) + ".part"
            try part.map { $0 + "\n" }.joined().write(toFile: name, atomically: false, encoding: .utf8)
        }
        let manifest = #"{"parts":\#(manifestParts ?? parts.count),"sha256":"\#(String(repeating: "0", count: 64))"}"#
        try manifest.write(toFile: folder + "/manifest.json", atomically: false, encoding: .utf8)
        return folder
    }
}
