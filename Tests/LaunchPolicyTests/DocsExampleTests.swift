import LaunchPolicy
import NativeErrorPolicy
import Testing

/// docs/launch.md's test, as it is printed there: if it stops compiling or passing, so does this.
@Test func aColdBootOfflineShowsTheRootErrorScreen() {
    var launch = LaunchPolicy()  // iOS classification, 10000 ms stall
    launch.send(.launch(cold: true), at: 0)
    #expect(launch.screen == .loading && launch.nextDue == 10000)
    launch.send(.presented(surface: "tab:home", error: .web(.code(-1009))), at: 310.5)
    #expect(launch.screen == .error)  // not a loading screen forever
    #expect(
        launch.send(.pageLoadConnect, at: 9050.5) == [
            .screen(ScreenChange(t: 9050.5, screen: .web, cause: .pageLoad)),
            .launch(LaunchDecision(t: 9050.5, outcome: .ready, launchMs: 9050.5)),
        ])
}
