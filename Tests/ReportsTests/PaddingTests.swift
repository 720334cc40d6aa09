import Reports
import Testing

/// How every table lines its columns up: text padded on the right, numbers on the left, and
/// nothing cut when a cell is wider than its column.
@Suite("Padding")
struct PaddingTests {
    @Test("padded adds spaces after the text up to the width")
    func padded() {
        #expect("web".padded(6) == "web   ")
        #expect("".padded(3) == "   ")
        #expect("loading".padded(7) == "loading")
    }

    @Test("leftPadded adds spaces before the text up to the width")
    func leftPadded() {
        #expect("42".leftPadded(4) == "  42")
        #expect("".leftPadded(2) == "  ")
    }

    @Test("a cell wider than its column is kept whole, never cut")
    func wider() {
        #expect("offline view".padded(4) == "offline view")
        #expect("123456".leftPadded(4) == "123456")
        #expect("x".padded(0) == "x" && "x".leftPadded(-1) == "x")
    }

    @Test("width counts characters, not bytes: an accented or emoji label pads like any other")
    func characters() {
        #expect("señal".padded(7) == "señal  ")
        #expect("📶".leftPadded(3) == "  📶")
    }
}
