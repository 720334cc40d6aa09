import Foundation
import PolicyRegistry

// Writes the parts of docs/ made from the findings' declarations (`GeneratedDocs`): each
// policy's table of findings and the banner's JSON fields. Run it from the repository's root
// (`swift run generate-docs`) after `compose-detectors`, as `script/refresh-docs` does;
// GeneratedDocsTests fails until it has been run.
let root = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : FileManager.default.currentDirectoryPath

do {
    var changed = 0
    for page in GeneratedDocs.pages {
        let old = try String(contentsOfFile: root + "/" + page, encoding: .utf8)
        let new = try GeneratedDocs.regenerate(old, path: page)
        guard new != old else { continue }
        try new.write(toFile: root + "/" + page, atomically: true, encoding: .utf8)
        print("generate-docs: wrote \(page)")
        changed += 1
    }
    if changed == 0 { print("generate-docs: every generated page is up to date") }
} catch {
    FileHandle.standardError.write(Data("generate-docs: \(error)\n".utf8))
    exit(1)
}
