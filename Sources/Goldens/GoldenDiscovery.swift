import NativeErrorPolicy
import OfflineBanner
import PolicyRegistry
import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file under `check`'s paths that looks like a golden but that no recording is checked
/// against: left alone it would pass silently (a golden whose recording is gone) or fail
/// for the wrong reason (a misspelled golden read as a recording). Each is a failure.
package struct StrayGolden: Equatable, Sendable {
    package enum Problem: Equatable, Sendable {
        /// A golden with no recording beside it: `recording` is the one it would belong to.
        case noRecording(recording: String)
        /// A name that almost spells a golden's: `suggestion` is the spelling it was likely meant to have.
        case misspelled(suggestion: String)
        /// `NAME.<part>.expected.jsonl` beside `NAME.jsonl`, where no timeline or variant is
        /// called `part`: `known` are the goldens that recording can have (the nearest first when
        /// one is within two letters).
        case unknownTimeline(recording: String, part: String, known: [String])
        /// `NAME.<part>.expected.jsonl` where `part` is a golden of the other kind of recording
        /// (`launch` beside a web recording): it would never be compared. `known` are the
        /// goldens this recording can have.
        case otherKind(recording: String, kind: RecordingKind, part: String, known: [String])
        /// `NAME.session.expected.jsonl` beside a web recording with no app's log at `native`
        /// (`NAME.native.jsonl`): there is no session to compare it with.
        case noSessionLog(native: String, why: SessionLogProblem)
    }

    /// Why the file where a session's app log belongs is none.
    package enum SessionLogProblem: Equatable, Sendable {
        case missing
        /// A file that is not a regular one (a directory, a FIFO): not opened.
        case notARegularFile
        /// A regular file whose first record is no native meta (a web recording).
        case notANativeLog
        case unreadable(String)
    }

    package var path: String
    package var problem: Problem

    package init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// One line for a person, after `FAIL path: `.
    package var message: String {
        switch problem {
        case .noRecording(let recording):
            return "a golden with no recording: there is no \(recording) (remove the golden, or put its recording back)"
        case .misspelled(let suggestion):
            return "looks like a misspelled golden, so it is neither replayed nor compared: a golden is spelled \(suggestion)"
        case .unknownTimeline(let recording, let part, let known):
            return "\(recording) has no timeline or variant called \"\(part)\"; its goldens are named \(known.joined(separator: ", "))"
        case .otherKind(let recording, let kind, let part, let known):
            let (this, other) = kind == .web ? ("a web recording", "native logs") : ("a native log", "web recordings")
            return "\(recording) is \(this), and \"\(part)\" is a golden of \(other), so it would never be compared; "
                + "its goldens are named \(known.joined(separator: ", "))"
        case .noSessionLog(let native, let problem):
            let why: String
            switch problem {
            case .missing: why = "there is no \(native)"
            case .notARegularFile: why = "\(native) is not a regular file"
            case .notANativeLog: why = "\(native) is not an app's log (its first record is no native meta)"
            case .unreadable(let reason): why = "\(native) cannot be read (\(reason))"
            }
            return "a session golden with no session: \(why) (remove the golden, or put the app's log back)"
        }
    }
}

/// What `check` finds under its paths: the recordings to check and the stray goldens.
package struct GoldenSurvey: Equatable, Sendable {
    package var cases: [GoldenCase]
    package var strays: [StrayGolden]
    /// Names of recordings or goldens that are not regular files (a FIFO, a link to a device):
    /// reading them could wait forever, so they are passed over, and said.
    package var skipped: [SkippedFile] = []
}

extension GoldenCase {
    /// The middle parts a golden's name may have (`NAME.<part>.expected.jsonl`), of either
    /// kind of recording.
    package static var goldenParts: [String] {
        var parts: [String] = []
        for part in goldenParts(for: .web) + goldenParts(for: .native) where !parts.contains(part) { parts.append(part) }
        return parts
    }

