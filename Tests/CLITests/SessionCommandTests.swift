import Foundation
import Testing

@testable import TestSupport

/// `turbo-replay session`, end to end: the two logs of one run on one clock.
@Suite("turbo-replay session, end to end")
struct SessionCommandTests {
    static let session = Fixtures.recordings + "/session"
    static let example = ["recordings/session/example.jsonl", "recordings/session/example.native.jsonl"]
    static let report = ["recordings/session/field-report.jsonl", "recordings/session/field-report.native.jsonl"]

    @Test(
        "--format jsonl prints each corpus session's hand-reviewed golden, exit 1 only with findings",
        arguments: ["example", "airplane", "field-report"])
    func goldens(_ name: String) throws {
        let run = try turboReplay(["session", "--format", "jsonl", "recordings/session/\(name).jsonl", "recordings/session/\(name).native.jsonl"])
        let golden = try String(contentsOfFile: Self.session + "/\(name).session.expected.jsonl", encoding: .utf8)
        #expect(run.stdout == golden)
        #expect(run.status == (golden.contains(#""finding":"#) ? 1 : 0))
        #expect(run.stderr == "")
    }

    @Test("the last line is the summary, with every finding's count and no median for an empty latency")
    func summary() throws {
        let run = try turboReplay(["session", "--format", "jsonl"] + Self.example)
        let last = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix(#"{"summary":{"drops":1,"unannounced":0,"edges":2,"dropToPill":{"count":1,"median":1400"#))
        #expect(last.contains(#""edgeToPage":{"count":0,"stuck":0}"#))
        #expect(last.contains(#""findings":{"late-pill":0,"pill-outlived-network":0,"slow-recovery":0}"#))
    }

    @Test("the logs the wrong way round: 65, naming which is which")
    func swapped() throws {
        let run = try turboReplay(["session", Self.example[1], Self.example[0]])
        #expect(run.status == 65)
        #expect(run.stderr.contains("recordings/session/example.native.jsonl:1: a native log (the app's) where the page's web recording is expected"))
        #expect(run.stdout == "")
    }

    @Test("one log, three logs, a bad offset or threshold: 64 with the usage")
    func usage() throws {
        for arguments in [
            ["session", Self.example[0]], ["session"] + Self.example + [Self.example[0]],
            ["session", "--offset-ms", "nan"] + Self.example, ["session", "--offset-ms", "soon"] + Self.example,
            ["session", "--late-ms", "-1"] + Self.example, ["session", "--format", "json"] + Self.example,
            ["session", "--stall-ms", "5"] + Self.example,
        ] {
            let run = try turboReplay(arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.contains("USAGE: turbo-replay session"), "\(arguments)")
        }
    }

    @Test("--offset-ms replaces the startedAt, and may be negative; --late-ms moves the findings")
    func offsetAndLate() throws {
        let given = try turboReplay(["session", "--format", "jsonl", "--offset-ms", "-1000"] + Self.example)
        let golden = try String(contentsOfFile: Self.session + "/example.session.expected.jsonl", encoding: .utf8)
        #expect(given.stdout == golden)
        let shifted = try turboReplay(["session", "--format", "jsonl", "--offset-ms", "0"] + Self.example)
        // The page's connect at 100 (a v1.1 record line) comes first, before the first path at 500.
        #expect(shifted.stdout.hasPrefix(#"{"t":100,"layer":"web","record":"connect","#))
        #expect(shifted.stdout.contains("\n" + #"{"t":500,"layer":"native","connectivity":"online"}"# + "\n"))
        let strict = try turboReplay(["session", "--format", "jsonl", "--late-ms", "1000"] + Self.example)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains(#"{"t":3400,"finding":"late-pill","drop":2000,"latencyMs":1400}"#))
    }

    @Test("without startedAt and without --offset-ms the session cannot be aligned: 65, naming file and line")
    func unaligned() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try #"{"type":"meta","version":1,"source":"webkit"}"#.appending("\n{\"t\":1,\"type\":\"offline\"}\n")
            .write(toFile: directory + "/a.jsonl", atomically: false, encoding: .utf8)
        try String(contentsOfFile: Self.session + "/example.native.jsonl", encoding: .utf8)
            .write(toFile: directory + "/a.native.jsonl", atomically: false, encoding: .utf8)
        let run = try turboReplay(["session", directory + "/a.jsonl", directory + "/a.native.jsonl"])
        #expect(run.status == 65)
        #expect(run.stderr.contains(directory + "/a.jsonl:1:"))
        #expect(run.stderr.contains("give the offset instead"))
        // The page's recording goes on to 9900, past the app's last record (9800): the two overlap.
        try #"{"type":"meta","version":1,"source":"webkit"}"#.appending("\n{\"t\":1,\"type\":\"offline\"}\n{\"t\":9900,\"type\":\"turbo:load\"}\n")
            .write(toFile: directory + "/a.jsonl", atomically: false, encoding: .utf8)
        let given = try turboReplay(["session", "--format", "jsonl", "--offset-ms", "0", directory + "/a.jsonl", directory + "/a.native.jsonl"])
        // The page's pill came up before the drop and never left: the edge is stuck.
        #expect(given.status == 1)
        #expect(given.stdout.contains(#"{"t":9800,"finding":"pill-outlived-network","edge":9800}"#))
    }

    @Test("--config: web, native, lateMs and offsetMs, the single options winning; a bad key is 65 naming the file")
    func config() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/session.json"
        try #"{"web": {"locale": "en", "debounceMs": 100}, "native": {"platform": "android"}, "lateMs": 50, "offsetMs": -1000}"#
            .write(toFile: path, atomically: false, encoding: .utf8)
        let run = try turboReplay(["session", "--format", "jsonl", "--config", path] + Self.example)
        // 100 ms debounce from the config: the pill at 2700, 700 ms after the drop, late at 50 ms.
        #expect(run.stdout.contains(#"{"t":2700,"layer":"web","banner":"offline","label":"No connection","cause":"offline"}"#))
        #expect(run.stdout.contains(#"{"t":2700,"finding":"late-pill","drop":2000,"latencyMs":700}"#))
        #expect(run.status == 1)
        let text = try turboReplay(["session", "--config", path, "--late-ms", "5000", "--debounce-ms", "800"] + Self.example)
        #expect(text.status == 0)
        #expect(text.stdout.contains("native: android, settle 400 ms, probe 2500 ms, cooldown 15000 ms"))
        #expect(text.stdout.contains("a native t is at t − 1000 ms (the config's offsetMs)"))

        try #"{"web": {"debounce": 100}}"#.write(toFile: path, atomically: false, encoding: .utf8)
        let bad = try turboReplay(["session", "--config", path] + Self.example)
        #expect(bad.status == 65)
        #expect(bad.stderr.contains(path + ": in \"web\": unknown key \"debounce\""))
        try "{\n  \"lateMs\": 10,\n  oops\n}".write(toFile: path, atomically: false, encoding: .utf8)
        let broken = try turboReplay(["session", "--config", path] + Self.example)
        #expect(broken.status == 65)
        #expect(broken.stderr.contains(path + ":3:"))
    }

