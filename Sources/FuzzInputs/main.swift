#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Built by fuzz/run with -sanitize=fuzzer and -DFUZZING, libFuzzer's driver runs the oracles
// over mutated inputs; it is called from this `main`, since SwiftPM links an executable's own.
// A plain `swift build` has no libFuzzer: the program then runs each file it is given once.
#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(
    llvmFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzInputs(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    })
#else
exit(runOnce(Array(CommandLine.arguments.dropFirst())))
#endif
