import DetectorComposition
import Foundation
import PolicyRegistry
import Testing

@testable import TestSupport

/// The banner detectors' composition (`BannerDetectors.swift`) is what `compose-detectors` makes
/// from the detector files present, as swift-format's GeneratedFilesValidityTests holds its
/// generated rule registry: a detector file added, removed or reordered fails here until
/// `script/refresh-docs` (or `swift run compose-detectors`), so no detector is left out of the
/// hooks or the findings' registry.
@Suite("Generated detectors")
struct GeneratedDetectorsTests {
    static func files() throws -> [(name: String, text: String)] {
        let folder = Fixtures.root.path + "/" + GeneratedDetectors.folder
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { name in
            (name: name, text: try String(contentsOfFile: folder + "/" + name, encoding: .utf8))
        }
    }

    @Test("BannerDetectors.swift composes every detector file present, in their report order")
    func upToDate() throws {
        let text = try String(contentsOfFile: Fixtures.root.path + "/" + GeneratedDetectors.path, encoding: .utf8)
        let made = try GeneratedDetectors.composition(Self.files())
        #expect(made == text, "\(GeneratedDetectors.path) is stale (run `script/refresh-docs`, or `swift run compose-detectors`); it should be:\n\(made)")
    }

    @Test("every detector file declares one detector and its report order")
    func readsEveryDetector() throws {
        let files = try Self.files()
        let detectors = try GeneratedDetectors.detectors(files)
        #expect(detectors.count == files.filter { $0.name.hasSuffix("Detector.swift") && $0.name != "BannerDetector.swift" }.count)
        #expect(detectors.first.map { [$0.name: $0.reportOrder] } == ["OnlineLiedDetector": 10])
        #expect(detectors.map(\.reportOrder) == detectors.map(\.reportOrder).sorted())
    }

    /// What a new detector brings beside its file, which nothing else would miss: its tests,
    /// and its finding's two recordings (StatsTests holds `NAME.jsonl` to showing it and
    /// `NAME-absent.jsonl` to not; `check` holds both to their goldens).
    @Test("every detector has its tests, and every banner finding its recording and its -absent one")
    func everyDetectorHasItsTestsAndRecordings() throws {
        let root = Fixtures.root.path
        for detector in try GeneratedDetectors.detectors(Self.files()) {
            let tests = "Tests/BannerFindingsTests/\(detector.name)Tests.swift"
            #expect(FileManager.default.fileExists(atPath: root + "/" + tests), "\(detector.name) has no \(tests)")
        }
        for finding in PolicyDescription.banner.findings {
            for name in [finding.id, finding.id + "-absent"] {
                let recording = "recordings/findings/\(name).jsonl"
                #expect(FileManager.default.fileExists(atPath: root + "/" + recording), "\(finding.id) has no \(recording)")
            }
        }
    }

    @Test("a detector file without its order, with two detectors, or two detectors of one order: an error naming the file")
    func refusesWhatItCannotCompose() throws {
        let plain = "struct ADetector: BannerDetector {\n    static let reportOrder = 10\n}\n"
        let finding = "struct BDetector: Sendable, BannerFindingDetector {\n    typealias Detail = B\n    static let reportOrder = 5\n}\n"
        let made = try GeneratedDetectors.composition([
            ("ADetector.swift", plain), ("BDetector.swift", finding), ("Other.swift", "struct CDetector: BannerDetector {}"),
        ])
        #expect(made.hasSuffix("typealias BannerDetectors = BDetector\n    .And<ADetector>\n"))
        #expect(throws: CompositionError.self) { try GeneratedDetectors.composition([("ADetector.swift", "struct ADetector: BannerDetector {}")]) }
        #expect(throws: CompositionError.self) { try GeneratedDetectors.composition([("ADetector.swift", plain + plain)]) }
        #expect(throws: CompositionError.self) {
            try GeneratedDetectors.composition([("ADetector.swift", plain), ("BDetector.swift", plain.replacing("ADetector", with: "BDetector"))])
        }
        #expect(throws: CompositionError.self) { try GeneratedDetectors.composition([("Notes.swift", plain)]) }
    }
}
