import Foundation
import Testing

@testable import TestSupport

/// No function in `Sources/` is over 80 lines, from its declaration to its closing brace: a
/// longer one does several things, and each wants its own name and its own tests (the banner's
/// analyzer became one detector per finding, the pictures draw lane by lane).
@Suite("Function length")
struct FunctionLengthTests {
    static let limit = 80

    @Test("no function, initializer or subscript in Sources is over 80 lines")
    func noLongFunctions() throws {
        let sources = Fixtures.root.appendingPathComponent("Sources").path
        var measured = 0
        for file in try FileManager.default.subpathsOfDirectory(atPath: sources).sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for body in SwiftBodies.functions(in: text) {
                measured += 1
                #expect(
                    body.lines <= Self.limit,
                    "Sources/\(file):\(body.line): \(body.name) is \(body.lines) lines; split it (at most \(Self.limit))")
            }
        }
        #expect(measured > 500, "the scan found only \(measured) functions: it has stopped reading Swift")
    }

    @Test("the scan measures from the declaration to the closing brace, past strings and comments")
    func scanner() {
        let text = """
            struct S {
                func a() {
                    let s = "}}} \\(f("{"))"
                    // }
                    /* } /* } */ */
                    let r = #"}"\\"#
                    let m = \"""
                        }
                        \"""
                }
                func required()
                init?(x: Int) where Int: Equatable { }
                var v: Int { 1 }
            }
            """
        let bodies = SwiftBodies.functions(in: text)
        #expect(bodies.map(\.name) == ["func a", "init"])
        #expect(bodies.map(\.lines) == [9, 1])
        #expect(bodies.map(\.line) == [2, 12])
    }
}

/// The bodies of the functions in a Swift file, found by blanking strings and comments and then
/// matching braces: enough of Swift's lexical grammar to measure lengths, not to compile.
enum SwiftBodies {
    struct Body: Equatable {
        var name: String
        var line: Int
        var lines: Int
    }

    static func functions(in text: String) -> [Body] {
        let code = blanked(Array(text.unicodeScalars))
        var bodies: [Body] = []
        var lineOf: [Int] = []
        var line = 1
        for scalar in code {
            lineOf.append(line)
            if scalar == "\n" { line += 1 }
        }
        var i = 0
        while i < code.count {
            guard let keyword = keyword(at: i, in: code) else {
                i += 1
                continue
            }
            let start = i
            i += keyword.count
            // The body is the first `{` outside the signature's parentheses, unless the
            // declaration ends first (a protocol's requirement).
            var depth = 0
            var open: Int?
            while i < code.count {
                let c = code[i]
                if c == "(" || c == "[" { depth += 1 }
                if c == ")" || c == "]" { depth -= 1 }
                if depth == 0 && c == "{" {
                    open = i
                    break
                }
                if depth == 0 && (c == "}" || c == ";" || (c == "\n" && Self.endsDeclaration(after: i, in: code))) { break }
                i += 1
            }
            guard let open else { continue }
            var braces = 0
            var j = open
            while j < code.count {
                if code[j] == "{" { braces += 1 }
                if code[j] == "}" {
                    braces -= 1
                    if braces == 0 { break }
                }
                j += 1
            }
            let name = keyword == "func" ? "func " + identifier(after: start + 4, in: code) : keyword
            bodies.append(Body(name: name, line: lineOf[start], lines: lineOf[min(j, code.count - 1)] - lineOf[start] + 1))
            i = open + 1
        }
        return bodies
    }

    private static let keywords = ["func", "init", "subscript", "deinit"]
    /// Each keyword's scalars, made once: this runs at every scalar of Sources.
    private static let keywordScalars = keywords.map { ($0, Array($0.unicodeScalars)) }
    /// Their first scalars' values, compared as integers.
    private static let keywordStarts: (UInt32, UInt32, UInt32, UInt32) = {
        let starts = keywordScalars.map { $0.1[0].value }
        precondition(starts.count == 4, "a start for each keyword")
        return (starts[0], starts[1], starts[2], starts[3])
    }()

    private static func keyword(at i: Int, in code: [Unicode.Scalar]) -> String? {
        // Most scalars start no keyword: that is asked first, the neighbours only then.
        let first = code[i].value
        guard first == keywordStarts.0 || first == keywordStarts.1 || first == keywordStarts.2 || first == keywordStarts.3 else { return nil }
        if i > 0, isIdentifier(code[i - 1]) || code[i - 1] == "." { return nil }
        for (word, scalars) in keywordScalars {
            guard code[i] == scalars[0], i + scalars.count <= code.count, code[i..<i + scalars.count].elementsEqual(scalars) else { continue }
            if i + scalars.count < code.count, isIdentifier(code[i + scalars.count]) { continue }
            return word
        }
        return nil
    }

