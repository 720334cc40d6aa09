import NativeErrorPolicy
import OfflineBanner

/// The one rule that names a recording's goldens (and its configs), both ways. A recording
/// `NAME.jsonl` has its goldens beside it:
///
/// * `NAME.expected.jsonl`, its first timeline's;
/// * `NAME.<part>.expected.jsonl` for every other kind, `part` one of the kinds `check`
///   compares (`parts`, which the golden check gives: the timelines after a recording's first,
///   the page's known differences, every variant; the registry of policies names them, above
///   this module).
///
/// The rule gives two recordings, or two kinds of one recording, the same golden only when a
/// recording's `NAME` itself ends in `.<part>` (`x.session.jsonl` would own `x.session.expected.jsonl`,
/// which is the session golden of `x.jsonl`), or when its name does not end in `.jsonl` (a
/// name cut by six bytes made `run1.log` and `run2.log` share `ru.expected.jsonl`). Those names
/// are refused (`problem(ofRecording:)`), so the rule is one-to-one on every name it accepts:
/// `part` has no dot, so the last dot-separated piece of a golden's name before
/// `.expected.jsonl` says which kind it is, and what is before it which recording.
public enum GoldenNames {
    public static let goldenSuffix = ".expected.jsonl"
    public static let recordingSuffix = ".jsonl"

    /// Why `recording` can have no golden under the rule, `parts` the kinds reserved, or `nil`
    /// when it can.
    public static func problem(ofRecording recording: String, parts: [String]) -> String? {
        let name = baseName(recording)
        guard name.hasSuffix(recordingSuffix), name.utf8.count > recordingSuffix.utf8.count else {
            return "its name does not end in .jsonl, so it has no golden (a recording NAME.jsonl has NAME.expected.jsonl); rename it"
        }
        guard !name.hasSuffix(goldenSuffix) else { return "a golden's name (NAME.expected.jsonl), not a recording's" }
        let stem = String(name.dropLast(recordingSuffix.count))
        if let part = lastPart(stem), parts.contains(part) {
            return "a name ending in .\(part).jsonl cannot have goldens of its own: \(stem).expected.jsonl is the \(part) golden of "
                + "\(stem.dropLast(part.count + 1)).jsonl; rename it (\(part) is reserved, as are \(parts.filter { $0 != part }.joined(separator: ", ")))"
        }
        return nil
    }

    /// The golden of `recording`'s first timeline (`part` nil), or of the kind `part`.
    public static func golden(of recording: String, part: String? = nil) -> String {
        stem(recording) + (part.map { "." + $0 } ?? "") + goldenSuffix
    }

    /// `NAME.config.json`: what configures the replays of `NAME.jsonl`.
    public static func config(of recording: String) -> String { stem(recording) + ".config.json" }

    /// `NAME.session.config.json`: what configures the session of `NAME.jsonl` and `NAME.native.jsonl`.
    public static func sessionConfig(of web: String) -> String { stem(web) + ".session.config.json" }

    /// The path without `.jsonl` (a name that does not end so, whole: never cut short).
    public static func stem(_ recording: String) -> String {
        recording.hasSuffix(recordingSuffix) ? String(recording.dropLast(recordingSuffix.count)) : recording
    }

    /// The recording a golden belongs to under the rule, and its kind (`nil`: the first
    /// timeline's): `x.launch.expected.jsonl` → `x.jsonl`, `launch`; `x.expected.jsonl` → `x.jsonl`.
    public static func owner(ofGolden golden: String, parts: [String]) -> (recording: String, part: String?) {
        let stem = golden.hasSuffix(goldenSuffix) ? String(golden.dropLast(goldenSuffix.count)) : golden
        if let part = lastPart(baseName(stem)), parts.contains(part) {
            return (String(stem.dropLast(part.count + 1)) + recordingSuffix, part)
        }
        return (stem + recordingSuffix, nil)
    }

    /// What follows the last dot of a name, when one is after its first character.
    private static func lastPart(_ name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex, !name[dot...].contains("/") else { return nil }
        return String(name[name.index(after: dot)...])
    }

    private static func baseName(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