    @Test("the text reads both layers in one table, the latencies and the findings in words")
    func text() throws {
        let run = try turboReplay(["session"] + Self.report)
        #expect(run.status == 1)
        #expect(run.stdout.contains("        4500  native  connectivity offline   ← a drop: the network went away (the pill 1000 ms later, at 5500)"))
        #expect(run.stdout.contains("       15600  native  tab:home      offline view    watches connectivity, retries by itself"))
        #expect(run.stdout.contains("        5500  web     offline       “Sin conexión”"))
        #expect(run.stdout.contains("  edgeToPage   1 measured: median 3200 ms, p90 3200 ms, max 3200 ms (of 3 edges, 1 with an offline error view up)"))
        #expect(run.stdout.contains("  slow-recovery at 21000: the network came back with an offline error view up, and the first page came 3200 ms later"))
    }

    @Test("--render draws one picture with the lanes and the findings; '-' prints it instead of the report")
    func render() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try turboReplay(["session", "--format", "jsonl", "--render", directory + "/s.svg"] + Self.report)
        #expect(run.status == 1)
        #expect(run.stdout.contains(#"{"summary":"#))
        let svg = try String(contentsOfFile: directory + "/s.svg", encoding: .utf8)
        for lane in [">connectivity<", ">tab:home<", ">banner<", ">dropToPill<", ">1 pill-outlived-network<", ">2 slow-recovery<"] {
            #expect(svg.contains(lane), "\(lane)")
        }
        let piped = try turboReplay(["session", "--render", "-"] + Self.report)
        #expect(piped.stdout.hasPrefix("<?xml") && piped.stdout.hasSuffix("</svg>\n"))
        #expect(try turboReplay(["session", "--render", directory + "/missing/s.svg"] + Self.report).status == 73)
    }

    @Test("--render draws the v1.1 records and each log's own findings, each whole on hover, each kind in the legend")
    func renderDrawsTheCauses() throws {
        let causes = ["recordings/session/causes.jsonl", "recordings/session/causes.native.jsonl"]
        let svg = try turboReplay(["session", "--render", "-"] + causes).stdout
        let lines = try turboReplay(["session", "--format", "jsonl"] + causes).stdout.split(separator: "\n")
        let records = lines.filter { $0.contains(#""record":"#) }
        let layerFindings = lines.filter { $0.contains(#""finding":"#) && $0.contains(#""layer":"#) }
        try #require(!records.isEmpty && !layerFindings.isEmpty)
        #expect(svg.components(separatedBy: " record ").count - 1 == records.count)
        #expect(svg.components(separatedBy: "&apos;s own finding at ").count - 1 == layerFindings.count)
        #expect(svg.contains(">record (its type where there is room, all of it on hover)<"))
        #expect(svg.contains(">a log&apos;s own warning finding, as explain gives it (on hover)<"))
        // Each hover says the finding's sentence, as explain words it, never its JSON line.
        #expect(!svg.contains("{&quot;t&quot;:"))
        for finding in layerFindings {
            let message = finding.components(separatedBy: #""message":""#).last?.prefix { $0 != "\"" && $0 != "&" && $0 != "'" && $0 != "<" }
            #expect(message.map { !$0.isEmpty && svg.contains($0) } ?? false, "\(finding)")
        }
    }
}