    /// Every part a golden's name may have, as the naming rule reserves them in recordings'
    /// names (`GoldenNames`), in the order its refusal lists them: the timelines after a
    /// recording's first, in registry order, the page's known differences (`seen`), the
    /// banner's variants, then the retry policy's. The same set as `goldenParts`.
    package static let reservedParts: [String] =
        timelineParts(of: nil) + ["seen"] + BannerVariant.allCases.map(\.name) + RetryVariant.allCases.map(\.name)

    /// The golden suffixes of the timelines after a recording's first, in registry order: of
    /// the recordings of `kind`, or of both kinds.
    private static func timelineParts(of kind: RecordingKind?) -> [String] {
        PolicyDescription.all.filter { kind == nil || $0.goldenBeside == kind }.map(\.goldenSuffix).filter { !$0.isEmpty }
    }

    /// The middle parts a golden of a `kind` recording may have: its timelines after the
    /// first, and its variants (the banner's for a web recording, the retry policy's for a
    /// native log).
    package static func goldenParts(for kind: RecordingKind) -> [String] {
        let timelines = timelineParts(of: kind)
        switch kind {
        case .web: return timelines + ["seen"] + BannerVariant.allCases.map(\.name)
        case .native: return timelines + RetryVariant.allCases.map(\.name)
        }
    }

    /// Every recording under `paths` (as `find` gives them) and every stray golden: a golden
    /// with no recording, a golden whose middle part names nothing, a file whose name is
    /// within two edits of a golden suffix or has `.expected` elsewhere than a golden has it.
    package static func survey(in paths: [String]) throws -> GoldenSurvey {
        let stream = try surveyStream(in: paths)
        var cases: [GoldenCase] = [], strays: [StrayGolden] = []
        while let item = try stream.next() {
            switch item {
            case .recording(let golden): cases.append(golden)
            case .stray(let stray): strays.append(stray)
            }
        }
        return GoldenSurvey(cases: cases, strays: strays, skipped: stream.skipped)
    }

    /// What `survey` finds, one recording or stray at a time in path order, in bounded memory
    /// however many files there are: the files are listed on disk (`RecordingFiles.streamFiles`).
    package static func surveyStream(in paths: [String]) throws -> GoldenSurveyStream {
        let (files, given, skipped) = try RecordingFiles.streamFiles(in: paths)
        // A golden named on the command line stands for its recording: those (the command
        // line's few) are merged into the walk's in order.
        var named: [String] = []
        for file in given where RecordingFiles.isGolden(file) {
            if case .recording(let golden)? = classify(file, given: given) { named.append(golden.recording) }
        }
        return GoldenSurveyStream(files: files, given: given, named: named, skipped: skipped)
    }

    /// What one file under `check`'s paths is: a recording to check, a stray, or nothing to
    /// `check` (for a golden named on the command line: the recording it stands for).
    static func classify(_ file: String, given: Set<String>) -> GoldenSurveyStream.Item? {
        if RecordingFiles.isGolden(file) {
            let recording = RecordingFiles.recording(ofGolden: file, parts: reservedParts)
            if !RecordingFiles.exists(recording) {
                return .stray(StrayGolden(path: file, problem: .noRecording(recording: recording)))
            } else if let problem = unknownPart(of: file, recording: recording) ?? missingSessionLog(of: file, recording: recording) {
                return .stray(StrayGolden(path: file, problem: problem))
            } else if given.contains(file) {
                return .recording(GoldenCase(recording: recording))
            }
        } else if let suggestion = misspelledGolden(file) {
            return .stray(StrayGolden(path: file, problem: .misspelled(suggestion: suggestion)))
        } else if RecordingFiles.isRecording(file) || given.contains(file) {
            return .recording(GoldenCase(recording: file))
        }
        return nil
    }

