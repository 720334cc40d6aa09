import Foundation
import Testing

@testable import TestSupport

/// `turbo-replay tune`: one row per combination, the same for any --jobs, and its plot.
@Suite("tune")
struct TuneCommandTests {
    let sweep = ["tune", "--debounce-ms", "300,800,1500", "--flash-ms", "1000,2000", "--variant", "recover-on-response"]

    @Test("--format jsonl: exactly one object per combination, with the keys in order")
    func jsonl() throws {
        let run = try turboReplay(sweep + ["--format", "jsonl", "recordings"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 * 3 * 2)
        for line in lines {
            let keys = line.dropFirst().split(separator: ",").compactMap { $0.split(separator: ":").first.map(String.init) }
            #expect(
                keys == [
                    #""debounceMs""#, #""flashMs""#, #""variant""#, #""sessions""#, #""pillEpisodes""#, #""pillMs""#,
                    #""toasts""#, #""flapsSuppressed""#, #""unannouncedMs""#, #""blinks""#, #""flashes""#,
                ])
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
        #expect(lines[0].hasPrefix(#"{"debounceMs":300,"flashMs":1000,"variant":null,"#))
        #expect(lines[6].hasPrefix(#"{"debounceMs":300,"flashMs":1000,"variant":"recover-on-response","#))
    }

    @Test("the same rows with --jobs 1 and --jobs 2", arguments: ["jsonl", "text"])
    func jobs(format: String) throws {
        let one = try turboReplay(sweep + ["--format", format, "--jobs", "1", "recordings"])
        let two = try turboReplay(sweep + ["--format", format, "--jobs", "2", "recordings"])
        #expect(one.status == 0 && two.status == 0)
        #expect(one.stdout == two.stdout)
    }

    @Test("with no LIST, the single default: v1 at 800 and 2000, counted as stats counts")
    func defaults() throws {
        // stats recordings/chromium: 8 sessions, 6 pill episodes for 10623.3 ms, 1 toast, flap-suppressed 3.
        // Unannounced: four 800 ms debounces that fired, and flap-short's three flaps (926.1 ms in
        // all); blinks: the two pills under 1000 ms; flashes: the three times the pill came down on
        // online (offline-visit-full-reload's pill goes with its page: no online under a real cut).
        let run = try turboReplay(["tune", "--format", "jsonl", "recordings/chromium"])
        #expect(
            run.stdout
                == #"{"debounceMs":800,"flashMs":2000,"variant":null,"sessions":8,"pillEpisodes":6,"pillMs":10623.3,"toasts":1,"flapsSuppressed":3,"unannouncedMs":4126.1,"blinks":2,"flashes":3}"#
                + "\n")
    }

    @Test("--plot writes the SVG whole; a directory that is not there exits 73")
    func plot() throws {
        let directory = try Fixtures.scratchDirectory()
        let run = try turboReplay(sweep + ["--plot", directory + "/tune.svg", "recordings/chromium"])
        #expect(run.status == 0)
        let svg = try String(contentsOfFile: directory + "/tune.svg", encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
        let missing = try turboReplay(sweep + ["--plot", directory + "/no/such/dir/tune.svg", "recordings/chromium"])
        #expect(missing.status == 73)
        #expect(missing.stderr.contains("cannot create \(directory)/no/such/dir/tune.svg"))
    }

    @Test(
        "usage errors exit 64 and say what to type",
        arguments: [
            (["tune", "--debounce-ms", "300,soon", "recordings"], "e.g. --debounce-ms 300,800,1500 (got 'soon')"),
            (["tune", "--flash-ms", "-5", "recordings"], "'--flash-ms' takes milliseconds"),
            (["tune", "--variant", "fast", "recordings"], "unknown variant 'fast'"),
            (["tune", "-", "recordings"], "'-' reads the paths of the logs from standard input, one per line: give it alone"),
            (["tune", "--format", "jsonl", "--plot", "-", "recordings"], "write it to a file, e.g. --plot tune.svg"),
            (["tune"], "turbo-replay tune --debounce-ms 300,800,1500 recordings"),
            (["tune", "--debounce", "300", "recordings"], "did you mean '--debounce-ms'?"),
            (["tune", "--blink-ms", "500,1000", "recordings"], "'--blink-ms' takes a number of milliseconds, 0 or more (got '500,1000')"),
            (["tune", "--blink-ms", "soon", "recordings"], "'--blink-ms' takes a number of milliseconds"),
            (["tune", "--merge", "--blink-ms", "500", "partial.jsonl"], "drop --blink-ms"),
        ])
    func usage(arguments: [String], hint: String) throws {
        let run = try turboReplay(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(hint))
    }
}
