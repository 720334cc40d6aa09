import OfflineBanner
import Replay
import TurboRecording

/// Generated recordings (RecordingGenerator.swift) and what the port makes of them.
enum Generated {
    /// The canonical JSONL timeline of `bytes`, as `turbo-replay replay --format jsonl` prints it.
    static func replayOutput(
        _ bytes: [UInt8], readBufferSize: Int = 1 << 16,
        lenient: Bool = false
    ) throws -> (output: [UInt8], skipped: Int) {
        let reader = RecordingReader(
            lines: JSONLines(bytes: bytes, name: "generated", readBufferSize: readBufferSize),
            lenient: lenient, keepObserved: false)
        var output: [UInt8] = []
        try replay(reader, settings: BannerSettings()) { record in
            record.appendJSON(to: &output)
            output.append(0x0A)
        }
        return (output, reader.skipped)
    }

    static func timeline(_ bytes: [UInt8], settings: BannerSettings = BannerSettings()) throws -> [TimelineRecord] {
        var timeline: [TimelineRecord] = []
        let reader = RecordingReader(lines: JSONLines(bytes: bytes, name: "generated"), keepObserved: false)
        try replay(reader, settings: settings) { timeline.append($0) }
        return timeline
    }

    static func recording(seed: UInt64) -> (lines: [String], bytes: [UInt8]) {
        var generator = RecordingGenerator(seed: seed)
        let lines = generator.recording(records: 20 + Int(seed % 7) * 15)
        return (lines, Array(lines.map { $0 + "\n" }.joined().utf8))
    }
}
