import Testing

@testable import TurboReplayCLI

/// The parser's manners, one case per rule: the two spellings it accepts, the ones it refuses
/// with what to type instead, and an option given twice.
@Suite("Argument parser")
struct ArgumentParserTests {
    static let format = Option(name: "format", value: "text|jsonl", help: "")
    static let output = Option(name: "o", value: "OUT.svg", help: "")
    static let repeated = Option(name: "strip-param", value: "NAME", help: "", repeatable: true)
    let spec = CommandSpec(name: "demo", summary: "", usage: "demo", options: [format, output, repeated, .lenient])

    func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try spec.parse(arguments)
            return nil
        } catch let error as UsageError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test("--name value and --name=value give the value")
    func longSpellings() throws {
        #expect(try spec.parse(["--format", "jsonl", "x"]).value(Self.format) == "jsonl")
        #expect(try spec.parse(["--format=jsonl", "x"]).value(Self.format) == "jsonl")
        #expect(try spec.parse(["x"]).value(Self.format) == nil)
    }

    @Test("a one-letter option takes one dash")
    func shortSpelling() throws {
        #expect(try spec.parse(["-o", "out.svg"]).value(Self.output) == "out.svg")
        #expect(refusal(["--o", "out.svg"]) == "unknown option '--o' for 'demo'; did you mean '-o'?")
    }

    @Test(
        "-name and ---name are refused with the spelling to type",
        arguments: [
            (["-format", "jsonl"], "unknown option '-format' for 'demo'; did you mean '--format'?"),
            (["---format=jsonl"], "unknown option '---format=jsonl' for 'demo'; did you mean '--format'?"),
            (["-lenient"], "unknown option '-lenient' for 'demo'; did you mean '--lenient'?"),
        ])
    func wrongDashes(arguments: [String], message: String) {
        #expect(refusal(arguments) == message)
    }

    @Test("an option given twice is refused; a repeatable one keeps every value in order")
    func repetition() throws {
        #expect(refusal(["--format", "text", "--format", "jsonl"]) == "'--format' is given twice; give it once")
        #expect(refusal(["--lenient", "--lenient"]) == "'--lenient' is given twice; give it once")
        #expect(try spec.parse(["--strip-param", "a", "--strip-param=b"]).values(Self.repeated) == ["a", "b"])
        #expect(try spec.parse([]).values(Self.repeated) == nil)
    }

    @Test("a flag takes no value, a value option needs one")
    func values() {
        #expect(refusal(["--lenient=yes"]) == "'--lenient' is a flag and takes no value")
        #expect(refusal(["--format"]) == "'--format' needs a value: --format text|jsonl")
    }

    @Test("an unknown option suggests the closest, by prefix or by two edits")
    func suggestions() {
        #expect(refusal(["--form", "x"]) == "unknown option '--form' for 'demo'; did you mean '--format'?")
        #expect(refusal(["--formta", "x"]) == "unknown option '--formta' for 'demo'; did you mean '--format'?")
        #expect(refusal(["--zzz"]) == "unknown option '--zzz' for 'demo'")
    }

    @Test("-, --, -h and --help")
    func positionalsAndHelp() throws {
        let parsed = try spec.parse(["-", "--", "--format", "-o"])
        #expect(parsed.positionals == ["-", "--format", "-o"])
        #expect(try spec.parse(["-h"]).wantsHelp)
        #expect(try spec.parse(["x", "--help"]).wantsHelp)
    }

    @Test("--format is one of the command's formats, the first by default")
    func formats() throws {
        let json = try OutputFormat(spec.parse(["--format", "jsonl"]), Self.format, command: "demo")
        #expect(json == .jsonl)
        #expect(try OutputFormat(spec.parse([]), Self.format, command: "demo") == .text)
        #expect(throws: UsageError.self) { try OutputFormat(spec.parse(["--format", "json"]), Self.format, command: "demo") }
    }

    @Test("the banner's options parse into settings once, later sources winning")
    func bannerGroup() throws {
        let spec = CommandSpec(name: "demo", summary: "", usage: "", options: BannerOptions.options + [BannerOptions.variant])
        let options = try BannerOptions(spec.parse(["--locale", "en", "--debounce-ms", "1200", "--variant", "recover-on-response"]), command: "demo")
        #expect(options.settings.debounce == 1200)
        #expect(options.copySettings.debounce == 800)
        #expect(options.variant?.name == "recover-on-response")
        #expect(options.settings.variants.count == 1)
    }
}
