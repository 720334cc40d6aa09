import LaunchPolicy
import Testing

@Suite("Questions a test asks of a launch timeline")
struct QueryTests {
    @Test("screens, decisions and launch times, in order; each part describes itself as its line")
    func queries() {
        let timeline = LaunchPolicy.timeline(of: ContractExampleTests.records)
        #expect(timeline.screens == [.loading, .web, .loading, .error, .web, .offseason, .web, .loading])
        #expect(timeline.decisions.map(\.outcome) == [.ready, .ready, .stalled])
        #expect(timeline.launchTimes == [1840.5, 6500])
        #expect(timeline[4].screenChange?.cause == .presented(surface: "tab:home", view: .offline))
        #expect(timeline[4].decision == nil)
        #expect(timeline[4].screenChange?.description == #"{"t":30210,"screen":"error","cause":"presented","surface":"tab:home","view":"offline"}"#)
        #expect(timeline.last?.decision?.description == #"{"t":80000,"launch":"stalled","launchMs":10000}"#)
    }
}
