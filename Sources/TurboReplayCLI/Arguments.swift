import PolicyCore
import PolicyRegistry
import Replay
import Reports

/// One option of a command line. A small stand-in for swift-argument-parser, which cannot be
/// fetched here, with the same manners: `--name value` or `--name=value`, `-o value` for a
/// one-letter name.
///
/// Each option name is declared once (`Option(name:` appears once per name): an option group
/// or a command declares it as a constant, or, where its help differs from command to command
/// (a default, a meaning), as a function of that difference, so every variant of it comes from
/// the one declaration. A command's options are the options of the groups it composes, and a
/// parsed line can only be read through an option the command lists (`ParsedArguments`).
struct Option: Hashable, Sendable {
    let name: String
    /// `nil` for a flag.
    let value: String?
    private(set) var help: String
    /// Given any number of times, each value kept in order, rather than once.
    let repeatable: Bool
    /// Where the option is declared (file:line), whichever variant of its help this is: two
    /// declarations of one name are told apart by it (CLITests.OptionDeclarationTests).
    let declaration: String

    init(name: String, value: String?, help: String, repeatable: Bool = false, fileID: String = #fileID, line: Int = #line) {
        self.name = name
        self.value = value
        self.help = help
        self.repeatable = repeatable
        declaration = "\(fileID):\(line)"
    }

    /// The same option, declared where it is, with `help` for one command: its variants.
    init(_ option: Option, help: String) {
        self = option
        self.help = help
    }

    var spelling: String { (name.count == 1 ? "-" : "--") + name }

    /// This option on a command where it applies only with `other` (`archive --summary`).
    func onlyWith(_ other: Option) -> Option {
        Option(self, help: "With \(other.spelling): " + help.prefix(1).lowercased() + help.dropFirst())
    }
}

extension Option {
    static let lenient = Option(name: "lenient", value: nil, help: "Skip malformed lines with a warning instead of stopping at the first.")
    static let help = Option(name: "help", value: nil, help: "Show this help.")
}

/// A subcommand's command line: what it accepts and its help.
struct CommandSpec {
    var name: String
    var summary: String
    var usage: String
    var options: [Option]
    /// The policies whose findings the command reports: its help lists their ids and levels as
    /// the registry (`PolicyDescription`) gives them, so a new finding is in every help at once.
    var findings: [PolicyID] = []
    var discussion: String = ""

    var help: String {
        var text = "OVERVIEW: \(summary)\n\nUSAGE: turbo-replay \(usage)\n\nOPTIONS:\n"
        let all = options + [.help]
        let labels = all.map { $0.spelling + ($0.value.map { " \($0)" } ?? "") }
        let width = labels.map(\.count).max() ?? 0
        for (label, option) in zip(labels, all) {
            text += "  \(label.padded(width))  \(option.help)\n"
        }
        if !findings.isEmpty { text += "\nFINDINGS:\n" + findingsHelp }
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        return text
    }

    /// One line per policy, `  the launch: stalled (warning), …`, wrapped under its first id,
    /// then where each policy's findings are explained.
    var findingsHelp: String {
        var text = ""
        for policy in findings.map(PolicyDescription.of) {
            let lead = "  \(policy.title): "
            var line = lead
            for (index, finding) in policy.findings.enumerated() {
                let item = "\(finding.id) (\(finding.level.rawValue))" + (index + 1 < policy.findings.count ? "," : "")
                if line.count + item.count > 100, line.count > lead.count {
                    text += line + "\n"
                    line = String(repeating: " ", count: lead.count)
                }
                line += (line.last == " " ? "" : " ") + item
            }
            text += line + "\n"
        }
        let pages = findings.map { PolicyDescription.of($0).findingsPage }
        return text + "  (what each means: " + pages.joined(separator: ", ") + ")\n"
    }
}

struct UsageError: Error {
    var message: String
    var command: String?
}

/// What a command line said, read through the options that declared it.
/// Only the options the command lists can be read: reading another is a mistake in the
/// command's declaration (a group it reads but does not compose), and stops the program the
/// first time that code runs, as swift-argument-parser stops on a malformed declaration. Before,
/// an option read but not listed was silently never given.
struct ParsedArguments {
    fileprivate var given: [String: [String]] = [:]
    /// The command's options: name, and where the option is declared.
    fileprivate var listed: [String: String] = [:]
    fileprivate var command = ""
    var positionals: [String] = []
    var wantsHelp = false

    func flag(_ option: Option) -> Bool { read(option) != nil }

    /// The value of an option given once; `nil` when it was not given.
    func value(_ option: Option) -> String? { read(option)?.first }

    /// Every value a repeatable option was given, in order; `nil` when it was not given at all
    /// (so that "not given" and "given" stay apart: given, the values replace a default list).
    func values(_ option: Option) -> [String]? { read(option) }

    /// The options of `options` that were given, in the order of `options`.
    func given(among options: [Option]) -> [Option] { options.filter { read($0) != nil } }

    private func read(_ option: Option) -> [String]? {
        precondition(
            listed[option.name] == option.declaration,
            "'\(command)' reads \(option.spelling) (declared at \(option.declaration)) but does not list it: compose its group into the command's options")
        return given[option.name]
    }
}

