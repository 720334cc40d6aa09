import Foundation
import OfflineBanner
import TurboRecording

@testable import BannerFindings
@testable import Fleet
@testable import NativeFindings
@testable import Pictures
@testable import Reports
@testable import TestSupport
@testable import VariantAnalysis

func recording(_ name: String) -> String {
    packageRoot + "/recordings/" + name + ".jsonl"
}

func analyze(_ name: String, settings: BannerSettings = BannerSettings()) throws -> BannerRecording {
    try BannerRecording.analyze(path: recording(name), settings: settings, keepingEpisodes: true)
}

/// A recording written for one test, in a fresh temporary directory.
final class TemporaryRecordings {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "field-report-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    @discardableResult
    func write(_ name: String, _ lines: [String]) throws -> String {
        let path = directory + "/" + name
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// Analyses recording lines given inline.
func analyze(lines: [String], settings: BannerSettings = BannerSettings()) throws -> BannerRecording {
    let files = try TemporaryRecordings()
    let path = try files.write("inline.jsonl", lines)
    return try BannerRecording.analyze(path: path, settings: settings, keepingEpisodes: true)
}
