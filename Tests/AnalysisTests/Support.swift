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

/// The exact figures `Distribution` reads from a sketch: the median (the mean of the middle two
/// for an even count), p90 by nearest rank, and the maximum.
func exactDistribution(_ values: [Double]) -> (median: Double, p90: Double, max: Double)? {
    let sorted = values.sorted()
    guard let last = sorted.last else { return nil }
    let n = sorted.count
    let median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    return (median, sorted[max(Int((0.9 * Double(n)).rounded(.up)), 1) - 1], last)
}

/// `value` is within the sketch's stated accuracy of `exact`: 0.5% of it, or for a duration
/// under `zeroThreshold` (read as 0), that threshold.
func withinAccuracy(_ value: Double?, of exact: Double) -> Bool {
    guard let value else { return false }
    let bound = exact < QuantileSketch.zeroThreshold ? QuantileSketch.zeroThreshold : QuantileSketch.relativeAccuracy * exact * (1 + 1e-9)
    return abs(value - exact) <= bound
}

/// `distribution` is what the sketch promises for `values`: median and p90 within its accuracy,
/// the maximum exact.
func matchesWithinAccuracy(_ distribution: Distribution?, _ values: [Double]) -> Bool {
    guard let exact = exactDistribution(values) else { return distribution == nil }
    guard let distribution else { return false }
    return withinAccuracy(distribution.median, of: exact.median) && withinAccuracy(distribution.p90, of: exact.p90)
        && distribution.max == exact.max
}

func recording(_ name: String) -> String {
    packageRoot + "/recordings/" + name + ".jsonl"
}

func analyze(_ name: String, settings: BannerSettings = BannerSettings()) throws -> BannerSession {
    try BannerSession.analyze(path: recording(name), settings: settings)
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
func analyze(lines: [String], settings: BannerSettings = BannerSettings()) throws -> BannerSession {
    let files = try TemporaryRecordings()
    let path = try files.write("inline.jsonl", lines)
    return try BannerSession.analyze(path: path, settings: settings)
}
