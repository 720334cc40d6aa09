import Foundation
import OfflineBanner
import Testing
import TurboRecording

@testable import BannerFindings
@testable import Reports
@testable import TestSupport
@testable import VariantAnalysis

/// `whatif` writes a recording's report as it reads it (`WhatIfStream`), keeping counts; it
/// must print what the report of the whole `WhatIfRecording` prints, byte for byte, with its
/// episodes' lines in memory or in the temporary file.
@Suite struct WhatIfStreamTests {
    /// The report as `whatif` printed it from the whole recording: the header and the
    /// differences (text: only when changed, or `unchanged`), then the summary or the recording's line.
    static func whole(_ recording: WhatIfRecording, jsonl: Bool, unchanged: Bool, listing: Int = WhatIfText.listedEpisodes) -> String {
        var lines: [String] = []
        if jsonl {
            lines += recording.differences.map { WhatIfJSON.difference($0, path: recording.path) }
            lines.append(WhatIfJSON.recording(recording, listing: listing))
        } else if recording.changed || unchanged {
            lines += WhatIfText.header(path: recording.path, variant: recording.variant)
            if recording.changed { lines.append(WhatIfText.columns(variant: recording.variant)) }
            lines += recording.differences.flatMap(WhatIfText.rows)
            lines += WhatIfText.summary(recording, listing: listing)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    static func streamed(_ path: String, _ stream: WhatIfStream) throws -> (String, WhatIfSummary) {
        var bytes: [UInt8] = []
        let reader = try RecordingReader(path: path, keepObserved: false)
        let summary = try stream.write(
            reader, settings: BannerSettings(), variant: .recoverOnResponse, to: WhatIfOutput(write: { bytes += $0 }))
        return (String(decoding: bytes, as: UTF8.self), summary)
    }

    @Test(
        "every web recording of the corpus: the streamed report is the whole one's",
        arguments: [(false, false), (false, true), (true, false)], [TextSpool.inMemory, 8])
    func corpus(format: (jsonl: Bool, unchanged: Bool), spoolInMemory: Int) throws {
        let paths = try RecordingFiles.find(in: [packageRoot + "/recordings"]).filter { !((try? isNativeRecording(path: $0)) ?? true) }
        #expect(paths.count > 40)
        let stream = WhatIfStream(jsonl: format.jsonl, unchanged: format.unchanged, spoolInMemory: spoolInMemory)
        for path in paths {
            let recording = try WhatIfRecording.analyze(
                try RecordingReader(path: path, keepObserved: false), settings: BannerSettings(), variant: .recoverOnResponse)
            let (text, summary) = try Self.streamed(path, stream)
            #expect(text == Self.whole(recording, jsonl: format.jsonl, unchanged: format.unchanged), "\(path)")
            #expect(summary == recording.summary, "\(path)")
        }
    }

    /// What a report sets aside until its log is read is bounded (issue #47, item 16: `whatif -`
    /// on an endless standard input wrote every episode's line to disk): it lists the first
    /// episodes and says how many more there were, as the whole recording's report does.
    @Test("a log with more episodes than a report lists: the first ones, and how many more", arguments: [false, true])
    func listingIsBounded(jsonl: Bool) throws {
        func report(cycles: Int) throws -> String {
            let path = try Fixtures.file(
                (0..<cycles).map { #"{"t":\#($0 * 5000),"type":"offline"}"# + "\n" + #"{"t":\#($0 * 5000 + 2000),"type":"online"}"# }
                    .joined(separator: "\n") + "\n")
            let stream = WhatIfStream(jsonl: jsonl, unchanged: true, spoolInMemory: 8, listing: 2)
            let (text, summary) = try Self.streamed(path, stream)
            let recording = try WhatIfRecording.analyze(
                try RecordingReader(path: path, keepObserved: false), settings: BannerSettings(), variant: .recoverOnResponse)
            #expect(text == Self.whole(recording, jsonl: jsonl, unchanged: true, listing: 2))
            #expect(summary.pill.v1Episodes == cycles)
            return text.replacing(path, with: "LOG")
        }
        let five = try report(cycles: 5), fifty = try report(cycles: 50)
        if jsonl {
            #expect(five.contains(#""notListed":{"episodes":3,"added":0}}"#), "\(five)")
            #expect(fifty.contains(#""notListed":{"episodes":48,"added":0}}"#))
            #expect(five.components(separatedBy: #""cause":"offline""#).count == 3)
        } else {
            #expect(five.components(separatedBy: "    episode at ").count == 3, "\(five)")
            #expect(five.contains("    … and 3 more v1 episodes, not listed (a recording lists its first 2)\n"), "\(five)")
            #expect(fifty.contains("    … and 48 more v1 episodes, not listed (a recording lists its first 2)\n"))
            // As many lines, however many episodes: what the report held was bounded.
            #expect(five.split(separator: "\n").count == fifty.split(separator: "\n").count)
        }
    }

    /// Past its bytes in memory a spool writes to its file, and gives back what it was given, in order.
    @Test func aSpoolGivesBackWhatItWasGiven() throws {
        let spool = TextSpool(inMemory: 10)
        var expected = ""
        for index in 0..<1000 {
            spool.appendLine("line \(index)")
            expected += "line \(index)\n"
        }
        #expect(spool.inMemoryCount < 20)
        var bytes: [UInt8] = []
        try spool.drain { bytes += $0 }
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(spool.isEmpty)
        spool.append("again")
        bytes = []
        try spool.drain { bytes += $0 }
        #expect(String(decoding: bytes, as: UTF8.self) == "again")
    }
}
