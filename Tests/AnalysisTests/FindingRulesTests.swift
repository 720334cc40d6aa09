import Foundation
import PolicyCore
import PolicyRegistry
import Reports
import Testing
import TurboRecording

@testable import BannerFindings
@testable import Fleet
@testable import Replay
@testable import TestSupport

/// A config's `findings` (docs/cli.md, "Tuning the findings"): one row per rule. The log is
/// dead-upstream-frame: an online-lied (warning) and a stale pill whose response came 1620.5 ms
/// before the pill came down (a disconnect).
@Suite("findings rules")
struct FindingRulesTests {
    static let log = packageRoot + "/recordings/chromium/dead-upstream-frame.jsonl"

    /// The log's findings under `config`, each as `id level`, and the levels `--fail-on` reads.
    func found(_ config: String) throws -> (findings: [String], levels: [FindingLevel]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString).json").path
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let rules = try FindingRules(BannerConfig.load(path: path).findings, path: path)
        var analyzer = BannerAnalyzer(rules: rules)
        var findings: [String] = []
        let reader = try RecordingReader(path: Self.log, keepObserved: true)
        try analyze(reader, with: &analyzer) { event in
            if case .finding(let finding) = event { findings.append("\(finding.kind.id) \(finding.level.rawValue)") }
        }
        return (findings, analyzer.summary.findingLevels)
    }

    @Test(
        "config's findings | what explain reports",
        arguments: [
            ("{}", ["online-lied warning", "stale-pill warning"]),
            (#"{"findings": {"stale-pill": "off"}}"#, ["online-lied warning"]),
            (#"{"findings": {"stale-pill": "info"}}"#, ["online-lied warning", "stale-pill info"]),
            (#"{"findings": {"online-lied": "info", "stale-pill": "off"}}"#, ["online-lied info"]),
            (#"{"findings": {"stale-pill": {"minMs": 1620.5}}}"#, ["online-lied warning", "stale-pill warning"]),
            (#"{"findings": {"stale-pill": {"minMs": 1621}}}"#, ["online-lied warning"]),
            (#"{"findings": {"stale-pill": {"level": "info", "minMs": 500}}}"#, ["online-lied warning", "stale-pill info"]),
            (#"{"findings": {"stale-pill": {"level": "off"}}}"#, ["online-lied warning"]),
        ])
    func rule(config: String, expected: [String]) throws {
        let result = try found(config)
        #expect(result.findings == expected)
        #expect(result.levels.map(\.rawValue) == expected.map { String($0.split(separator: " ")[1]) })
    }

    @Test(
        "a config the registry refuses | the message (exit 65)",
        arguments: [
            (#"{"findings": {"stale-pil": "off"}}"#, #"unknown finding "stale-pil" in "findings" (known: online-lied, stale-pill,"#),
            (#"{"findings": {"online-lied": {"minMs": 5}}}"#, #""findings.online-lied" takes no "minMs" (only stale-pill has a threshold)"#),
            (#"{"findings": {"stale-pill": "loud"}}"#, #""findings.stale-pill" must be one of: "off", "info", "warning""#),
            (#"{"findings": {"stale-pill": {"minMs": -1}}}"#, #""findings.stale-pill.minMs" must be a number of milliseconds, 0 or more"#),
            (#"{"findings": {"stale-pill": {"maxMs": 1}}}"#, #"in "findings.stale-pill": unknown key "maxMs""#),
            (#"{"findings": ["stale-pill"]}"#, #""findings" must be an object of rules by finding id"#),
        ])
    func refused(config: String, message: String) throws {
        let error = try #require(throws: RecordingError.self) { try found(config) }
        #expect(error.kind == .malformed)
        #expect(error.description.contains(message), "\(error.description)")
    }

    @Test("every id the registry lists is accepted, and is the list the error names")
    func everyID() throws {
        for id in PolicyDescription.findingIDs {
            let rules = try FindingRules(FindingsConfig([id: .init(.off)]), path: "x.json")
            #expect(!rules.reports(id))
        }
    }

    @Test("stats: an id switched off is not listed, a level moved is counted at its new level")
    func stats() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString).json").path
        try #"{"findings": {"stale-pill": "off", "online-lied": "info"}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let rules = try FindingRules(BannerConfig.load(path: path).findings, path: path)
        let stats = FleetStats.analyze([Self.log], reading: StatsReading(rules: rules))
        #expect(!stats.findings.contains { $0.kind == .stalePill })
        #expect(stats.findings.first { $0.kind == .onlineLied }.map { "\($0.level) \($0.count)" } == "info 1")
        #expect(stats.findingsByLevel == [.warning: 0, .info: 1])
        // The report prints from the bounded totals, which follow the same rules.
        let text = stats.text(listing: nil)
        #expect(!text.contains { $0.hasPrefix("  stale-pill") })
        #expect(text.contains { $0.hasPrefix("  online-lied") && $0.contains(" info ") })
        #expect(text.contains("findings: warning 0, info 1"))
    }
}
