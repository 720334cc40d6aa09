import BannerFindings
import Fleet
import Foundation
import NativeFindings
import Pictures
import PolicyCore
import Replay
import Reports
import TurboRecording
import VariantAnalysis

/// The launch's part of `explain` on a native log, after the error view's: nothing when the log
/// has neither a launch nor the app's own screen log. Its rows are decided all along the log but
/// printed after the error view's findings, so in text they wait in a `RowSpool`, on disk.
final class LaunchExplain: ExplainSection {
    private var launch: LaunchAnalyzer
    private let rows: RowSpool?
    private let jsonl: Bool

    init(config: NativeConfig, jsonl: Bool) throws {
        launch = LaunchAnalyzer(config: config, keeping: .findings)
        rows = jsonl ? nil : try RowSpool()
        self.jsonl = jsonl
    }

    func observe(_ record: NativeRecord, path: String, console: Console) {
        launch.feed(record)
        spoolRows()
    }

    func report(path: String, cuts: Int, console: Console) throws -> [FindingLevel] {
        launch.finish()
        spoolRows()
        guard launch.isRelevant else { return launch.findings.map(\.level) }
        if jsonl {
            for finding in launch.findings { try console.print(finding.jsonLine) }
            for late in launch.afterEnd { try console.print(NativeTextTimeline.afterEndJSON(late.record.jsonLine)) }
        } else {
            try console.print("")
            for line in LaunchExplainText.head(launch) { try console.print(line) }
            try rows?.replay { try console.print($0) }
            try LaunchExplainText.tail(launch) { try console.print($0) }
        }
        return launch.findings.map(\.level)
    }

    var findingCounts: [(id: String, level: FindingLevel, count: Int)] {
        launch.findings.map { ($0.kind.rawValue, $0.level, 1) }
    }

    /// Taken as they are decided (in jsonl too, where they are not printed), so none pile up.
    private func spoolRows() {
        for row in launch.takeRows() { rows?.write(LaunchExplainText.row(row)) }
    }
}

/// Lines written now and read back once, in order, from an unnamed temporary file (in
/// `Scratch.folder`): the launch table of a log of millions of lines costs disk, not memory.
final class RowSpool {
    private let file: UnsafeMutablePointer<FILE>

    /// A `SpoolError` (exit 74) when no temporary file can be made: the rows are never dropped.
    init() throws {
        file = try Scratch.stream()
    }

    deinit { fclose(file) }

    func write(_ line: String) {
        fputs(line, file)
        fputc(0x0A, file)
    }

    func replay(_ body: (String) throws -> Void) throws {
        guard ferror(file) == 0, fflush(file) == 0 else { throw Scratch.failure(.write) }
        rewind(file)
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while true {
            let count = getline(&buffer, &capacity, file)
            guard count > 0, let buffer else { break }
            try body(
                String(
                    decoding: UnsafeBufferPointer(start: buffer, count: count - 1).lazy.map { UInt8(bitPattern: $0) },
                    as: UTF8.self))
        }
        if ferror(file) != 0 { throw Scratch.failure(.read) }
    }
}
