import PolicyCore
import PolicyRegistry
import Replay
import TurboRecording

/// What a partial counted, as its header names it: the finding ids it looked for (`nil` for a
/// partial that counts none, `tune`'s) and the figures each log's line carries. A merge adds
/// up only partials that counted the same, and only what this turbo-replay counts too: a
/// partial made before a finding or a figure existed would otherwise add it up as none. So a
/// new finding in the registry, or a new figure, changes what a header says by itself, and the
/// merge names what differs; no version is raised by hand for it.
package struct PartialCounted: Equatable, Sendable {
    /// The finding ids, as the header lists them (sorted: the set is what is compared).
    package var findings: [String]?
    /// The figures, in the order the header lists them (a `tune` row's order).
    package var figures: [String]

    package init(findings: [String]?, figures: [String]) {
        self.findings = findings
        self.figures = figures
    }

    /// What a `stats` partial counts: every finding of the registry, and `StatsFigure`'s figures.
    package static var stats: PartialCounted {
        PartialCounted(findings: PolicyDescription.findingIDs.sorted(), figures: StatsFigure.allCases.map(\.rawValue).sorted())
    }

    /// The header's members that say it: `"findings"` (when it counts any) and `"figures"`.
    package func write(into line: inout JSONLine) {
        if let findings { line.raw("findings", Self.list(findings)) }
        line.raw("figures", Self.list(figures))
    }

    private static func list(_ names: [String]) -> String { "[" + names.map(jsonString).joined(separator: ",") + "]" }

    /// What a header says it counted; a list that is missing, not a list of names, or that
    /// names one twice is refused.
    package init(header object: [String: JSONValue], findings takesFindings: Bool, _ fail: (String) -> RecordingError) throws {
        self.findings = takesFindings ? try Self.names(object["findings"], "findings", fail) : nil
        self.figures = try Self.names(object["figures"], "figures", fail)
    }

    private static func names(_ value: JSONValue?, _ what: String, _ fail: (String) -> RecordingError) throws -> [String] {
        guard case .array(let values)? = value else {
            throw fail("a partial's header lists the \(what) it counted (\"\(what)\":[…]); make it again with this turbo-replay")
        }
        var seen: Set<String> = []
        return try values.map { value in
            guard case .string(let name) = value else { throw fail("\"\(what)\" lists names (strings)") }
            guard seen.insert(name).inserted else { throw fail("\"\(what)\" names \(name) twice") }
            return name
        }
    }

    /// Why partials that counted `self` and `other` (`other` as read at `there`) cannot be
    /// added up together, naming what only one of them counted; `nil` when they counted the same.
    package func difference(from other: PartialCounted, there: String, thereCounts: String = "counted") -> String? {
        let parts = [("finding ids", findings ?? [], other.findings ?? []), ("figures", figures, other.figures)].compactMap {
            what, mine, theirs -> String? in
            let onlyHere = Set(mine).subtracting(theirs).sorted(), onlyThere = Set(theirs).subtracting(mine).sorted()
            guard !onlyHere.isEmpty || !onlyThere.isEmpty else { return nil }
            return [
                onlyThere.isEmpty ? nil : "\(there) \(thereCounts) \(onlyThere.joined(separator: ", ")), this partial did not",
                onlyHere.isEmpty ? nil : "this partial counted \(onlyHere.joined(separator: ", ")), \(there) did not",
            ].compactMap { $0 }.joined(separator: "; ") + " (\(what))"
        }
        if parts.isEmpty, figures != other.figures {
            // A `tune` row holds its figures in the header's order.
            return "the same figures in another order (\(there): \(other.figures.joined(separator: ", ")))"
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// Why a partial that counted `self` cannot be merged by this turbo-replay, which counts
    /// `counted`; `nil` when it counts the same.
    package func refusal(countedHere counted: PartialCounted, command: String) -> String? {
        guard let difference = difference(from: counted, there: "this turbo-replay", thereCounts: "counts") else { return nil }
        return "counted other \(findings == nil ? "figures" : "findings or figures") than this turbo-replay does: \(difference); "
            + "make it again with this turbo-replay \(command) --partial"
    }
}
