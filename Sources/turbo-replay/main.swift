import TurboRecording
import TurboReplayCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The arguments as the tool keeps paths (`PathBytes`): from `argv`'s bytes, since
/// `CommandLine.arguments` repairs a name that is not UTF-8 into one that names no file.
let arguments = (1..<Int(CommandLine.argc)).map { PathBytes.name(cString: CommandLine.unsafeArgv[$0]!) }
exit(CLI.run(arguments, console: Console()).rawValue)
