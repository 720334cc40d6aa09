import PolicyCore

/// A finding as every list of them needs it: its stable id and its level, whether a config
/// may give it a threshold (`minMs`, `FindingsConfig`), and its row in the table of its
/// policy's page of docs/ (`PolicyDescription.findingsPage`), which is made from it.
package struct FindingDescription: Equatable, Sendable {
    package let id: String
    package let level: FindingLevel
    /// `minMs` is the finding's natural threshold: an occurrence shorter than it is no finding.
    package let takesMinMs: Bool
    /// The cells of its row in its page's table of findings, after the id (Markdown). Where the
    /// table has a level column, the first begins with the level.
    package let docs: [String]

    package init(id: String, level: FindingLevel, takesMinMs: Bool = false, docs: [String] = []) {
        self.id = id
        self.level = level
        self.takesMinMs = takesMinMs
        self.docs = docs
    }
}
