import Foundation

/// `t` to one decimal as printf's `%.1f` writes it, without a trailing `.0`: how the
/// generators print a time. glibc's printf itself, not `String(format:)`, which makes an
/// NSString for each of the hundreds of thousands of times the suites generate.
func tenths(_ t: Double) -> String {
    var buffer = [CChar](repeating: 0, count: 512)
    let count = withVaList([t]) { vsnprintf(&buffer, buffer.count, "%.1f", $0) }
    precondition(count > 0 && Int(count) < buffer.count, "\(t) does not print in \(buffer.count) bytes")
    let text = String(decoding: buffer[..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}
