import Foundation
import PolicyRegistry

// Writes the parts of docs/ that are made from the code (`GeneratedDocs`): run it after
// changing a finding's declaration, from the repository's root (`swift run generate-docs`).
// GeneratedDocsTests fails until it has been run.
let root = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : FileManager.default.currentDirectoryPath
var changed = 0
do {
    for page in GeneratedDocs.pages {
        let path = root + "/" + page
        let old = try String(contentsOfFile: path, encoding: .utf8)
        let new = try GeneratedDocs.regenerate(old, path: page)
        guard new != old else { continue }
        try new.write(toFile: path, atomically: true, encoding: .utf8)
        print("generate-docs: wrote \(page)")
        changed += 1
    }
    if changed == 0 { print("generate-docs: every generated part of docs/ is up to date") }
} catch {
    FileHandle.standardError.write(Data("generate-docs: \(error)\n".utf8))
    exit(1)
}
