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
    static func whole(_ recording: WhatIfRecording, jsonl: Bool, unchanged: Bool) -> String {
        var lines: [String] = []
        if jsonl {
            lines += recording.differences.map { WhatIfJSON.difference($0, path: recording.path) }
            lines.append(WhatIfJSON.recording(recording))
        } else if recording.changed || unchanged {
            lines += WhatIfText.header(path: recording.path, variant: recording.variant)
            if recording.changed { lines.append(WhatIfText.columns(variant: recording.variant)) }
            lines += recording.differences.flatMap(WhatIfText.rows)
            lines += WhatIfText.summary(recording)
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
