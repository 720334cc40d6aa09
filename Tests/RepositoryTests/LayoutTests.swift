import Foundation
@testable import TestSupport
import Testing

/// The package's shape, as the README's Layout says it: the arrows run one way, and the pure
/// cores import nothing but each other (no Foundation, no Glibc, no json-c), so an iOS target
/// links them alone.
@Suite("Layout")
struct LayoutTests {
    static let sources = Fixtures.root.appendingPathComponent("Sources").path

    /// What each target may import. A target not listed here fails the test: say where it sits.
    static let allowed: [String: Set<String>] = [
        "PolicyCore": [],
        "OfflineBanner": ["PolicyCore"],
        "NativeErrorPolicy": ["PolicyCore"],
        "LaunchPolicy": ["PolicyCore", "NativeErrorPolicy"],
        "ArchiveCachePolicy": ["PolicyCore", "NativeErrorPolicy"],
        "TurboRecording": ["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "CJSONC", "Glibc"],
        "AppSession": ["PolicyCore", "OfflineBanner", "NativeErrorPolicy"],
        "Replay": ["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "TurboRecording", "AppSession", "Dispatch", "Foundation"],
        "Goldens": ["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "TurboRecording", "Replay", "Foundation", "Glibc"],
        "FieldReport": ["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "TurboRecording", "Replay", "Foundation", "Dispatch"],
        "turbo-replay": ["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "TurboRecording", "Replay", "Goldens", "FieldReport",
                         "Foundation", "Dispatch", "Glibc"],
    ]

    static var targets: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []).filter { $0 != "CJSONC" }.sorted()
    }

    static func imports(of target: String) throws -> [(file: String, module: String)] {
        let directory = sources + "/" + target
        var found: [(String, String)] = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: directory) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if let index = words.firstIndex(of: "import"), index + 1 < words.count,
                   words[..<index].allSatisfy({ $0.hasPrefix("@") }) {
                    found.append((file, String(words[index + 1])))
                }
            }
        }
        return found
    }

    @Test("every target imports only what sits below it", arguments: targets)
    func importsRunOneWay(_ target: String) throws {
        guard let allowed = Self.allowed[target] else {
            Issue.record("Sources/\(target) is not in the layout: add it to LayoutTests.allowed and to the README's Layout")
            return
        }
        for (file, module) in try Self.imports(of: target) where !allowed.contains(module) {
            Issue.record("Sources/\(target)/\(file) imports \(module)")
        }
    }

    @Test("json-c is read in one place only")
    func jsonCLivesInTurboRecording() throws {
        for target in Self.targets where target != "TurboRecording" {
            #expect(try Self.imports(of: target).allSatisfy { $0.module != "CJSONC" }, "\(target) imports CJSONC")
        }
    }

    /// The launch reads presented errors as the error view classifies them, and nothing else of
    /// the error view: its retry policy, settings and decisions are another policy's.
    @Test("LaunchPolicy uses only the error view's classification")
    func launchUsesOnlyTheClassification() throws {
        let directory = Self.sources + "/LaunchPolicy"
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            let words = Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            for name in ["RetryPolicy", "PolicySettings", "PolicyInput", "PolicyTimer", "ErrorViewInstance", "Decision",
                         "Retry", "RetryTrigger"] {
                #expect(!words.contains(name), "Sources/LaunchPolicy/\(file) uses \(name)")
            }
        }
    }
}
