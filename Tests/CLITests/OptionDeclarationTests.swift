import Testing

@testable import TestSupport
@testable import TurboReplayCLI

/// One declaration per option (the issue "one declaration per option"): an option name is
/// declared once however many commands take it, a command lists every option its groups read,
/// and `explain`/`render` accept no option that neither layer applies.
@Suite("Option declarations")
struct OptionDeclarationTests {
    @Test("each option name is declared once, across every command")
    func declaredOnce() {
        var declarations: [String: Set<String>] = [:]
        for command in commands {
            for option in command.spec.options + [.help] { declarations[option.name, default: []].insert(option.declaration) }
        }
        #expect(declarations.count > 30)
        for (name, places) in declarations.sorted(by: { $0.key < $1.key }) {
            #expect(places.count == 1, "--\(name) is declared \(places.count) times: \(places.sorted())")
        }
    }

    static let web = "recordings/chromium/flap-short.jsonl"
    static let native = "recordings/native/contract-example.jsonl"
    /// A line per command, and per way into its options, that reads every group the command
    /// composes (every option of a group is read whether given or not).
    static let lines: [[String]] = [
        ["replay", web], ["check", "recordings/native"], ["native", native], ["native", "--explain", native],
        ["session", web, native], ["launch", native], ["archive", native], ["archive", "--summary", "recordings/native"],
        ["explain", web], ["explain", native], ["stats", "recordings/native"], ["stats", "--merge", "/nonexistent"],
        ["render", web, "-o", "/dev/null"], ["render", native, "-o", "/dev/null"],
        ["whatif", "--variant", "recover-on-response", web], ["whatif", "--variant", "probe-once", native],
        ["tune", "recordings/chromium"], ["tune", "--merge", "/nonexistent"],
    ]

    @Test("every command the tool has is run by a line above, so none goes unchecked")
    func everyCommandHasALine() {
        for command in commands { #expect(Self.lines.contains { $0[0] == command.spec.name }, "no line runs \(command.spec.name)") }
    }

    @Test("every option a command's groups read is among the command's options", arguments: lines)
    func groupsAreListed(_ line: [String]) throws {
        #expect(commands.contains { $0.spec.name == line[0] })
        // Reading an unlisted option stops the program (ParsedArguments.read): a signal, not an exit status.
        let run = try turboReplay(line)
        #expect([0, 1, 65, 66].contains(run.status), "\(line): \(run.status)\n\(run.stderr)")
        #expect(!run.stderr.contains("does not list it"), "\(run.stderr)")
    }

    @Test("explain and render accept only options that a layer applies: none is silently ignored", arguments: ["explain", "render"])
    func everyOptionApplies(_ name: String) throws {
        let command = try #require(commands.first { $0.spec.name == name })
        let own = name == "explain" ? ExplainCommand.Options.own : RenderCommand.Options.own
        let applied = Set((own + LayerOptions.webOnly + LayerOptions.nativeOnly + LayerOptions.shared).map(\.name))
        for option in command.spec.options {
            #expect(applied.contains(option.name), "\(name) accepts \(option.spelling), which neither layer applies")
        }
        // And the layers' own options are apart: each is refused on the other layer.
        #expect(Set(LayerOptions.webOnly.map(\.name)).isDisjoint(with: LayerOptions.nativeOnly.map(\.name)))
    }
}