extension CommandSpec {
    func parse(_ arguments: [String]) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        parsed.command = name
        for option in options + [.help] { parsed.listed[option.name] = option.declaration }
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                parsed.positionals += rest
                break
            }
            if argument == "-h" || argument == "--help" {
                parsed.wantsHelp = true
                continue
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.positionals.append(argument)
                continue
            }
            let (option, inline) = try lookUp(argument)
            if let valueName = option.value {
                guard let value = inline ?? rest.popFirst() else {
                    throw UsageError(message: "'\(option.spelling)' needs a value: \(option.spelling) \(valueName)", command: name)
                }
                if parsed.given[option.name] != nil, !option.repeatable {
                    throw UsageError(message: "'\(option.spelling)' is given twice; give it once", command: name)
                }
                parsed.given[option.name, default: []].append(value)
            } else {
                guard inline == nil else {
                    throw UsageError(message: "'\(option.spelling)' is a flag and takes no value", command: name)
                }
                if parsed.given[option.name] != nil {
                    throw UsageError(message: "'\(option.spelling)' is given twice; give it once", command: name)
                }
                parsed.given[option.name] = []
            }
        }
        return parsed
    }

    /// The option an argument names, and its `=value` if it has one. Only the two spellings
    /// are accepted, `--name` and, for a one-letter name, `-n`: `-format` and `---format` are
    /// refused with the spelling to type, as swift-argument-parser refuses them.
    private func lookUp(_ argument: String) throws -> (Option, inline: String?) {
        let dashes = argument.prefix(while: { $0 == "-" }).count
        let body = argument.dropFirst(dashes)
        let name = String(body.prefix(while: { $0 != "=" }))
        let inline = body.contains("=") ? String(body.drop(while: { $0 != "=" }).dropFirst()) : nil
        let option = options.first { $0.name == name }
        if let option, dashes == (name.count == 1 ? 1 : 2) {
            return (option, inline)
        }
        if let option {
            throw UsageError(message: "unknown option '\(argument)' for '\(self.name)'; did you mean '\(option.spelling)'?", command: self.name)
        }
        var message = "unknown option '\(argument)' for '\(self.name)'"
        if let guess = closest(to: name, in: options.map(\.name)), let option = options.first(where: { $0.name == guess }) {
            message += "; did you mean '\(option.spelling)'?"
        }
        throw UsageError(message: message, command: self.name)
    }
}

/// The candidate `word` is the start of (`--debounce` for `--debounce-ms`), else the one
/// within two edits of it, for "did you mean".
func closest(to word: String, in candidates: [String]) -> String? {
    let extended = candidates.filter { $0.hasPrefix(word) && $0 != word }
    if word.count >= 3, extended.count == 1 { return extended[0] }
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
    let scored = candidates.map { ($0, distance(Array(word), Array($0))) }.filter { $0.1 <= 2 }
    return scored.min { $0.1 < $1.1 }?.0
}

extension ParsedArguments {
    /// The one recording a command reads: a path, or `-` for standard input.
    func recording(for command: String, verb: String) throws -> String {
        guard positionals.count == 1, let path = positionals.first else {
            throw UsageError(
                message: positionals.isEmpty
                    ? "missing the recording to \(verb) (a FILE, or - for standard input)"
                    : "\(command) takes one recording, got \(positionals.count)",
                command: command)
        }
        return path
    }
}

/// `--format`: how a command prints, one of the formats the command allows.
enum OutputFormat: String {
    case text, jsonl, json

    /// `--format` as a command declares it: its choices and what each prints.
    static func option(_ choices: [OutputFormat], help: String) -> Option {
        Option(name: "format", value: choices.map(\.rawValue).joined(separator: "|"), help: help)
    }

    /// The format given with `option`, one of `allowed` (the first is the default).
    init(_ arguments: ParsedArguments, _ option: Option, allowed: [OutputFormat] = [.text, .jsonl], command: String) throws {
        guard let text = arguments.value(option) else {
            self = allowed[0]
            return
        }
        guard let format = OutputFormat(rawValue: text), allowed.contains(format) else {
            throw UsageError(
                message: "unknown format '\(text)'; use " + allowed.map { "--format \($0.rawValue)" }.joined(separator: " or "),
                command: command)
        }
        self = format
    }
}

/// A number of milliseconds from an option: 0 or more, and at most 2^53, where adding
/// milliseconds to a time stops being exact (recordings are held to the same bound).
func milliseconds(_ text: String, option: Option, command: String, orNone: Bool = false) throws -> Double {
    guard isDecimal(text), let value = Double(text), value.isFinite, value >= 0 else {
        throw UsageError(
            message: "'\(option.spelling)' takes a number of milliseconds, 0 or more\(orNone ? ", or none" : "") (got '\(text)')",
            command: command)
    }
    try refuseInexact(value, text: text, option: option, command: command)
    return value
}

/// A number as a person writes one (`800`, `2.5`, `1e3`), not what `Double(_:)` also takes
/// (`0x10`, `inf`, `nan`).
func isDecimal(_ text: String) -> Bool {
    !text.isEmpty && text.allSatisfy { "0123456789.eE+-".contains($0) }
}

/// A duration or offset past 2^53 ms would make `t + duration` inexact: refused, not clamped.
func refuseInexact(_ value: Double, text: String, option: Option, command: String) throws {
    guard value.magnitude <= exactMillisecondsLimit else {
        throw UsageError(
            message: "'\(option.spelling)' is beyond 2^53 ms (about 285,000 years), where times stop being exact (got '\(text)')",
            command: command)
    }
}
