import PolicyCore
import Testing

/// How a time prints: at most 3 decimals, no trailing zeros, every whole number exactly and
/// never in exponent form, however large.
@Suite("Milliseconds")
struct MillisecondsTests {
    @Test(
        "times print at most 3 decimals, rounded, without trailing zeros",
        arguments: [
            (816.0360000000001, "816.036"), (3509.0, "3509"), (0.5, "0.5"), (-12.25, "-12.25"), (0.0004, "0"), (1.9996, "2"),
        ])
    func ordinary(_ t: Double, _ printed: String) {
        #expect(formatMilliseconds(t) == printed)
    }

    @Test(
        "around 2^52 and 2^53 ms every whole number prints exactly, and halves where a double holds them",
        arguments: [
            (9_007_199_254_740_992, "9007199254740992"),  // 2^53
            (9_007_199_254_740_991, "9007199254740991"),  // 2^53 − 1
            (9_007_199_254_740_990, "9007199254740990"),
            (-9_007_199_254_740_991, "-9007199254740991"),
            (4_503_599_627_370_496, "4503599627370496"),  // 2^52
            (4_503_599_627_370_495.5, "4503599627370495.5"),  // 2^52 − 0.5: the last half a double holds
            (4_503_599_627_370.496, "4503599627370.496"),  // 2^52 thousandths
            (9_007_199_254_740.990234375, "9007199254740.99"),  // 2^53 thousandths: the double's own value
            (9_007_199_254_740.9921875, "9007199254740.992"),
            (2_251_799_813_685_247.75, "2251799813685247.75"),  // 2^51 − 0.25
        ] as [(Double, String)])
    func nearTheLimit(_ t: Double, _ printed: String) {
        #expect(formatMilliseconds(t) == printed)
    }

    @Test(
        "past 2^64 a double is a whole number: its shortest digits, padded with zeros, no exponent",
        arguments: [
            (18_446_744_073_709_551_616, "18446744073709552000"), (1e20, "100000000000000000000"), (-1e21, "-1000000000000000000000"),
            (18_446_744_073_709_549_568, "18446744073709549568"),  // the largest double under 2^64, exactly
        ] as [(Double, String)])
    func huge(_ t: Double, _ printed: String) {
        #expect(formatMilliseconds(t) == printed)
        #expect(!formatMilliseconds(t).contains("e"))
    }
}
