import Foundation
import PolicyRegistry

// Writes the files made from the code: the banner detectors' composition, made from the
// detector files present (`GeneratedDetectors`), and the parts of docs/ made from the findings'
// declarations (`GeneratedDocs`). Run it after adding a detector or changing a finding's
// declaration, from the repository's root (`swift run generate-docs`); GeneratedDetectorsTests
// and GeneratedDocsTests fail until it has been run.
let root = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : FileManager.default.currentDirectoryPath

/// Writes `new` to `file` (from the root) when it differs from `old`, and says so: 1 if it
/// wrote, 0 if not.
func write(_ new: String, over old: String, to file: String) throws -> Int {
    guard new != old else { return 0 }
    try new.write(toFile: root + "/" + file, atomically: true, encoding: .utf8)
    print("generate-docs: wrote \(file)")
    fflush(nil)
    return 1
}

/// This program built again with the composition just written, run on the same root: the
/// findings' registry is the composition's, so the docs are made by a build that has the new one.
func runAgain() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "run", "--package-path", root, "generate-docs", root]
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

do {
    let folder = root + "/" + GeneratedDetectors.folder
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { name in
        (name: name, text: try String(contentsOfFile: folder + "/" + name, encoding: .utf8))
    }
    let composition = GeneratedDetectors.path
    let old = files.first { $0.name == (composition as NSString).lastPathComponent }?.text ?? ""
    if try write(try GeneratedDetectors.composition(files), over: old, to: composition) > 0 { exit(try runAgain()) }
    var changed = 0
    for page in GeneratedDocs.pages {
        let old = try String(contentsOfFile: root + "/" + page, encoding: .utf8)
        changed += try write(try GeneratedDocs.regenerate(old, path: page), over: old, to: page)
    }
    if changed == 0 { print("generate-docs: every generated file is up to date") }
} catch {
    FileHandle.standardError.write(Data("generate-docs: \(error)\n".utf8))
    exit(1)
}
