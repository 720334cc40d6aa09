import Foundation
import Testing
import TurboRecording

@testable import TestSupport

/// The package's shape. The arrows are the manifest's: each target imports exactly the package
/// modules it declares (no fewer, so the manifest never lies; no more, so nothing leans on an
/// arrow that is not written), read from `swift package dump-package`. What the manifest cannot
/// say is written here: which system modules a target may use. The pure cores use none (no
/// Foundation, no Glibc, no json-c), so an iOS target links them alone.
@Suite("Layout")
struct LayoutTests {
    static let sources = Fixtures.root.appendingPathComponent("Sources").path

    /// The targets outside the shell that may import Foundation: the app's logger writes files.
    /// A new target below the shell is a pure core unless it is named here, so that one left
    /// out of a list is checked, not skipped.
    static let foundationLoggers: Set<String> = ["TurboReplayLog", "TurboReplayLogUpload"]

    /// The pure cores, from the manifest: every library target that depends on json-c through
    /// none of its arrows, but the loggers. An app links these, on any platform, without json-c
    /// or Foundation (an executable is a tool, which no app links).
    static let pure: Set<String> = {
        func reaches(_ target: String, _ seen: inout Set<String>) {
            for dependency in manifest[target] ?? [] where seen.insert(dependency).inserted { reaches(dependency, &seen) }
        }
        return Set(
            manifest.keys.filter { target in
                var seen: Set<String> = []
                reaches(target, &seen)
                return !seen.contains("CJSONC")
            }
        ).subtracting(foundationLoggers).subtracting(executables)
    }()

    /// The executable targets of the manifest.
    static let executables: Set<String> = Set(
        dumpedTargets.compactMap { target in
            guard case .string(let name)? = target["name"], target["type"] == .string("executable") else { return nil }
            return name
        })

    /// The system modules the shell may use. Glibc and Darwin are the same C library on the two
    /// platforms, always imported behind `#if canImport`.
    /// CryptoKit: Apple's SHA-256 for the uploader, where Linux has libcrypto.
    static let system: Set<String> = ["Foundation", "FoundationNetworking", "Dispatch", "Glibc", "Darwin", "CryptoKit"]

    /// The C libraries the package wraps (system-library targets): json-c for the readers,
    /// libcrypto for the uploader's SHA-256 on Linux.
    static let cLibraries: Set<String> = ["CJSONC", "CLibCrypto"]

    /// Every source target of the manifest with the targets it depends on.
    /// `swift package dump-package`: the manifest as JSON ("" when it could not be had).
    static let dump: String =
        (try? Fixtures.run(
            command: "swift",
            [
                "package", "--package-path", Fixtures.root.path,
                "--scratch-path", NSTemporaryDirectory() + "turbo-replay-dump-package",
                "dump-package",
            ])) ?? ""

    /// The manifest's targets, each as `dump-package` writes it.
    static let dumpedTargets: [[String: JSONValue]] = {
        guard case .object(let package)? = JSONValue(parsing: dump), case .array(let targets)? = package["targets"] else { return [] }
        return targets.compactMap { if case .object(let target) = $0 { target } else { nil } }
    }()

    static let manifest: [String: Set<String>] = {
        var result: [String: Set<String>] = [:]
        for target in dumpedTargets {
            guard case .string(let name)? = target["name"], case .string(let type)? = target["type"],
                type == "regular" || type == "executable", case .array(let dependencies)? = target["dependencies"]
            else { continue }
            guard !(target["path"].map { if case .string(let path) = $0 { path.hasPrefix("Tests") } else { false } } ?? false) else { continue }
            result[name] = Set(
                dependencies.compactMap { dependency -> String? in
                    guard case .object(let kind) = dependency, let first = kind.values.first,
                        case .array(let fields) = first, case .string(let name)? = fields.first
                    else { return nil }
                    return name
                })
        }
        return result
    }()

    /// The targets the manifest's products export: the only public API the package promises.
    static let productTargets: Set<String> = {
        guard case .object(let package)? = JSONValue(parsing: dump), case .array(let products)? = package["products"] else { return [] }
        var result: Set<String> = []
        for case .object(let product) in products {
            guard case .array(let targets)? = product["targets"] else { continue }
            for case .string(let target) in targets { result.insert(target) }
        }
        return result
    }()

    static func targets() throws -> [String] {
        try Fixtures.nonEmpty(
            FileManager.default.contentsOfDirectory(atPath: sources).filter { !Self.cLibraries.contains($0) }.sorted(), "targets under Sources")
    }

