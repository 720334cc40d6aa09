import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output that would replace one of the command's own inputs (`render X -o X`, `tune X
/// --plot X`) is refused before anything is read: the recording would be lost to its own
/// picture. Two names are the same file when they are the same inode, whatever the spelling
/// (`./x`, `x`, a link); an output that does not exist yet cannot be an input.
func refuseOutput(_ output: String, overwriting inputs: [String], option: Option, command: String) throws {
    guard !output.isEmpty else {
        throw UsageError(message: "'\(option.spelling)' needs a file name (or - for standard output)", command: command)
    }
    guard output != "-", let target = identity(of: output) else { return }
    for input in inputs where identity(of: input) == target {
        let which = input == "-" ? "standard input" : input == output ? "the input itself" : "the same file as the input \(input)"
        throw UsageError(
            message: "\(option.spelling) \(output) is \(which): writing it would replace the recording; choose another file",
            command: command)
    }
}

/// Standard input's file, when it is one (`render - -o FILE < FILE`), is an input too.
private func identity(of path: String) -> [UInt64]? {
    var info = stat()
    guard (path == "-" ? fstat(STDIN_FILENO, &info) : withFileSystemPath(path, { stat($0, &info) })) == 0 else { return nil }
    guard path != "-" || (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return [UInt64(info.st_dev), UInt64(info.st_ino)]
}
