import OfflineBanner
import PolicyCore
import Replay
import TurboRecording

/// A pattern in a field log that a developer should look at: which finding (`kind`, a stable
/// id), when it happened, the records (line numbers) it rests on, and its evidence (`detail`),
/// which says what it means. What each finding is, its evidence and its words are declared in
/// its detector's file (`Detectors/`).
package struct BannerFinding: Equatable, Sendable {
    package typealias Kind = BannerFindingKind

    package let kind: Kind
    /// Its kind's level, unless a config's rule gave it another (`FindingRules`).
    package var level: FindingLevel
    /// When it happened, in the recording's milliseconds.
    package var t: Double
    /// The records it rests on, as 1-based line numbers in the recording, ascending.
    package var lines: [Int]
    package let detail: any BannerFindingDetail

    package init<Detail: BannerFindingDetail>(t: Double, lines: [Int], detail: Detail) {
        kind = Detail.kind
        level = kind.level
        self.t = t
        self.lines = Array(Set(lines)).sorted()
        self.detail = detail
    }

    /// Its evidence, if it is a finding of the kind `Detail` is the evidence of.
    package func detail<Detail: BannerFindingDetail>(as _: Detail.Type) -> Detail? {
        detail as? Detail
    }

    /// One sentence saying what this occurrence means. Recording text is included as is:
    /// whoever prints it escapes it for where it goes.
    package var sentence: String { detail.sentence(at: t) }

    /// The finding as one JSON line (`explain --format jsonl`): `t`, `finding`, `level`,
    /// `lines`, its own fields, then `message`.
    package var jsonLine: String {
        var line = JSONLine()
        line.number("t", t)
        line.string("finding", kind.id)
        line.string("level", level.rawValue)
        line.raw("lines", "[" + lines.map(String.init).joined(separator: ",") + "]")
        detail.json(at: t, into: &line)
        line.string("message", sentence)
        return line.text
    }

    package static func == (a: BannerFinding, b: BannerFinding) -> Bool {
        a.kind == b.kind && a.level == b.level && a.t == b.t && a.lines == b.lines && a.detail.isEqual(to: b.detail)
    }
}
