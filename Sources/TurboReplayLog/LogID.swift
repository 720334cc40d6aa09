/// A log's own id, written as its `meta`'s `session`: 32 lowercase hex digits, fresh for each
/// fresh file (a first launch, a file a rotation begins), kept by a relaunch that goes on in
/// the same file. The collector stores a log's upload under it.
public struct LogID: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Its characters in a `meta`.
    static let length = 32

    /// `0123456789abcdef0123456789abcdef`.
    public var text: String {
        hex(high) + hex(low)
    }

    public var description: String { text }

    /// The id a `meta` names; nil for anything but 32 lowercase hex digits.
    init?(text: some Collection<UInt8>) {
        guard text.count == Self.length else { return nil }
        var halves: [UInt64] = [0, 0]
        for (index, byte) in text.enumerated() {
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            halves[index / 16] = halves[index / 16] << 4 | UInt64(digit)
        }
        self.init(high: halves[0], low: halves[1])
    }
}

private func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}

/// Where a logger's fresh ids come from. The default is the system's random generator; a test,
/// or the shared script both loggers run, gives its own so that the bytes are known.
public protocol LogIDSource: Sendable {
    func next() -> LogID
}

/// 128 bits from the system's cryptographic random generator (`arc4random_buf` on Darwin,
/// `getrandom` on Linux).
public struct RandomLogIDs: LogIDSource {
    public init() {}

    public func next() -> LogID {
        var generator = SystemRandomNumberGenerator()
        return LogID(high: generator.next(), low: generator.next())
    }
}
