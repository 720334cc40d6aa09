import AppSession
import NativeErrorPolicy
import OfflineBanner
import Testing

/// `session` holds the same at N and 10·N records of a pair of flapping logs (bench/shapes.py's
/// `session-flaps` and `session-flaps-native`, whose clocks drift apart): the lines waiting in
/// the merge, the measurer's pending drop or edge. Counted, never timed.
@Suite("The streamed session does not grow with the logs")
struct SessionGrowthTests {
    /// The page's network flaps under a page that stays connected, and the app's path flaps
    /// on the same clock, a little before the page's and a little slower.
    static func flaps(_ cycles: Int) -> (web: [(Double, BannerInput?)], native: [(Double, PolicyInput?)]) {
        var web: [(Double, BannerInput?)] = [(10, .connect(context: nil, online: true))]
        var native: [(Double, PolicyInput?)] = []
        var (w, n) = (10.0, 10.0)
        for i in 1...cycles {
            w += 400
            web.append((w, .offline))
            w += 900 + Double(i % 3) * 300
            web.append((w, .online))
            n += 300
            native.append((n, .path(online: false)))
            n += 1100 + Double(i % 3) * 300
            native.append((n, .path(online: true)))
        }
        return (web, native)
    }

    @Test("the merge's queues and the measurer's state are the same at N and 10·N records")
    func flat() {
        func held(_ cycles: Int) -> (waiting: Int, measurer: Int, lines: Int) {
            let (web, native) = Self.flaps(cycles)
            let streamed = Pair.stream(
                web: web[...], native: native[...], offset: 0, settings: SessionSettings(), banner: BannerSettings(), cut: (false, false))
            return (streamed.mostWaiting, streamed.mostHeld, streamed.lines.count)
        }
        let small = held(500), large = held(5000)
        #expect(large.lines > 9 * small.lines)
        #expect(small.waiting == large.waiting)
        #expect(small.waiting <= 8)
        #expect(small.measurer == large.measurer)
    }
}
