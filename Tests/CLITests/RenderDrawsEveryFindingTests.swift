import Foundation
import Testing

@testable import TestSupport

/// `render` draws every finding `explain` reports: the picture is the same analysis as the
/// text, so a finding `explain` raises (a probe loop, the web-archive cache's, the log's cut)
/// has its flag, and the picture never says "findings: none" beside a warning.
@Suite("render draws every finding explain reports")
struct RenderDrawsEveryFindingTests {
    /// Every recording of recordings/, web and native, with its config when it has one.
    static let recordings: [String] = {
        let root = Fixtures.recordings
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: root).sorted()) ?? []
        return folders.flatMap { folder -> [String] in
            let names = (try? Fixtures.recordingNames(in: root + "/" + folder)) ?? []
            return names.map { "recordings/\(folder)/\($0)" }
        }
    }()

    /// The ids of `explain --format jsonl`'s findings (the summary line has `findings`, not `finding`).
    private func explained(_ arguments: [String]) throws -> Set<String> {
        let run = try turboReplay(["explain", "--format", "jsonl", "--fail-on", "never"] + arguments)
        #expect(run.status == 0, "explain \(arguments): \(run.stderr)")
        return ids(in: run.stdout, pattern: #""finding":"([a-z][a-z-]*)""#)
    }

    /// The ids on the picture's flags (`<text …>1 probe-loop</text>`).
    /// `once`: the picture of a bundled recording, drawn once for every suite that reads it (`RunOnce`).
    private func drawn(_ arguments: [String], once: Bool = false) throws -> Set<String> {
        let run = try once ? RunOnce.turboReplay(["render", "-o", "-"] + arguments) : turboReplay(["render", "-o", "-"] + arguments)
        #expect(run.status == 0, "render \(arguments): \(run.stderr)")
        return ids(in: run.stdout, pattern: #">[0-9]+ ([a-z][a-z-]*[a-z])</text>"#)
    }

    private func ids(in text: String, pattern: String) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: pattern)
        let matches = regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
        return Set(matches.compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
    }

    private func arguments(_ recording: String) -> [String] {
        let config = recording + ".config.json"
        let hasConfig = FileManager.default.fileExists(atPath: Fixtures.root.appendingPathComponent(config).path)
        return (hasConfig ? ["--config", config] : []) + [recording + ".jsonl"]
    }

    @Test("each recording: the same finding ids in the picture as in explain", arguments: try Fixtures.nonEmpty(recordings, "recordings"))
    func sameFindings(_ recording: String) throws {
        let arguments = arguments(recording)
        #expect(try drawn(arguments, once: true) == explained(arguments))
    }

    @Test("the findings that were missing from the picture: probe-loop, the archive cache's, the log's cut (web and native)")
    func formerlyMissing() throws {
        let native = try String(contentsOfFile: Fixtures.recordings + "/native/contract-example.jsonl", encoding: .utf8)
        let web = try String(contentsOfFile: Fixtures.recordings + "/chromium/flap-short.jsonl", encoding: .utf8)
        let cutNative = try Fixtures.file(native + #"{"t":99999,"type":"pa"#, name: "native-cut.jsonl")
        let cutWeb = try Fixtures.file(web + #"{"t":99999,"type":"onl"#, name: "web-cut.jsonl")
        for path in [cutNative, cutWeb] {
            let drawn = try drawn([path])
            #expect(drawn.contains("log-cut"), "\(path)")
            #expect(drawn == (try explained([path])))
        }
        #expect(try drawn(["recordings/native/probe-loop-android.jsonl"]).contains("probe-loop"))
        #expect(try drawn(["recordings/archive/contract-example.jsonl"]) == ["offline-miss", "not-intercepted"])
    }
}
