import PolicyCore
import Replay

/// One of the banner's findings (`explain` on a web recording), as its detector's file declares
/// it: a stable id, its level, and the words the docs and help give it. The list of them is the
/// composed detectors' own (`BannerDetectors`), in the order their findings are reported: the
/// registry, `stats`, the help and the docs' table read it, so a finding is declared once, in
/// its detector's file. `BannerFinding` holds one of them with its evidence.
package struct BannerFindingKind: Hashable, Comparable, CaseIterable, Sendable {
    /// The id printed and matched by scripts; never renamed.
    package let id: String
    /// Whether it asks for a fix (`warning`) or shows the design doing its job (`info`).
    package let level: FindingLevel
    /// When it fires: the docs' table's third column (Markdown).
    package let firesWhen: String
    /// What it means, and why it has its level: the docs' table's last column (Markdown).
    package let meaning: String
    /// The keys of its JSON line after the ones every finding has, as the docs list them
    /// (Markdown): each key in backquotes, what is in parentheses only says more about one.
    package let fields: String
    /// Whether a config may give it a threshold (`minMs`, `FindingsConfig`).
    package let takesMinMs: Bool

    package init(id: String, level: FindingLevel, firesWhen: String, meaning: String, fields: String, takesMinMs: Bool = false) {
        self.id = id
        self.level = level
        self.firesWhen = firesWhen
        self.meaning = meaning
        self.fields = fields
        self.takesMinMs = takesMinMs
    }

    /// Every banner finding, in the order reports list them: the detectors' own, as composed.
    package static let allCases: [BannerFindingKind] = BannerDetectors.kinds

    /// The finding with the id `rawValue`, if the banner has one.
    package init?(rawValue: String) {
        guard let kind = Self.allCases.first(where: { $0.id == rawValue }) else { return nil }
        self = kind
    }

    package var rawValue: String { id }

    /// As every list of findings needs it: id, level, threshold, and its row of docs/field-reports.md.
    package var finding: FindingDescription {
        FindingDescription(id: id, level: level, takesMinMs: takesMinMs, docs: [level.rawValue, firesWhen, meaning])
    }

    /// One finding is one kind: told apart by its id.
    package static func == (a: BannerFindingKind, b: BannerFindingKind) -> Bool { a.id == b.id }
    package func hash(into hasher: inout Hasher) { hasher.combine(id) }

    package static func < (a: BannerFindingKind, b: BannerFindingKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