    /// `nil` when `golden` is one `recording` can have. Which parts it can have depends on its
    /// kind, read from its first record; a recording that is not a regular file (never opened:
    /// a FIFO would wait for a writer) or cannot be read is allowed every part, and its own
    /// check, or the walk, says why.
    static func unknownPart(of golden: String, recording: String) -> StrayGolden.Problem? {
        let stem = RecordingFiles.stem(recording)
        let name = String(golden.dropLast(".expected.jsonl".count))
        guard name != stem, name.hasPrefix(stem + ".") else { return nil }
        let part = String(name.dropFirst(stem.count + 1))
        let kind = RecordingFiles.isRegularFile(recording) ? try? RecordingKind.of(path: recording) : nil
        let parts = kind.map(goldenParts(for:)) ?? goldenParts
        if parts.contains(part) { return nil }
        let base = baseName(stem)
        var known = [base + ".expected.jsonl"] + parts.map { base + "." + $0 + ".expected.jsonl" }
        if let near = parts.map({ (editDistance($0, part), $0) }).filter({ $0.0 <= 2 }).min(by: { $0 < $1 }) {
            let nearest = base + "." + near.1 + ".expected.jsonl"
            known.removeAll { $0 == nearest }
            known.insert(nearest, at: 0)
        }
        if let kind, goldenParts.contains(part) {
            return .otherKind(recording: recording, kind: kind, part: part, known: known)
        }
        return .unknownTimeline(recording: recording, part: part, known: known)
    }

    /// `nil` unless `golden` is a session golden whose web recording has no app's log beside
    /// it: the session timeline would not apply, and the golden would pass unread.
    static func missingSessionLog(of golden: String, recording: String) -> StrayGolden.Problem? {
        guard golden == GoldenTimeline.session.golden(for: recording) else { return nil }
        let native = RecordingFiles.sessionNative(ofWeb: recording)
        return sessionLogProblem(native).map { .noSessionLog(native: native, why: $0) }
    }

    /// Why `native` is no session's app log, or `nil` when it is one: a regular file (a FIFO
    /// would keep check waiting) whose first record is a native meta. What the session
    /// timeline and the survey both ask.
    static func sessionLogProblem(_ native: String) -> StrayGolden.SessionLogProblem? {
        guard RecordingFiles.exists(native) else { return .missing }
        guard RecordingFiles.isRegularFile(native) else { return .notARegularFile }
        do {
            return try RecordingKind.of(path: native) == .native ? nil : .notANativeLog
        } catch let error as RecordingError {
            return .unreadable(error.message)
        } catch {
            return .unreadable("\(error)")
        }
    }

    /// The golden name `path` was likely meant to have, when its name is not a golden's but
    /// almost is: a suffix (from one of its dots) within two edits of `.expected.jsonl`, or
    /// `.expected` in a `.jsonl` name elsewhere than before the final `.jsonl`
    /// (`x.expected.launch.jsonl` → `x.launch.expected.jsonl`, `x.expected-old.jsonl` → `x.expected.jsonl`).
    static func misspelledGolden(_ path: String) -> String? {
        let golden = ".expected.jsonl"
        guard !RecordingFiles.isGolden(path) else { return nil }
        let name = baseName(path)
        let directory = String(path.dropLast(name.count))
        if name.hasSuffix(".jsonl"), let marker = name.range(of: ".expected"), marker.lowerBound > name.startIndex {
            let stem = name[..<marker.lowerBound]
            var rest = name[marker.upperBound...].dropLast(".jsonl".count)
            while let first = rest.first, first == "." || first == "-" || first == "_" { rest = rest.dropFirst() }
            let part = goldenParts.contains(String(rest)) ? "." + rest : ""
            return directory + stem + part + golden
        }
        var best: (distance: Int, stem: Substring)?
        for dot in name.indices where name[dot] == "." && dot > name.startIndex {
            let distance = editDistance(String(name[dot...]), golden)
            if distance <= 2, distance < (best?.distance ?? .max) { best = (distance, name[..<dot]) }
        }
        return best.map { directory + $0.stem + golden }
    }
}

private func baseName(_ path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
}

/// Levenshtein distance over characters (insertions, deletions, substitutions).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + [Int](repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
