import OfflineBanner
import Replay
import TurboRecording

/// The `banner-drift` findings held until the end of a recording, when its fit is known: one
/// per pill episode with a difference, on disk (an unnamed temporary file), so a page wrong in
/// every episode of a day-long log costs disk, not memory. The first `inMemory` are held in
/// memory (a recording of ordinary length never touches the disk); past them each is three
/// spool lines: the difference's numbers (times as their bits, so they come back exact), then
/// the two texts. Without a temporary file they are all held in memory.
final class HeldDrift: @unchecked Sendable {
    // One detector owns it and feeds it from one thread; `@unchecked` only because the spool
    // is a class over a C file.
    static let inMemory = 4096
    private lazy var spool = LineSpool.ifPossible()
    private var memory: [(difference: SeenDifference, lines: [Int])] = []
    private(set) var count = 0

    func append(_ difference: SeenDifference, lines: [Int]) {
        count += 1
        guard memory.count >= Self.inMemory, let spool else { return memory.append((difference, lines)) }
        let fields: [String] = [
            difference.kind.rawValue, String(difference.t.bitPattern, radix: 16), difference.cause?.rawValue ?? "",
            difference.expected.visible ? "1" : "0", difference.shown.visible ? "1" : "0",
            difference.shownAt.map { String($0.bitPattern, radix: 16) } ?? "", String(difference.episode),
            lines.map(String.init).joined(separator: ","),
        ]
        spool.write(fields.joined(separator: "|"))
        spool.write(difference.expected.text)
        spool.write(difference.shown.text)
    }

    /// The held findings, one at a time, in the order they were held: the analyzer hands them on
    /// a batch at a time, so a page wrong in every episode is never all in memory at once.
    func reading() -> Reader { Reader(held: self) }

    /// `@unchecked` for the same reason as the class: one detector reads it, on one thread.
    struct Reader: @unchecked Sendable {
        fileprivate let held: HeldDrift
        private var index = 0
        private var spooled: LineSpool.Reader?
        private var opened = false

        fileprivate init(held: HeldDrift) { self.held = held }

        /// The next held finding, or nil after the last; throws when the temporary file cannot
        /// be read back.
        mutating func next() throws -> (SeenDifference, [Int])? {
            if index < held.memory.count {
                defer { index += 1 }
                return held.memory[index]
            }
            if !opened {
                opened = true
                guard held.count > held.memory.count, let spool = held.spool else { return nil }
                spooled = try spool.reading()
            }
            guard var reader = spooled else { return nil }
            defer { spooled = reader }
            guard let head = try reader.next(), let expected = try reader.next(), let shown = try reader.next() else {
                spooled = nil
                return nil
            }
            let fields = head.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 8, let kind = SeenDifference.Kind(rawValue: fields[0]), let t = UInt64(fields[1], radix: 16),
                let episode = Int(fields[6])
            else { throw Scratch.failure(.read, code: 0) }
            let difference = SeenDifference(
                kind: kind, t: Double(bitPattern: t), expected: ShownBanner(visible: fields[3] == "1", text: expected),
                cause: fields[2].isEmpty ? nil : BannerCause(rawValue: fields[2]),
                shown: ShownBanner(visible: fields[4] == "1", text: shown),
                shownAt: fields[5].isEmpty ? nil : UInt64(fields[5], radix: 16).map(Double.init(bitPattern:)), episode: episode)
            return (difference, fields[7].isEmpty ? [] : fields[7].split(separator: ",").compactMap { Int($0) })
        }
    }
}
