import Reports


/// A subcommand's command line: what it accepts and its help. A small stand-in for
/// swift-argument-parser, which cannot be fetched here, with the same manners.
struct CommandSpec {
    struct Option {
        var name: String
        /// `nil` for a flag.
        var value: String?
        var help: String
        /// Given any number of times, each value kept in order (`ParsedArguments.all`), rather
        /// than one value.
        var repeatable = false
    }

    var name: String
    var summary: String
    var usage: String
    var options: [Option]
    var discussion: String = ""

    var help: String {
        var text = "OVERVIEW: \(summary)\n\nUSAGE: turbo-replay \(usage)\n\nOPTIONS:\n"
        let all = options + [Option(name: "help", value: nil, help: "Show this help.")]
        let labels = all.map { ($0.name.count == 1 ? "-" : "--") + $0.name + ($0.value.map { " \($0)" } ?? "") }
        let width = labels.map(\.count).max() ?? 0
        for (label, option) in zip(labels, all) {
            text += "  \(label.padded(width))  \(option.help)\n"
        }
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        return text
    }
}

struct UsageError: Error {
    var message: String
    var command: String?
}

/// What a command line said: option values by name (flags map to ""), every value of a
/// repeatable option in order, and positionals.
struct ParsedArguments {
    var values: [String: String] = [:]
    var lists: [String: [String]] = [:]
    var positionals: [String] = []
    var wantsHelp = false

    func flag(_ name: String) -> Bool { values[name] != nil }

    /// Every value a repeatable option was given, in order; `nil` when it was not given at all
    /// (so that "not given" and "given" stay apart: given, the values replace a default list).
    func all(_ name: String) -> [String]? { lists[name] }
}

extension CommandSpec {
    func parse(_ arguments: [String]) throws -> ParsedArguments {
        var parsed = ParsedArguments()
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
            let body = argument.drop(while: { $0 == "-" })
            let name = String(body.prefix(while: { $0 != "=" }))
            let inline = body.contains("=") ? String(body.drop(while: { $0 != "=" }).dropFirst()) : nil
            guard let option = options.first(where: { $0.name == name }) else {
                var message = "unknown option '\(argument)' for '\(self.name)'"
                if let guess = closest(to: name, in: options.map(\.name)) { message += "; did you mean '--\(guess)'?" }
                throw UsageError(message: message, command: self.name)
            }
            if let valueName = option.value {
                guard let value = inline ?? rest.popFirst() else {
                    throw UsageError(message: "'--\(name)' needs a value: --\(name) \(valueName)", command: self.name)
                }
                if option.repeatable {
                    parsed.lists[name, default: []].append(value)
                } else {
                    parsed.values[name] = value
                }
            } else {
                guard inline == nil else {
                    throw UsageError(message: "'--\(name)' is a flag and takes no value", command: self.name)
                }
                parsed.values[name] = ""
            }
        }
        return parsed
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


extension CommandSpec.Option {
    static let lenient = CommandSpec.Option(
        name: "lenient", value: nil, help: "Skip malformed lines with a warning instead of stopping at the first.")
}

extension ParsedArguments {
    /// The one recording a command reads: a path, or `-` for standard input.
    func recording(for command: String, verb: String) throws -> String {
        guard positionals.count == 1, let path = positionals.first else {
            throw UsageError(message: positionals.isEmpty ? "missing the recording to \(verb) (a FILE, or - for standard input)"
                                                          : "\(command) takes one recording, got \(positionals.count)",
                             command: command)
        }
        return path
    }

    /// `--format`, one of `allowed` (the first is the default).
    func format(for command: String, allowed: [String] = ["text", "jsonl"]) throws -> String {
        let format = values["format"] ?? allowed[0]
        guard allowed.contains(format) else {
            throw UsageError(message: "unknown format '\(format)'; use " + allowed.map { "--format \($0)" }.joined(separator: " or "),
                             command: command)
        }
        return format
    }
}
