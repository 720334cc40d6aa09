import Foundation
import Testing

@testable import TestSupport

/// The options a command takes are the ones its layer reads: a flag that would do nothing is
/// refused, naming the options that apply.
@Suite("Option groups at the command line")
struct OptionGroupTests {
    let native = Fixtures.recordings + "/native/contract-example.jsonl"
    let web = Fixtures.recordings + "/chromium/flap-short.jsonl"

    @Test("--version names the tool and the contracts")
    func version() throws {
        let run = try turboReplay(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("turbo-replay "))
        #expect(run.stdout.contains("native error view v2"))
    }

    @Test(
        "explain on a native log refuses the banner's flags and names the native ones",
        arguments: [["--debounce-ms", "500"], ["--flash-ms", "1"], ["--locale", "en"]])
    func bannerFlagsOnANativeLog(flag: [String]) throws {
        let run = try turboReplay(["explain"] + flag + [native])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'\(flag[0])' applies to web recordings"))
        #expect(run.stderr.contains("--settle-ms"))
    }

    @Test("explain takes one --variant and reads its name for the recording's layer: a banner variant on a native log is refused")
    func bannerVariantOnANativeLog() throws {
        let run = try turboReplay(["explain", "--variant", "recover-on-response", native])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'recover-on-response' is a variant of the banner, for web recordings; a native log takes --variant probe-once"))
    }

    @Test("explain on a web recording refuses the native flags", arguments: [["--settle-ms", "1"], ["--platform", "android"], ["--stall-ms", "5"]])
    func nativeFlagsOnAWebRecording(flag: [String]) throws {
        let run = try turboReplay(["explain"] + flag + [web])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'\(flag[0])' applies to native logs"))
    }

    @Test("explain reads a native log's --config as native --explain does")
    func nativeConfig() throws {
        let missing = try turboReplay(["explain", "--config", "/nonexistent/config.json", native])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/nonexistent/config.json"))
        let log = Fixtures.recordings + "/native/cold-boot-offline.jsonl"  // iOS, with app-retry lines
        let config = try Fixtures.file(#"{"platform":"android","settleMs":650}"#, name: "native.config.json")
        let explained = try turboReplay(["explain", "--config", config, log])
        let viaNative = try turboReplay(["native", "--explain", "--config", config, log])
        #expect(explained.stdout == viaNative.stdout)
        #expect(explained.status == viaNative.status)
        #expect(explained.stdout.hasPrefix("android: settle 650 ms"))
    }

    @Test("explain - and render - tell a native log on standard input by its first record, and read it whole")
    func nativeOnStandardInput() throws {
        let log = try String(contentsOfFile: native, encoding: .utf8)
        for format in ["text", "jsonl"] {
            let file = try turboReplay(["explain", "--format", format, native])
            let piped = try turboReplay(["explain", "--format", format, "-"], input: log)
            #expect(piped.stdout == file.stdout.replacingOccurrences(of: native, with: "<stdin>"), "\(format): \(piped.stderr)")
            #expect(piped.status == file.status)
        }
        let drawn = try turboReplay(["render", native, "-o", "-"])
        let pipedDrawing = try turboReplay(["render", "-", "-o", "-"], input: log)
        #expect(pipedDrawing.status == 0, "\(pipedDrawing.stderr)")
        #expect(pipedDrawing.stdout == drawn.stdout.replacingOccurrences(of: native.xmlEscapedForTest, with: "&lt;stdin&gt;"))
        let refused = try turboReplay(["explain", "--debounce-ms", "500", "-"], input: log)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("'--debounce-ms' applies to web recordings, and standard input is a native log"))
    }

    /// Runs the built tool with a standard input that stays open and says nothing (a pipe of
    /// its process's own); nil when it is still waiting after 10 s (it is then killed).
    static func runWithSilentInput(_ arguments: [String]) throws -> (status: Int32, stderr: String)? {
        let process = try Subprocess.cli(arguments, input: .open)
        let run = process.finish(timeout: 10)
        guard !process.timedOut else { return nil }
        return (run.status, run.stderr)
    }

