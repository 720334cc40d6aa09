import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which golden files the recordings under `check`'s paths claim. The naming rule
/// (`GoldenNames`) gives every recording it accepts goldens of its own; what it cannot name is
/// refused before anything is read, and so is a golden file two goldens share through a
/// symbolic link when an update would write one over the other.
extension GoldenSurvey {
    /// The recordings whose names can have no golden, with why (`GoldenNames.problem`).
    package var misnamed: [(recording: String, problem: String)] {
        cases.compactMap { golden in GoldenNames.problem(ofRecording: golden.recording).map { (golden.recording, $0) } }
    }

    /// Goldens that are one file through a symbolic link (`a.expected.jsonl` and
    /// `b.expected.jsonl` both linked to `shared.expected.jsonl`, or a variant's golden linked to
    /// v1's): each pair once, in the cases' order. Reading one file for both is harmless; an
    /// update would write the file for one recording, then over it for the other, and pass.
    package func sharedGoldens() -> [SharedGolden] {
        var byFile: [[UInt64]: (first: String, linked: Bool)] = [:]
        var shared: [SharedGolden] = []
        for golden in cases {
            for path in golden.everyGolden {
                var status = stat()
                guard withFileSystemPath(path, { lstat($0, &status) }) == 0 else { continue }
                let linked = (status.st_mode & S_IFMT) == S_IFLNK
                if linked, withFileSystemPath(path, { stat($0, &status) }) != 0 { continue }
                let identity = [UInt64(status.st_dev), UInt64(status.st_ino)]
                guard let first = byFile[identity] else {
                    byFile[identity] = (path, linked)
                    continue
                }
                // Two names of one file that are both no link are hard links: a rename replaces
                // one name and leaves the other, so neither is written over.
                if linked || first.linked { shared.append(SharedGolden(first: first.first, second: path)) }
            }
        }
        return shared
    }
}

/// Two goldens that are one file.
package struct SharedGolden: Equatable, Sendable {
    package var first: String
    package var second: String
}

extension GoldenCase {
    /// Every golden the rule gives this recording, of every kind, the first timeline's first.
    package var everyGolden: [String] { [golden] + GoldenNames.parts.map { GoldenNames.golden(of: recording, part: $0) } }
}
