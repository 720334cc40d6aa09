import Glibc

// libFuzzer's driver, called from our own `main`: SwiftPM links an executable target's main
// under its own name, so libFuzzer's `main` cannot be used as it is. Linked from libFuzzer
// by `-sanitize=fuzzer` (see fuzz/run).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzReplay(data, size) })
