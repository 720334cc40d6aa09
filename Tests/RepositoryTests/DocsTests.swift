import Foundation
import Testing

@testable import TestSupport

/// Docs that cannot drift: every command output quoted in the README and in docs/ (a
/// ```console block: `$ command`, then exactly what it prints) is produced again here from
/// the bundled recordings and compared; every Swift snippet (a ```swift block) type-checks
/// against the package as built, except one marked ```swift not-checked, which needs a
/// framework this machine cannot build and must say so in its first line; no link leaves the
/// repository or points at nothing. `TURBO_REPLAY_RECORD=1` writes the quoted outputs as the
/// commands print them now, and fails saying so (`ConsoleRecording`).
@Suite("Docs")
struct DocsTests {
    static let consoleBlocks = MarkdownBlock.all.filter { $0.language == "console" }
    static let swiftBlocks = MarkdownBlock.all.filter { $0.language == "swift" && !$0.flags.contains(MarkdownBlock.notChecked) }
    static let uncheckedSwiftBlocks = MarkdownBlock.all.filter { $0.language == "swift" && $0.flags.contains(MarkdownBlock.notChecked) }

    @Test("a Swift snippet left out of the type-check names, in its first line, what it needs")
    func uncheckedSnippet() throws {
        for block in Self.uncheckedSwiftBlocks {
            let first = block.text.split(separator: "\n").first.map(String.init) ?? ""
            #expect(
                first.hasPrefix("// Needs ") && first.contains("not type-checked here"),
                "\(block.file):\(block.line): start it with `// Needs <framework>: not type-checked here.`")
            #expect(block.flags == [MarkdownBlock.notChecked], "\(block.file):\(block.line): unknown flags \(block.flags)")
        }
        #expect(!Self.uncheckedSwiftBlocks.isEmpty, "docs/native-logging.md has the iOS snippet")
    }

    @Test("each quoted command prints what the docs say it prints", arguments: consoleBlocks)
    func consoleOutput(_ block: MarkdownBlock) throws {
        let session = ConsoleSession(block)
        #expect(!session.commands.isEmpty, "a console block without a '$ ' command")
        // The commands of one block run one after another in one folder, as in a terminal.
        let directory = try Self.scratchRepository()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var printed: [(command: String, output: String)] = []
        for (command, expected) in session.commands {
            let (got, status) = try Self.shellStatus(command, in: directory)
            printed.append((command, got))
            // A tool that crashed prints nothing: that is never recorded as what it prints.
            if ConsoleRecording.isOn && status >= 128 { try ConsoleRecording.refuse(block, command, status: status) }
            if !ConsoleRecording.isOn { #expect(got == expected, "\(block.file):\(block.line): `\(command)` printed:\n\(got)") }
        }
        if ConsoleRecording.isOn && printed.map(\.output) != session.commands.map(\.output) {
            try ConsoleRecording.record(block, as: ConsoleRecording.text(printed))
        }
        // A quoted command that writes into docs/ (`tune --plot docs/tune-recordings.svg`) writes
        // what docs/ holds: the file the docs show is the one the command makes now.
        for name in try FileManager.default.subpathsOfDirectory(atPath: directory + "/docs") {
            let written = FileManager.default.contents(atPath: directory + "/docs/" + name)
            if ConsoleRecording.isOn {
                // The pages themselves are being written by other blocks meanwhile: only what a
                // command writes (a picture) is recorded.
                if !name.hasSuffix(".md"), let written, written != FileManager.default.contents(atPath: Fixtures.root.path + "/docs/" + name) {
                    try ConsoleRecording.record(block, docs: name, as: written)
                }
                continue
            }
            #expect(
                written == FileManager.default.contents(atPath: Fixtures.root.path + "/docs/" + name),
                "\(block.file):\(block.line) writes docs/\(name) otherwise than docs/ holds it: write it again")
        }
    }

    /// What a snippet that imports `TurboRecording` (or the uploader) needs besides the built
    /// modules: the system modules' maps (json-c; libcrypto on Linux) and, as SwiftPM takes them
    /// from pkg-config, their headers.
    static let jsonC: [String] = {
        let cflags = (try? Fixtures.run(command: "pkg-config", ["--cflags", "json-c", "libcrypto"])) ?? ""
        return ["-I", Fixtures.root.path + "/Sources/CJSONC", "-I", Fixtures.root.path + "/Sources/CLibCrypto"]
            + cflags.split(whereSeparator: \.isWhitespace).flatMap { ["-Xcc", String($0)] }
    }()

    @Test("each Swift snippet type-checks against the package", arguments: swiftBlocks)
    func swiftSnippet(_ block: MarkdownBlock) throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/snippet.swift"
        try block.text.write(toFile: file, atomically: false, encoding: .utf8)
        var arguments = ["-typecheck", file]
        if block.text.contains("import PackageDescription") {
            arguments += ["-I", Self.toolchain + "/lib/swift/pm/ManifestAPI", "-package-description-version", "6.0"]
            // SwiftPM names a dependency after the last part of its path or URL, and `package:`
            // must say that name: the snippets clone this repository as TurboReplay.
            for (product, package) in Self.productReferences(in: block.text) {
                #expect(package == "TurboReplay", "\(block.testDescription): the package is named TurboReplay, not \(package)")
                #expect(Self.products.contains(product), "\(block.testDescription): TurboReplay has no product \(product)")
            }
            for location in Self.packageLocations(in: block.text) {
                #expect(
                    location.hasSuffix("/TurboReplay") || location.hasSuffix("/TurboReplay.git"),
                    "\(block.testDescription): \(location) would make SwiftPM call the package something else than TurboReplay")
            }
        } else {
            // MemberImportVisibility (Swift 7's default): a member is visible only through an
            // import of the module that declares it, so a snippet's imports are held to the truth.
            arguments += ["-I", Fixtures.root.path + "/.build/debug/Modules", "-enable-upcoming-feature", "MemberImportVisibility"] + Self.jsonC
        }
        let run = try Self.typecheck(arguments, file: file)
        #expect(run.status == 0, "\(block.testDescription) does not type-check:\n\(run.output)")
    }

    /// `swiftc ARGUMENTS`, which type-check `file` (named `snippet.swift`): the compiler's own
    /// job run directly, as the driver prints it (`-###`) once for these arguments, since the
    /// driver's start is a third of each run; the driver itself when its job does not read as
    /// plain words.
    static func typecheck(_ arguments: [String], file: String) throws -> (status: Int32, output: String) {
        let placeholder = "/turbo-replay-docs-snippet/snippet.swift"
        let key = arguments.map { $0 == file ? placeholder : $0 }
        var job = jobsLock.withLock { jobs[key] }
        if job == nil {
            let printed = try run(toolchain + "/bin/swiftc", ["-###"] + key)
            let lines = printed.output.split(separator: "\n")
            let plain = printed.status == 0 && lines.count == 1 && !lines[0].contains(where: { "'\"\\".contains($0) })
            job = plain ? lines[0].split(separator: " ").map(String.init) : []
            jobsLock.withLock { jobs[key] = job }
        }
        guard let job, let program = job.first, job.contains(placeholder) else { return try run(toolchain + "/bin/swiftc", arguments) }
        return try run(program, job.dropFirst().map { $0 == placeholder ? file : $0 })
    }

    private static let jobsLock = NSLock()
    nonisolated(unsafe) private static var jobs: [[String]: [String]] = [:]

    /// The README promises that one import is enough; the snippet test above type-checks it
    /// under MemberImportVisibility (it is one of `swiftBlocks`, which this holds it to be, so it
    /// is not compiled a second time here), and this one holds it to that single import.
    @Test("the README's Swift example imports only OfflineBanner (and Testing) and is type-checked")
    func readmeExampleImportsOneLibrary() throws {
        let readme = Self.swiftBlocks.filter { $0.file == "README.md" }
        #expect(readme.count == 1, "README.md has one Swift example")
        for block in readme {
            let imports = block.text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { String($0.dropFirst(7)) }
            #expect(imports.sorted() == ["OfflineBanner", "Testing"], "README.md:\(block.line) imports \(imports)")
        }
    }

    @Test("links stay inside the repository and point at something", arguments: MarkdownBlock.files)
    func links(_ file: String) throws {
        let text = try String(contentsOfFile: Fixtures.root.path + "/" + file, encoding: .utf8)
        #expect(!text.contains("../shared"), "\(file) sends readers to ../shared, which a clone does not have")
        let directory = (file as NSString).deletingLastPathComponent
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)#\s]+)(#[^)]*)?\)"#)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let target = String(text[Range(match.range(at: 1), in: text)!])
            if target.contains("://") || target.hasPrefix("mailto:") { continue }
            let path = (Fixtures.root.path + "/" + directory + "/" + target as NSString).standardizingPath
            #expect(path.hasPrefix(Fixtures.root.path + "/"), "\(file) links outside the repository: \(target)")
            #expect(FileManager.default.fileExists(atPath: path), "\(file) links to \(target), which does not exist")
            if let anchorRange = Range(match.range(at: 2), in: text), target.hasSuffix(".md"),
                let page = try? String(contentsOfFile: path, encoding: .utf8)
            {
                let anchor = String(text[anchorRange].dropFirst())
                #expect(Self.anchors(in: page).contains(anchor), "\(file) links to \(target)#\(anchor), a heading that is not there")
            }
        }
    }

    /// The anchors a Markdown page's headings make, as GitHub makes them: lower case, spaces to
    /// hyphens, other punctuation dropped.
    static func anchors(in page: String) -> Set<String> {
        var anchors: Set<String> = []
        var fenced = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.drop { $0 == " " }
            anchors.insert(
                String(
                    title.lowercased().compactMap { character -> Character? in
                        if character == " " { return "-" }
                        return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
                    }))
        }
        return anchors
    }

    // MARK: - Running

    static let toolchain: String = {
        // swiftc beside the swift that runs these tests.
        let candidates = ["/opt/swift/usr", "/usr"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0 + "/bin/swiftc") } ?? "/usr"
    }()

    /// The products Package.swift declares.
    static let products: Set<String> = {
        let manifest = (try? String(contentsOfFile: Fixtures.root.path + "/Package.swift", encoding: .utf8)) ?? ""
        let pattern = try! NSRegularExpression(pattern: #"\.(?:library|executable)\(name: "([^"]+)""#)
        return Set(
            pattern.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)).map {
                String(manifest[Range($0.range(at: 1), in: manifest)!])
            })
    }()

    /// The paths and URLs of `.package(path:)` and `.package(url:…)` entries.
    static func packageLocations(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\.package\((?:path|url): "([^"]+)""#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }

    /// The README's quick start and docs/library.md show the same example (the README the first
    /// half of it); a test target runs it, so it must not only compile but pass.
    @Test("the library example is the test that runs it, word for word", arguments: ["README.md", "docs/library.md"])
    func libraryExampleRuns(_ file: String) throws {
        let example = try #require(MarkdownBlock.blocks(in: file).first { $0.language == "swift" && $0.text.contains("import OfflineBanner") })
        let test = try String(contentsOfFile: Fixtures.root.path + "/Tests/OfflineBannerTests/ReadmeExampleTests.swift", encoding: .utf8)
        #expect(test.contains(example.text), "copy the example of \(file) into Tests/OfflineBannerTests/ReadmeExampleTests.swift")
    }

    /// The README is the front door: what it is, how to start, where the rest is. Everything
    /// else lives in docs/, so that a reader finds their quick start without scrolling past
    /// another kind of user's reference.
    @Test("the README stays a front door of at most 12 KB (12,000 bytes)")
    func readmeIsSmall() throws {
        let size = try #require(FileManager.default.attributesOfItem(atPath: Fixtures.root.path + "/README.md")[.size] as? Int)
        #expect(size <= 12_000, "README.md is \(size) bytes; move the detail into a page of docs/ and link it")
    }

    /// The performance page is the current figures and how to measure them again; what earlier
    /// runs measured goes to bench/history.md, so the page stays one a reader reads whole.
    @Test("docs/performance.md stays the current figures, under 15 KB (15,000 bytes)")
    func performancePageIsSmall() throws {
        let size = try #require(FileManager.default.attributesOfItem(atPath: Fixtures.root.path + "/docs/performance.md")[.size] as? Int)
        #expect(size < 15_000, "docs/performance.md is \(size) bytes; move what earlier runs measured into bench/history.md")
    }

    /// Every page of docs/ is reachable from the README: a page nobody links is a page nobody reads.
    @Test("the README links every page of docs/")
    func readmeLinksEveryPage() throws {
        let readme = try String(contentsOfFile: Fixtures.root.path + "/README.md", encoding: .utf8)
        for file in MarkdownBlock.files where file.hasPrefix("docs/") && !file.dropFirst(5).contains("/") {
            #expect(readme.contains("](\(file))") || readme.contains("](\(file)#"), "README.md does not link \(file)")
        }
    }

    static func productReferences(in text: String) -> [(product: String, package: String)] {
        let pattern = try! NSRegularExpression(pattern: #"\.product\(name: "([^"]+)", package: "([^"]+)"\)"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            (String(text[Range($0.range(at: 1), in: text)!]), String(text[Range($0.range(at: 2), in: text)!]))
        }
    }

    /// A scratch folder that sees the repository's recordings and a copy of its docs (a
    /// quoted command may write there, as `tune --plot docs/…` does, and must not change the
    /// repository), with the built `turbo-replay` in its `bin`.
    static func scratchRepository() throws -> String {
        let directory = try Fixtures.scratchDirectory()
        try FileManager.default.createSymbolicLink(atPath: directory + "/recordings", withDestinationPath: Fixtures.root.path + "/recordings")
        try FileManager.default.copyItem(atPath: Fixtures.root.path + "/docs", toPath: directory + "/docs")
        try FileManager.default.createSymbolicLink(atPath: directory + "/examples", withDestinationPath: Fixtures.root.path + "/examples")
        try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: directory + "/bin/turbo-replay", withDestinationPath: Fixtures.cli)
        return directory
    }

    /// Runs `command` with /bin/sh in `directory` (a scratch repository), with the built
    /// `turbo-replay` first on the PATH. Standard output only.
    static func shell(_ command: String, in directory: String) throws -> String {
        try shellStatus(command, in: directory).output
    }

    /// `shell`, and the shell's exit status (128 + the signal when a command was killed).
    static func shellStatus(_ command: String, in directory: String) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = directory + "/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let end = ProcessEnd(process)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        end.wait()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let end = ProcessEnd(process)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        end.wait()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