    @Test(
        "what either layer would refuse is refused before standard input says anything",
        arguments: [
            (
                ["explain", "--variant", "nosuch", "-"], 64,
                "unknown variant 'nosuch'; a web recording takes --variant recover-on-response, a native log --variant probe-once"
            ),
            (["explain", "--config", "/nonexistent/config.json", "-"], 66, "/nonexistent/config.json: cannot open"),
            (["explain", "--locale", "xx", "-"], 64, "unknown locale 'xx'"),
            (["explain", "--settle-ms", "soon", "-"], 64, "--settle-ms"),
            (["explain", "--debounce-ms", "5", "--settle-ms", "3", "-"], 64, "a recording is one or the other"),
            (["render", "-", "-o", "-", "--variant", "v1"], 64, "(v1 is the default: leave --variant out)"),
            (
                ["explain", "--variant", "probe-once", "--locale", "en", "-"], 64,
                "--variant probe-once applies to native logs and '--locale' to web recordings"
            ),
            (["render", "-", "-o", "-", "--variant", "recover-on-response", "--platform", "ios"], 64, "'--platform' to native logs"),
            (["explain", "--config", "/", "-"], 66, "/: read failed: Is a directory"),
        ])
    func refusedBeforeInput(arguments: [String], status: Int32, message: String) throws {
        guard let run = try Self.runWithSilentInput(arguments) else {
            Issue.record("\(arguments) waited for standard input"); return
        }
        #expect(run.status == status)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test("a config given as a FIFO (--config <(…)) is still read whole after the checks")
    func configFromAFIFO() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/config.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            _ = #"{"debounceMs": 100}"#.withCString { write(fd, $0, strlen($0)) }
            close(fd)
        }
        writer.start()
        let run = try turboReplay(["explain", "--config", fifo, web])
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("debounce 100 ms"), "\(run.stdout)")
    }

    @Test("a log given as a FIFO is opened once, like standard input: explain <(cat log)")
    func recordingFromAFIFO() throws {
        for log in [native, web] {
            let directory = try Fixtures.scratchDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let fifo = directory + "/log.jsonl"
            #expect(mkfifo(fifo, 0o644) == 0)
            let text = try String(contentsOfFile: log, encoding: .utf8)
            let writer = Thread {
                let fd = open(fifo, O_WRONLY)
                _ = text.withCString { write(fd, $0, strlen($0)) }
                close(fd)
            }
            writer.start()
            let piped = try turboReplay(["explain", "--format", "jsonl", fifo])
            let file = try turboReplay(["explain", "--format", "jsonl", log])
            #expect(piped.stdout == file.stdout.replacingOccurrences(of: log, with: fifo), "\(log): \(piped.stderr)")
            #expect(piped.status == file.status)
        }
    }

    @Test("an option given twice is refused at the command line")
    func repeatedOption() throws {
        let run = try turboReplay(["replay", "--format", "text", "--format", "jsonl", web])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'--format' is given twice"))
    }
}

/// An output that names one of the inputs is refused before anything is written (issue: render X
/// -o X and tune X --plot X replaced the recording with SVG and exited 0).
@Suite("Output over input")
struct OutputOverInputTests {
    @Test(
        "render -o and tune --plot refuse the recording they read, whatever its spelling",
        arguments: [["render", "R", "-o", "R"], ["render", "R", "-o", "./R"], ["tune", "R", "--plot", "R"], ["tune", "D", "--plot", "R"]])
    func refused(_ pattern: [String]) throws {
        let recording = try Fixtures.file(try String(contentsOfFile: Fixtures.recordings + "/chromium/flap-short.jsonl", encoding: .utf8))
        let directory = (recording as NSString).deletingLastPathComponent
        let before = try String(contentsOfFile: recording, encoding: .utf8)
        let arguments = pattern.map {
            $0 == "R" ? recording : $0 == "./R" ? directory + "/./" + (recording as NSString).lastPathComponent : $0 == "D" ? directory : $0
        }
        let run = try turboReplay(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains("would replace the recording"))
        #expect(try String(contentsOfFile: recording, encoding: .utf8) == before)
    }
}

extension String {
    /// The path as the pictures print it (no character of a fixture's path needs more than `&`).
    fileprivate var xmlEscapedForTest: String { replacingOccurrences(of: "&", with: "&amp;") }
}