    /// A newline ends a bodiless declaration when the next line starts another one.
    private static func endsDeclaration(after i: Int, in code: [Unicode.Scalar]) -> Bool {
        var j = i + 1
        while j < code.count, code[j] == " " || code[j] == "\n" { j += 1 }
        return j < code.count && (isIdentifier(code[j]) || code[j] == "@" || code[j] == "}") && !(code[j] == "w" && startsWith("where", at: j, in: code))
    }

    private static func startsWith(_ word: String, at i: Int, in code: [Unicode.Scalar]) -> Bool {
        let scalars = Array(word.unicodeScalars)
        return i + scalars.count <= code.count && Array(code[i..<i + scalars.count]) == scalars
    }

    private static func identifier(after i: Int, in code: [Unicode.Scalar]) -> String {
        var j = i
        while j < code.count, code[j] == " " { j += 1 }
        var name = ""
        while j < code.count, isIdentifier(code[j]) || "+-*/<>=!&|^%~".unicodeScalars.contains(code[j]) {
            name.unicodeScalars.append(code[j])
            j += 1
        }
        return name
    }

    private static func isIdentifier(_ c: Unicode.Scalar) -> Bool {
        // ASCII without asking Unicode's properties: nearly every scalar of Sources is ASCII.
        let v = c.value
        guard v >= 0x80 else {
            return v == 0x5F || (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x30 && v <= 0x39)  // _ a-z A-Z 0-9
        }
        return c.properties.isAlphabetic
    }

    /// The text with every comment and string literal (interpolations included) turned into
    /// spaces, newlines kept, so that braces and keywords in them do not count.
    static func blanked(_ source: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out = source
        var i = 0
        func blank(_ from: Int, _ to: Int) {
            for k in from..<min(to, out.count) where out[k] != "\n" { out[k] = " " }
        }
        while i < source.count {
            let c = source[i]
            let next: Unicode.Scalar? = i + 1 < source.count ? source[i + 1] : nil
            if c == "/" && next == "/" {
                let end = source[i...].firstIndex(of: "\n") ?? source.count
                blank(i, end)
                i = end
            } else if c == "/" && next == "*" {
                var depth = 0
                var j = i
                repeat {
                    if source[j] == "/" && j + 1 < source.count && source[j + 1] == "*" {
                        depth += 1
                        j += 2
                    } else if source[j] == "*" && j + 1 < source.count && source[j + 1] == "/" {
                        depth -= 1
                        j += 2
                    } else {
                        j += 1
                    }
                } while depth > 0 && j < source.count
                blank(i, j)
                i = j
            } else if c == "#" || c == "\"" {
                var hashes = 0
                var j = i
                while j < source.count, source[j] == "#" {
                    hashes += 1
                    j += 1
                }
                guard j < source.count, source[j] == "\"" else {
                    i = j == i ? i + 1 : j
                    continue
                }
                let end = stringEnd(source, quote: j, hashes: hashes)
                blank(i, end)
                i = end
            } else {
                i += 1
            }
        }
        return out
    }

    /// Just past the string literal whose first quote is at `quote`, with `hashes` `#`s.
    private static func stringEnd(_ s: [Unicode.Scalar], quote: Int, hashes: Int) -> Int {
        let multiline = quote + 2 < s.count && s[quote + 1] == "\"" && s[quote + 2] == "\""
        let delimiter = Array(repeating: Unicode.Scalar("\""), count: multiline ? 3 : 1) + Array(repeating: Unicode.Scalar("#"), count: hashes)
        var j = quote + (multiline ? 3 : 1)
        while j < s.count {
            if s[j] == "\\" {
                // An escape (raw strings need their hashes after the backslash); an
                // interpolation runs to its matching parenthesis, strings inside it included.
                var k = j + 1
                var matched = 0
                while matched < hashes, k < s.count, s[k] == "#" {
                    matched += 1
                    k += 1
                }
                if matched == hashes, k < s.count, s[k] == "(" {
                    var depth = 0
                    while k < s.count {
                        if s[k] == "\"" {
                            k = stringEnd(s, quote: k, hashes: 0)
                            continue
                        }
                        if s[k] == "(" { depth += 1 }
                        if s[k] == ")" {
                            depth -= 1
                            if depth == 0 { break }
                        }
                        k += 1
                    }
                    j = k + 1
                } else {
                    j = matched == hashes ? k + 1 : j + 1
                }
                continue
            }
            if j + delimiter.count <= s.count, Array(s[j..<j + delimiter.count]) == delimiter { return j + delimiter.count }
            if !multiline && s[j] == "\n" { return j }
            j += 1
        }
        return s.count
    }
}
