import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which golden files the recordings under `check`'s paths claim. The naming rule
/// (`GoldenNames`) gives every recording it accepts goldens of its own; what it cannot name is
/// refused before anything is read, and so is a golden file two goldens share through a
/// symbolic link when an update would write one over the other. Found over the survey's stream,
/// holding only what is wrong and the links' targets, so a fleet of goldens is never a list.
package struct GoldenClaims: Equatable, Sendable {
    /// The recordings whose names can have no golden, with why (`GoldenNames.problem`).
    package var misnamed: [Misnamed] = []
    /// Goldens that are one file through a symbolic link (`a.expected.jsonl` and
    /// `b.expected.jsonl` both linked to `shared.expected.jsonl`, or a variant's golden linked to
    /// v1's): each pair once. Reading one file for both is harmless; an update would write the
    /// file for one recording, then over it for the other, and pass.
    package var shared: [SharedGolden] = []

    package struct Misnamed: Equatable, Sendable {
        package var recording: String
        package var problem: String
    }

    /// What the recordings under `paths` claim; the shared goldens only when `links` (an update
    /// writes them; a check only reads them).
    package static func of(_ paths: [String], links: Bool) throws -> GoldenClaims {
        var claims = GoldenClaims()
        // Each link's target, by file: the links first, in one pass; then, only if there are
        // links, the goldens that are no link, in another, to find those a link points at.
        var targets: [[UInt64]: [String]] = [:]
        try forEachGolden(in: paths) { golden, recording in
            if recording, let problem = GoldenNames.problem(ofRecording: golden, parts: GoldenCase.reservedParts) {
                claims.misnamed.append(Misnamed(recording: golden, problem: problem))
            }
            guard !recording, links, let target = identity(of: golden, linked: true) else { return }
            targets[target, default: []].append(golden)
        }
        guard links, !targets.isEmpty else { return claims }
        for names in targets.values.sorted(by: { $0[0].utf8.lexicographicallyPrecedes($1[0].utf8) }) where names.count > 1 {
            for second in names.dropFirst() { claims.shared.append(SharedGolden(first: names[0], second: second)) }
        }
        // Two names of one file that are both no link are hard links: a rename replaces one
        // name and leaves the other, so neither is written over.
        try forEachGolden(in: paths) { golden, recording in
            guard !recording, let file = identity(of: golden, linked: false), let names = targets[file] else { return }
            claims.shared.append(SharedGolden(first: golden, second: names[0]))
        }
        return claims
    }

    /// Each recording (`recording` true), then each golden the rule gives it, of every kind.
    private static func forEachGolden(in paths: [String], _ body: (_ path: String, _ recording: Bool) throws -> Void) throws {
        let stream = try GoldenCase.surveyStream(in: paths)
        while let item = try stream.next() {
            guard case .recording(let golden) = item else { continue }
            try body(golden.recording, true)
            for path in golden.everyGolden { try body(path, false) }
        }
    }

    /// The file `path` names when it is a symbolic link (`linked`) or when it is none: its
    /// device and inode; nil otherwise, or when there is nothing there.
    private static func identity(of path: String, linked: Bool) -> [UInt64]? {
        var status = stat()
        guard withFileSystemPath(path, { lstat($0, &status) }) == 0, ((status.st_mode & S_IFMT) == S_IFLNK) == linked else { return nil }
        if linked, withFileSystemPath(path, { stat($0, &status) }) != 0 { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }
}

/// Two goldens that are one file.
package struct SharedGolden: Equatable, Sendable {
    package var first: String
    package var second: String
}

extension GoldenCase {
    /// Every golden the rule gives this recording, of every kind, the first timeline's first.
    package var everyGolden: [String] { [golden] + GoldenCase.reservedParts.map { GoldenNames.golden(of: recording, part: $0) } }
}