    /// `line` without the spaces and tabs at either end (Foundation's `trimmingCharacters` bridges
    /// each line to an `NSString`, and this runs for every line of Sources).
    static func trimmed(_ line: Substring) -> Substring {
        let utf8 = line.utf8
        guard let first = utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return line[line.endIndex...] }
        let last = utf8.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })!
        return line[first...last]
    }

    static func imports(of target: String) throws -> [(file: String, module: String)] {
        let directory = sources + "/" + target
        var found: [(String, String)] = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: directory) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            // Only a line that starts (past its indentation) with `import` or an attribute is split
            // into words: every line of Sources is read.
            for line in text.split(separator: "\n") {
                let first = Self.trimmed(line).utf8.first
                guard first == UInt8(ascii: "i") || first == UInt8(ascii: "@") else { continue }
                let words = Self.trimmed(line).split(separator: " ")
                if let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({ $0.hasPrefix("@") })
                {
                    found.append((file, String(words[index + 1])))
                }
            }
        }
        return found
    }

    @Test("the manifest was read, and names every directory under Sources")
    func manifestIsRead() throws {
        try #require(!Self.manifest.isEmpty, "swift package dump-package gave no targets")
        #expect(Set(try Self.targets()) == Set(Self.manifest.keys))
    }

    @Test("every target imports exactly the package modules the manifest gives it", arguments: try targets())
    func importsAreTheManifestsArrows(_ target: String) throws {
        let declared = try #require(Self.manifest[target], "Sources/\(target) is not a target of Package.swift")
        let imports = try Self.imports(of: target)
        let packageModules = Set(Self.manifest.keys).union(Self.cLibraries)
        for (file, module) in imports where !declared.contains(module) {
            if packageModules.contains(module) {
                Issue.record("Sources/\(target)/\(file) imports \(module), which Package.swift does not give \(target)")
            } else if Self.pure.contains(target) || !Self.system.contains(module) {
                Issue.record(
                    "Sources/\(target)/\(file) imports \(module): a \(Self.pure.contains(target) ? "pure core imports no system module" : "module outside the package and the toolchain")"
                )
            }
        }
        let used = Set(imports.map(\.module))
        for dependency in declared.subtracting(used) {
            Issue.record("Package.swift gives \(target) a dependency on \(dependency) that no file of it imports")
        }
    }

    @Test("the pure cores depend only on each other")
    func pureCoresStayPure() {
        // Those the docs name: the derivation finds them, and finds them apart from the shell.
        #expect(["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "AppSession"].allSatisfy(Self.pure.contains), "\(Self.pure.sorted())")
        #expect(!Self.pure.contains("TurboRecording") && !Self.pure.contains("Replay"))
        for target in Self.pure {
            #expect(Self.manifest[target]?.isSubset(of: Self.pure) == true, "\(target) depends outside the pure cores")
        }
    }

    @Test("the C library is imported behind #if canImport, so the package builds on Darwin too", arguments: try targets())
    func systemLibraryIsGuarded(_ target: String) throws {
        let directory = Self.sources + "/" + target
        var found = 0
        defer { if target == "TurboRecording" { #expect(found > 0, "the check found no import of the C library in \(target)") } }
        for file in try FileManager.default.subpathsOfDirectory(atPath: directory) where file.hasSuffix(".swift") {
            // Compared without their indentation, so that a layout never hides an unguarded import.
            let lines = try String(contentsOfFile: directory + "/" + file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .map(Self.trimmed)
            for (index, line) in lines.enumerated() where line == "import Glibc" || line == "import Darwin" {
                found += 1
                let guardLine = line == "import Glibc" ? "#if canImport(Glibc)" : "#elseif canImport(Darwin)"
                #expect(index > 0 && lines[index - 1] == guardLine, "Sources/\(target)/\(file):\(index + 1): \(line) without \(guardLine)")
            }
        }
    }

    @Test("json-c is read in one place only")
    func jsonCLivesInTurboRecording() throws {
        for target in try Self.targets() where target != "TurboRecording" {
            #expect(try Self.imports(of: target).allSatisfy { $0.module != "CJSONC" }, "\(target) imports CJSONC")
        }
    }

    /// A module no product exports is the package's own: its declarations are `package`, so
    /// the public API is exactly what the products promise, and nothing else leaks into it.
    @Test("only the targets of a product declare anything public", arguments: try targets())
    func publicOnlyInProducts(_ target: String) throws {
        try #require(!Self.productTargets.isEmpty, "swift package dump-package gave no products")
        guard !Self.productTargets.contains(target) else { return }
        let directory = Self.sources + "/" + target
        for file in try FileManager.default.subpathsOfDirectory(atPath: directory) where file.hasSuffix(".swift") {
            let lines = try String(contentsOfFile: directory + "/" + file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                // A line without the letters has none of the words: only the others are split
                // (by Unicode letter classes, slow in a debug build over every line of Sources).
                let code = line.contains("public") ? line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" : ""
                let words = code.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "(") }
                #expect(
                    !words.contains { $0 == "public" || $0.hasPrefix("public(") },
                    "Sources/\(target)/\(file):\(index + 1) declares public, and no product exports \(target): say package")
            }
        }
    }

    /// The launch reads presented errors as the error view classifies them, and nothing else of
    /// the error view: its retry policy, settings and decisions are another policy's.
    @Test("LaunchPolicy uses only the error view's classification")
    func launchUsesOnlyTheClassification() throws {
        let directory = Self.sources + "/LaunchPolicy"
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            let words = Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            for name in [
                "RetryPolicy", "PolicySettings", "PolicyInput", "PolicyTimer", "ErrorViewInstance", "Decision",
                "Retry", "RetryTrigger",
            ] {
                #expect(!words.contains(name), "Sources/LaunchPolicy/\(file) uses \(name)")
            }
        }
    }
}
