import DetectorComposition
import Foundation

// Writes the banner detectors' composition (`BannerDetectors.swift`) from the detector files
// present, from the repository's root (`swift run compose-detectors [ROOT]`). It depends on no
// module of the package, so it builds whatever the detectors' folder holds: after a detector's
// file is added or removed, before the module compiles again. `script/refresh-docs` runs it,
// then `generate-docs`; GeneratedDetectorsTests fails until it has been run.
let usage = """
    usage: swift run compose-detectors [ROOT]

    Writes \(GeneratedDetectors.path) from the detector files beside it (each
    `struct NameDetector: BannerDetector` and its `static let reportOrder = N`), when it differs.
    ROOT is the repository's root (default: the current folder). Exit status: 0 written or up
    to date, 1 a detector file it cannot read, 64 a wrong argument.

    """
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("-h") || arguments.contains("--help") {
    print(usage, terminator: "")
    exit(0)
}
guard arguments.count <= 1, arguments.first?.hasPrefix("-") != true else {
    FileHandle.standardError.write(Data("compose-detectors: takes one argument, the repository's root; see --help\n".utf8))
    exit(64)
}
let root = arguments.first ?? FileManager.default.currentDirectoryPath

do {
    let folder = root + "/" + GeneratedDetectors.folder
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { name in
        (name: name, text: try String(contentsOfFile: folder + "/" + name, encoding: .utf8))
    }
    let old = files.first { $0.name == (GeneratedDetectors.path as NSString).lastPathComponent }?.text ?? ""
    let new = try GeneratedDetectors.composition(files)
    if new == old {
        print("compose-detectors: \(GeneratedDetectors.path) is up to date")
    } else {
        try new.write(toFile: root + "/" + GeneratedDetectors.path, atomically: true, encoding: .utf8)
        print("compose-detectors: wrote \(GeneratedDetectors.path)")
    }
} catch {
    FileHandle.standardError.write(Data("compose-detectors: \(error)\n".utf8))
    exit(1)
}
