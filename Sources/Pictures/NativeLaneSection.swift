import NativeFindings
import PolicyCore
import PolicyRegistry
import Replay
import TurboRecording

/// One native policy's part of `render`'s picture of a native log: fed every record of the
/// log as it is read, it keeps its own lanes' marks, hands its findings and its decisions'
/// times to the picture's shared lanes (`NativeLanes`), and then says how its rows are drawn. The sections come from the registry (`NativeLaneSections`),
/// so the picture names no policy itself: a policy whose log is the native one and that has
/// no section here fails `NativeLaneSectionsTests`, and a new `PolicyID` stops the compiler at
/// `maker(for:)`. A section keeps at most `RenderLimits.maxMarks` marks a lane, never the log.
protocol NativeLaneSection: AnyObject {
    /// Where its rows sit among the other sections'.
    var band: NativeLaneBand { get }
    /// One record, in the log's order (its `meta` first), read from `path`.
    func feed(_ record: NativeRecord, path: String, lanes: inout NativeLanes) throws
    /// After the log's last record: what its analysis decides only at the end.
    func finish(lanes: inout NativeLanes) throws
    /// The log's end (`NativeLanes.span`): a span still open runs to it.
    func close(at end: Double)
    /// Its settings, in the picture's title line after the platform.
    var settings: [String] { get }
    /// Its counts, in the summary line before the findings'.
    var summary: [String] { get }
    /// The times its marks start and end at, which keep the axis from breaking there.
    var busy: [Double] { get }
    /// What it left out, lane by lane: "120 error-view decisions from 5000 ms".
    var leftOut: [String] { get }
    /// Its lanes, top to bottom, from the shared lanes as they are at the log's end.
    func rows(_ lanes: NativeLanes) -> [NativeLaneRow]
    /// Its marks over the connectivity lane (`y`, `height`), drawn after it.
    func drawOnConnectivity(_ chart: inout NativeChart, y: Double, height: Double)
}

extension NativeLaneSection {
    func close(at end: Double) {}
    var settings: [String] { [] }
    var summary: [String] { [] }
    var busy: [Double] { [] }
    var leftOut: [String] { [] }
    func rows(_ lanes: NativeLanes) -> [NativeLaneRow] { [] }
    func drawOnConnectivity(_ chart: inout NativeChart, y: Double, height: Double) {}
}

/// Where a section's rows go, top to bottom: a policy's lanes about the app as a whole (its
/// root screen) above those drawn one per surface (its error views). Within a band the
/// sections keep the registry's order.
enum NativeLaneBand: Int, Comparable {
    case app
    case surfaces

    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// One row of a native picture: its name in the margin, its height, the room under it, and
/// how it draws itself at a `y` (its marks may reach into the room above and below).
struct NativeLaneRow {
    var name: String
    var height: Double
    var gap: Double
    var draw: (inout NativeChart, Double) -> Void
}

/// The registry's policies as sections of a native picture.
enum NativeLaneSections {
    /// A section for each policy that has one, by band, in registry order within one.
    static func make(config: NativeConfig, limits: RenderLimits) -> [any NativeLaneSection] {
        let sections = PolicyDescription.all.compactMap { maker(for: $0.id)?(config, limits) }
        return sections.enumerated().sorted { ($0.element.band, $0.offset) < ($1.element.band, $1.offset) }.map(\.element)
    }

    /// What makes `policy`'s section, or `nil` for a policy not read from a native log alone.
    static func maker(for policy: PolicyID) -> ((NativeConfig, RenderLimits) -> any NativeLaneSection)? {
        switch policy {
        case .errorView: { ErrorViewLanes(config: $0, limits: $1) }
        case .launch: { LaunchLanes(config: $0, limits: $1) }
        case .archive: { ArchiveLanes(config: $0, limits: $1) }
        // The banner is drawn from the web log; an app session is two logs (`session --render`).
        case .banner, .session: nil
        }
    }
}

extension Lane {
    /// What the lane left out, as the picture says it ("120 mismatches from 5000 ms"); `nil`
    /// when nothing was.
    func leftOut(_ what: String) -> String? {
        elided > 0 ? "\(elided) \(what) from \(formatMilliseconds(elidedFrom ?? 0)) ms" : nil
    }
}
