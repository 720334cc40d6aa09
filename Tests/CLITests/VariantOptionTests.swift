import Foundation
import Testing

@testable import TestSupport

/// `--variant` on the commands that replay one controller, and on `check`.
@Suite("--variant")
struct VariantOptionTests {
    let deadUpstream = "recordings/chromium/dead-upstream-frame.jsonl"

    @Test("replay --variant prints the variant's timeline: the recordings' own golden")
    func replay() throws {
        let run = try turboReplay(["replay", "--variant", "recover-on-response", "--format", "jsonl", deadUpstream])
        #expect(run.status == 0)
        #expect(
            run.stdout
                == (try String(
                    contentsOfFile: Fixtures.recordings + "/chromium/dead-upstream-frame.recover-on-response.expected.jsonl",
                    encoding: .utf8)))
        let text = try turboReplay(["replay", "--variant", "recover-on-response", deadUpstream])
        #expect(text.stdout.contains("back-online   “De nuevo en línea”"))
        #expect(text.stdout.contains("← a response arrived (recover-on-response)"))
    }

    @Test("explain --variant says so in its header and explains the response that took the pill down")
    func explain() throws {
        let run = try turboReplay(["explain", "--variant", "recover-on-response", deadUpstream])
        #expect(run.stdout.contains("debounce 800 ms, flash 2000 ms; variant recover-on-response"))
        #expect(
            run.stdout.contains(
                "   line 6  turbo:before-fetch-response at 3547.6 (200 turbo-frame#comments): back online “De nuevo en línea”, flash until 5547.6\n"))
        #expect(!run.stdout.contains("stale-pill"))
        #expect(run.stdout.contains("pill up 2308 ms in 1 episode"))
    }

    @Test("render --variant draws the variant's banner and names it")
    func render() throws {
        let run = try turboReplay(["render", "--variant", "recover-on-response", deadUpstream, "-o", "-"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("variant recover-on-response"))
        #expect(run.stdout.contains("back-online “De nuevo en línea” from 3547.6 to 5168.1 ms"))
    }

    @Test("check --variant over the corpus passes: each recording to its own golden or unchanged from v1's")
    func check() throws {
        let run = try turboReplay(["check", "--variant", "recover-on-response", "recordings"])
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix(" passed, 0 failed\n"))
    }

    @Test("check --variant names the golden a changed recording lacks")
    func checkHeldToV1() throws {
        let directory = try Fixtures.scratchDirectory()
        for name in ["dead-upstream-frame.jsonl", "dead-upstream-frame.expected.jsonl"] {
            try FileManager.default.copyItem(atPath: Fixtures.recordings + "/chromium/" + name, toPath: directory + "/" + name)
        }
        let run = try turboReplay(["check", "--variant", "recover-on-response", directory])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "under recover-on-response, which must then change nothing (there is no \(directory)/dead-upstream-frame.recover-on-response.expected.jsonl)"))
        let update = try turboReplay(["check", "--update", "--variant", "recover-on-response", directory])
        #expect(update.status == 0)
        #expect(update.stdout.contains("created \(directory)/dead-upstream-frame.recover-on-response.expected.jsonl"))
    }

    @Test("an unknown variant is a usage error naming the ones there are", arguments: ["replay", "explain", "render", "check", "stats"])
    func unknown(command: String) throws {
        let run = try turboReplay([command, "--variant", "recover", deadUpstream] + (command == "render" ? ["-o", "-"] : []))
        #expect(run.status == 64)
        // explain and render read either layer's log, and name both layers' variants.
        let named =
            ["explain", "render"].contains(command)
            ? "unknown variant 'recover'; a web recording takes --variant recover-on-response, a native log --variant probe-once"
            : "unknown variant 'recover'; use --variant recover-on-response"
        #expect(run.stderr.contains(named), "\(run.stderr)")
    }
}
