import PolicyCore
import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A timeline as `check` reads it: each record handed to `emit` as one canonical JSON line
/// (no newline) as soon as the replay decides it; `false` when the timeline does not apply to
/// the recording (nothing was emitted). It can be run again (`--update` writes what it emits).
typealias TimelineSource = (_ emit: (_ line: [UInt8]) throws -> Void) throws -> Bool

/// A replayed timeline compared with its golden as both stream: the golden is read a line at
/// a time as the replay emits, so neither is ever whole in memory. What is kept is bounded:
///
/// * while both sides have at most `keptInFull` records and `keptBytes` bytes, every record,
///   so that a diff of a timeline of that size is the whole diff, as a person reviews it;
/// * past that, only the `context` matching records before the first difference and the
///   `window` records of each side from it (fewer once a side's window holds `keptBytes`: a
///   recording of 900 KB URLs must not hold twenty of them twice): the diff then shows the
///   first difference in its context, and says what it does not show.
///
/// The verdict needs none of that: each record is compared with the golden's at the same
/// position, as text first (the common case: a golden is what the replay prints) and as JSON
/// values under the tolerance only when the text differs.
final class TimelineComparison {
    static let keptInFull = 1000
    static let context = 3
    static let window = 20
    /// What each side keeps in full, and of its window, in bytes: a few long records are as
    /// much as a thousand short ones.
    static let keptBytes = 1 << 20

    let golden: String
    let tolerance: Tolerance
    private let reader: JSONLines
    /// The golden's first malformed line: the rest of the golden is not read, the replay goes on.
    private(set) var goldenError: RecordingError?
    private var goldenDone = false

    private(set) var replayedCount = 0
    private(set) var goldenCount = 0
    /// Every line so far is the golden's, byte for byte.
    private var identical = true
    /// The first position at which the two differ beyond the tolerance (or one side ended).
    private(set) var firstDifference: Int?

    private var keptGolden: [(line: Int, raw: [UInt8])] = []
    private var keptReplayed: [[UInt8]] = []
    /// Both sides are still kept in full (within `keptInFull` records and `keptBytes` each).
    private var keptWhole = true
    private var keptGoldenBytes = 0
    private var keptReplayedBytes = 0
    private var goldenWindowBytes = 0
    private var replayedWindowBytes = 0
    /// The last `context` matching pairs before the first difference, oldest first.
    private var before: [(golden: (line: Int, raw: [UInt8]), replayed: [UInt8])] = []
    private var goldenWindow: [(line: Int, raw: [UInt8])] = []
    private var replayedWindow: [[UInt8]] = []

    init(golden: String, reader: JSONLines, tolerance: Tolerance) {
        self.golden = golden
        self.reader = reader
        self.tolerance = tolerance
    }

    /// What is held now, in records: bounded whatever the length of the timelines.
    var recordsHeld: Int { keptGolden.count + keptReplayed.count + before.count * 2 + goldenWindow.count + replayedWindow.count }

    /// What is held now, in bytes of records: bounded whatever their length (`keptBytes` per
    /// side and per window, past one record, and the `context` pairs before the difference).
    var bytesHeld: Int {
        keptGolden.reduce(0) { $0 + $1.raw.count } + keptReplayed.reduce(0) { $0 + $1.count }
            + before.reduce(0) { $0 + $1.golden.raw.count + $1.replayed.count }
            + goldenWindow.reduce(0) { $0 + $1.raw.count } + replayedWindow.reduce(0) { $0 + $1.count }
    }

