import OfflineBanner
import Testing

/// A timeline line is written from literals, one per state, cause and reason (the replay's
/// hot path); each must spell its `rawValue` or `name` as the contract's table does.
@Suite("Timeline lines")
struct TimelineJSONTests {
    @Test("each banner state's member spells its raw value", arguments: [BannerState.hidden, .offline, .backOnline])
    func state(_ state: BannerState) {
        #expect(state.jsonMember.description == #","banner":"\#(state.rawValue)""#)
    }

    @Test(
        "each cause's member spells its raw value and closes the line",
        arguments: [
            BannerCause.offline, .online, .flashElapsed, .fetchRequestError, .submitFailed, .connect, .connectOffline,
            .disconnect, .pagehide, .response,
        ])
    func cause(_ cause: BannerCause) {
        #expect(cause.jsonMember.description == #","cause":"\#(cause.rawValue)"}"#)
    }

    @Test(
        "a silent decision's line spells its reason's name",
        arguments: [SubmitDecision.SilentReason.success, .disconnected, .serverResponse(status: nil), .serverResponse(status: 422)])
    func silent(_ reason: SubmitDecision.SilentReason) {
        let status = if case .serverResponse(let status?) = reason { #","status":\#(status)"# } else { "" }
        let line = TimelineRecord.submit(SubmitDecision(t: 816.0360000000001, outcome: .silent(reason))).jsonLine
        #expect(line == #"{"t":816.036,"submit":"silent","reason":"\#(reason.name)"\#(status)}"#)
    }

    @Test("a banner line: its time, state, label escaped, and cause")
    func banner() {
        let line = TimelineRecord.banner(BannerChange(t: -0.5, banner: .offline, label: #"say "hi""#, cause: .submitFailed)).jsonLine
        #expect(line == #"{"t":-0.5,"banner":"offline","label":"say \"hi\"","cause":"submit-failed"}"#)
    }
}
