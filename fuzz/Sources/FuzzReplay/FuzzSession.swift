import AppSession
import NativeErrorPolicy
import OfflineBanner
import Replay
import TurboRecording

/// The input as one app session: up to the first line that says `"recording":"native"`, the
/// page's recording; from it, the app's log; read leniently, replayed each by its own policy,
/// and merged on one clock (a fixed Δ, so no `startedAt` is needed). What must hold: the
/// merged timeline is in time order and every line is JSON; each latency is 0 or more; each
/// finding's anchor is a drop or an edge of the session.
func fuzzSession(_ bytes: [UInt8]) {
    let marker = Array(#""recording":"native""#.utf8)
    let all = lines(of: bytes)
    guard let nativeStart = all.firstIndex(where: { contains(Array($0), marker) }) else { return }
    let webBytes = Array(all[..<nativeStart].joined(separator: [0x0A]))
    let nativeBytes = Array(all[nativeStart...].joined(separator: [0x0A]))

    var web = WebSessionLog()
    let webReader = RecordingReader(lines: JSONLines(bytes: webBytes, name: "web"), lenient: true, keepObserved: false)
    try? webReader.forEach { record in
        switch record.event {
        case .meta: break
        case .input(let t, let input): web.feed(input, at: t)
        case .observed(let t, _), .passing(let t), .marker(let t, _): web.feed(nil, at: t)
        case .seen(let seen): web.feed(nil, at: seen.t)
        case .render(let render): web.feed(nil, at: render.t)
        }
    }
    web.finish()

    let nativeReader = NativeRecordingReader(lines: JSONLines(bytes: nativeBytes, name: "native"), lenient: true)
    var native: NativeSessionLog?
    while let record = try? nativeReader.next() {
        switch record.event {
        case .meta(let meta): native = NativeSessionLog(settings: PolicySettings(platform: meta.platform ?? .ios))
        case .timed(let t, let event): native?.feed(event.retryInput, at: t)
        }
    }
    guard var native else { return }
    native.finish()

    let session = AppSession(web: web, native: native, offset: -1000)
    requireOrderedJSON(session.lines.map { ($0.t, $0.jsonLine) })
    for line in session.findings.map(\.jsonLine) + [session.summary.jsonLine] {
        require(JSONValue(parsing: line) != nil, "a session line is not JSON", line)
    }
    for drop in session.drops {
        if let latency = drop.dropToPill { require(latency >= 0, "a negative dropToPill", drop) }
    }
    let anchors = Set(session.drops.map(\.t) + session.edges.map(\.t))
    for finding in session.findings {
        require(anchors.contains(finding.anchor), "a finding anchored at neither a drop nor an edge", finding)
        if let latency = finding.latencyMs { require(latency >= 0, "a negative latency", finding) }
    }
}
