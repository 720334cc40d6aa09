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
        let run = try Fixtures.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("turbo-replay "))
        #expect(run.stdout.contains("native error view v2"))
    }

    @Test(
        "explain on a native log refuses the banner's flags and names the native ones",
        arguments: [["--debounce-ms", "500"], ["--flash-ms", "1"], ["--locale", "en"]])
    func bannerFlagsOnANativeLog(flag: [String]) throws {
        let run = try Fixtures.run(["explain"] + flag + [native])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'\(flag[0])' applies to web recordings"))
        #expect(run.stderr.contains("--settle-ms"))
    }

    @Test("explain takes one --variant and reads its name for the recording's layer: a banner variant on a native log is refused")
    func bannerVariantOnANativeLog() throws {
        let run = try Fixtures.run(["explain", "--variant", "recover-on-response", native])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'recover-on-response' is a variant of the banner, for web recordings; a native log takes --variant probe-once"))
    }

    @Test("explain on a web recording refuses the native flags", arguments: [["--settle-ms", "1"], ["--platform", "android"], ["--stall-ms", "5"]])
    func nativeFlagsOnAWebRecording(flag: [String]) throws {
        let run = try Fixtures.run(["explain"] + flag + [web])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'\(flag[0])' applies to native logs"))
    }

    @Test("explain reads a native log's --config as native --explain does")
    func nativeConfig() throws {
        let missing = try Fixtures.run(["explain", "--config", "/nonexistent/config.json", native])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/nonexistent/config.json"))
        let log = Fixtures.recordings + "/native/cold-boot-offline.jsonl"  // iOS, with app-retry lines
        let config = try Fixtures.file(#"{"platform":"android","settleMs":650}"#, name: "native.config.json")
        let explained = try Fixtures.run(["explain", "--config", config, log])
        let viaNative = try Fixtures.run(["native", "--explain", "--config", config, log])
        #expect(explained.stdout == viaNative.stdout)
        #expect(explained.status == viaNative.status)
        #expect(explained.stdout.hasPrefix("android: settle 650 ms"))
    }

    @Test("an option given twice is refused at the command line")
    func repeatedOption() throws {
        let run = try Fixtures.run(["replay", "--format", "text", "--format", "jsonl", web])
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
        let run = try Fixtures.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains("would replace the recording"))
        #expect(try String(contentsOfFile: recording, encoding: .utf8) == before)
    }
}