    /// The replay's next record.
    func replayed(_ line: [UInt8]) {
        let index = replayedCount
        replayedCount += 1
        keepWhole(replayed: line)
        // The golden's record at the same position, and whether it matches.
        var golden: (line: Int, raw: [UInt8])?
        var matched = false
        if goldenError == nil && !goldenDone {
            do {
                let read: Bool? = try reader.nextWithBytes { object, number, raw in
                    goldenCount += 1
                    // memcmp, not `elementsEqual`: this runs for every byte of every record.
                    if raw.count == line.count && (raw.isEmpty || memcmp(raw.baseAddress!, line, raw.count) == 0) {
                        matched = true
                    } else {
                        identical = false
                        matched = tolerance.matches(
                            JSONLineValue(object, line: number).value, JSONValue(parsing: String(decoding: line, as: UTF8.self)) ?? .null)
                    }
                    golden = (number, Array(raw))
                    return true
                }
                if read == nil { goldenDone = true }
            } catch {
                fail(error)
            }
        }
        if golden == nil { identical = false }
        if let golden { keepWhole(golden: golden) }
        if firstDifference == nil {
            if matched, let golden {
                before.append((golden, line))
                if before.count > Self.context { before.removeFirst() }
                return
            }
            firstDifference = index
        }
        if index - firstDifference! < Self.window {
            if replayedWindowBytes < Self.keptBytes {
                replayedWindow.append(line)
                replayedWindowBytes += line.count
            }
            if let golden, goldenWindowBytes < Self.keptBytes {
                goldenWindow.append(golden)
                goldenWindowBytes += golden.raw.count
            }
        }
    }

    /// Keeps a record of the replay's (or the golden's) while both sides are kept whole; past
    /// `keptInFull` records or `keptBytes` bytes on either side, neither is kept any more.
    private func keepWhole(replayed line: [UInt8]? = nil, golden: (line: Int, raw: [UInt8])? = nil) {
        guard keptWhole else { return }
        if let line {
            keptReplayed.append(line)
            keptReplayedBytes += line.count
        }
        if let golden {
            keptGolden.append(golden)
            keptGoldenBytes += golden.raw.count
        }
        if keptReplayed.count > Self.keptInFull || keptGolden.count > Self.keptInFull || keptReplayedBytes > Self.keptBytes
            || keptGoldenBytes > Self.keptBytes
        {
            keptWhole = false
            keptReplayed = []
            keptGolden = []
        }
    }

    /// The end of the replay: the golden's records left over are read (and counted).
    func finish() {
        guard goldenError == nil else { return }
        do {
            while try reader.nextWithBytes({ _, number, raw in
                let index = goldenCount
                goldenCount += 1
                identical = false
                keepWhole(golden: (number, Array(raw)))
                if firstDifference == nil { firstDifference = index }
                if index - firstDifference! < Self.window, goldenWindowBytes < Self.keptBytes {
                    goldenWindow.append((number, Array(raw)))
                    goldenWindowBytes += raw.count
                }
                return true
            }) != nil {}
        } catch {
            fail(error)
        }
        goldenDone = true
    }

    private func fail(_ error: any Error) {
        goldenError = recordingError(error, path: golden)
        goldenDone = true
        keptGolden = []
        goldenWindow = []
    }

    /// The two are the same timeline: byte for byte, or record by record within the tolerance.
    var passed: Bool {
        goldenError == nil && replayedCount == goldenCount && (identical || firstDifference == nil)
    }

    /// The diff for a person: the whole one (as `timelineDiff` prints it) when both timelines
    /// were kept in full, else the first difference in its context, and what is not shown.
    var diff: String {
        if keptWhole {
            let expected = keptGolden.map { JSONLineValue(bytes: $0.raw, line: $0.line) ?? JSONLineValue(line: $0.line, text: "", value: .null) }
            return timelineDiff(golden: golden, expected: expected, actual: TimelineLines(lines: keptReplayed), tolerance: tolerance)
        }
        let first = firstDifference ?? min(replayedCount, goldenCount)
        let start = first - before.count
        let expected = (before.map(\.golden) + goldenWindow).map {
            JSONLineValue(bytes: $0.raw, line: $0.line) ?? JSONLineValue(line: $0.line, text: "", value: .null)
        }
        let actual = TimelineLines(lines: before.map(\.replayed) + replayedWindow, offset: start)
        let shownGolden = first + goldenWindow.count, shownReplayed = first + replayedWindow.count
        var cut: String?
        if shownGolden < goldenCount || shownReplayed < replayedCount {
            cut =
                "    … the diff is cut here: \(goldenCount - shownGolden) more golden records and "
                + "\(replayedCount - shownReplayed) more replayed records are not shown "
                + "(the golden has \(goldenCount) records, the replay \(replayedCount))"
        }
        return timelineDiff(
            golden: golden, expected: expected, actual: actual, tolerance: tolerance,
            equalBefore: start, cut: cut)
    }
}
