import Replay
import TurboRecording

extension FindingRules {
    /// The rules of `config`, each id one the registry knows and each threshold one its
    /// finding takes; else a `.malformed` error (exit 65) naming `path` and the known ids.
    package init(_ config: FindingsConfig, path: String) throws {
        for (id, rule) in config.rules.sorted(by: { $0.key < $1.key }) {
            guard let finding = PolicyDescription.finding(id) else {
                throw RecordingError(
                    .malformed, path: path, line: nil,
                    #"unknown finding "\#(id)" in "findings" (known: \#(PolicyDescription.findingIDs.joined(separator: ", ")))"#)
            }
            if rule.minMs != nil, !finding.takesMinMs {
                let takers = PolicyDescription.allFindings.filter(\.takesMinMs).map(\.id)
                throw RecordingError(
                    .malformed, path: path, line: nil,
                    #""findings.\#(id)" takes no "minMs" (only \#(takers.joined(separator: ", ")) has a threshold); give it a level alone"#)
            }
        }
        self.init(checked: config)
    }
}
