import OfflineBanner
import PolicyCore
import Replay
import Testing
import TurboRecording

@testable import BannerFindings
@testable import Fleet
@testable import NativeFindings
@testable import Pictures
@testable import Reports
@testable import TestSupport
@testable import VariantAnalysis

/// Each finding on the recording that shows it, and absent from the one where it must not fire.
@Suite struct FindingTests {
    // MARK: - online-lied

    @Test func onlineLiedOnAFailedVisitAndAFailedSubmission() throws {
        let found = try analyze("findings/online-lied").findings(.onlineLied)
        #expect(found.map(\.t) == [1260.5, 5010])
        #expect(found.map(\.lines) == [[2, 4], [2, 6]])
        let lied = try #require(found[0].detail(as: OnlineLied.self), "wrong detail")
        #expect(lied.request.target == "html")
        #expect(lied.onlineSince == 100)
    }

    @Test func onlineLiedNotWhenNavigatorSaidOffline() throws {
        let session = try analyze("findings/online-lied-absent")
        #expect(session.findings(.onlineLied).isEmpty)
        #expect(session.summary.toasts == 1)
    }

    @Test func aSubmissionThatDiedWithoutAFetchErrorIsItsOwnOnlineLied() throws {
        let session = try analyze(lines: [
            #"{"t":1,"type":"connect","online":true}"#,
            #"{"t":5,"type":"turbo:submit-start"}"#,
            #"{"t":9,"type":"turbo:submit-end","success":false,"action":"/notes","method":"POST"}"#,
        ])
        let found = session.findings(.onlineLied)
        #expect(found.count == 1)
        #expect(found.first?.lines == [1, 3])
        let request = try #require(found.first?.detail(as: OnlineLied.self)?.request, "wrong detail")
        #expect(request.via == "turbo:submit-end")
        #expect(request.url == "/notes")
    }

    @Test func onlineLiedAssumesOnlineBeforeAnyRecordSaysSo() throws {
        let session = try analyze(lines: [
            #"{"t":3,"type":"turbo:fetch-request-error","target":"turbo-frame#x"}"#
        ])
        #expect(session.findings(.onlineLied).map(\.lines) == [[1]])
    }

    // MARK: - stale-pill

    @Test func stalePillOnTheChromiumDeadUpstreamFrame() throws {
        let found = try analyze("chromium/dead-upstream-frame").findings(.stalePill)
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.t == 3547.6)
        #expect(finding.lines == [5, 6, 10])
        #expect(formatMilliseconds(finding.staleMs ?? 0) == "1620.5")
        let stale = try #require(finding.detail(as: StalePill.self), "wrong detail")
        #expect(stale.raisedAt == 1239.6)
        #expect(stale.raisedBy == .fetchRequestError)
        #expect(stale.evidence == "turbo:before-fetch-response")
        #expect(stale.responses == 2)  // the frame's fetch (its response and its load), the Visit's response
        #expect(stale.until == 5168.1)
        #expect(stale.clearedBy == .disconnect)
        #expect(stale.navigatorOnline)
    }

    @Test func stalePillStillUpWhenTheRecordingEnds() throws {
        let finding = try #require(try analyze("findings/stale-pill").findings(.stalePill).first)
        #expect(finding.t == 2710.3)
        let stale = try #require(finding.detail(as: StalePill.self), "wrong detail")
        #expect(stale.responses == 2)  // the submission's fetch (its response and its submit-end), the frame load
        #expect(stale.until == 9000)
        #expect(stale.clearedBy == nil)
        #expect(ReportJSON.finding(finding).contains(#""stillUpAtEnd":true"#))
    }

    @Test func noStalePillForResponsesBeforeThePillDuringTheGreenFlashOrFromTurbosCache() throws {
        let session = try analyze("findings/stale-pill-absent")
        #expect(session.findings.isEmpty)
        #expect(session.summary.pills.episodes?.map(\.cause) == [.offline, .offline, .connectOffline])
        #expect(session.events.contains { if case .observed(let step) = $0 { return step.role == .cachedLoad } else { return false } })
    }

    @Test func aTurboLoadAfterARestorationVisitThatGotAResponseIsEvidence() throws {
        let session = try analyze(lines: [
            #"{"t":1,"type":"connect","online":false}"#,
            #"{"t":2,"type":"turbo:visit","url":"/","action":"restore"}"#,
            #"{"t":3,"type":"turbo:before-fetch-response","statusCode":200,"target":"html"}"#,
            #"{"t":4,"type":"turbo:load"}"#,
        ])
        let finding = try #require(session.findings(.stalePill).first)
        let stale = try #require(finding.detail(as: StalePill.self), "wrong detail")
        #expect(stale.evidence == "turbo:before-fetch-response")
        #expect(stale.responses == 1)  // the Visit's response and the turbo:load that ends it are one fetch
        #expect(!stale.navigatorOnline)
    }

    @Test func responsesAreCountedPerFetch() throws {
        let session = try analyze(lines: [
            #"{"t":1,"type":"turbo:fetch-request-error","target":"turbo-frame#feed"}"#,
            #"{"t":2,"type":"turbo:before-fetch-response","statusCode":200,"target":"turbo-frame#feed"}"#,
            #"{"t":3,"type":"turbo:before-fetch-response","statusCode":200,"target":"turbo-frame#nav"}"#,
            #"{"t":4,"type":"turbo:frame-load","target":"turbo-frame#nav"}"#,  // completes the nav fetch
            #"{"t":5,"type":"turbo:frame-load","target":"turbo-frame#feed"}"#,  // completes the feed fetch
            #"{"t":6,"type":"turbo:frame-load","target":"turbo-frame#feed"}"#,  // no response before it: its own
            #"{"t":7,"type":"turbo:before-fetch-response","statusCode":422,"target":"form#composer"}"#,
            #"{"t":8,"type":"turbo:submit-end","success":false,"fetchResponse":{"statusCode":422}}"#,
            #"{"t":9,"type":"turbo:load"}"#,  // no Visit's response before it: its own
            #"{"t":10,"type":"disconnect"}"#,
        ])
        let stale = try #require(session.findings(.stalePill).first?.detail(as: StalePill.self), "no stale-pill")
        #expect(stale.responses == 5)
    }

    @Test func aResponseBeforeThePillDoesNotMakeItsFetchsCompletionCountTwice() throws {
        let session = try analyze(lines: [
            #"{"t":1,"type":"turbo:before-fetch-response","statusCode":200,"target":"turbo-frame#feed"}"#,
            #"{"t":2,"type":"turbo:fetch-request-error","target":"turbo-frame#nav"}"#,
            #"{"t":3,"type":"turbo:frame-load","target":"turbo-frame#feed"}"#,  // rendered while the pill is up: evidence
            #"{"t":4,"type":"turbo:before-fetch-response","statusCode":200,"target":"turbo-frame#nav"}"#,
            #"{"t":5,"type":"turbo:frame-load","target":"turbo-frame#nav"}"#,
        ])
        let stale = try #require(session.findings(.stalePill).first?.detail(as: StalePill.self), "no stale-pill")
        #expect(stale.evidence == "turbo:frame-load")
        #expect(stale.responses == 2)
    }

    // MARK: - relabelled-toast

    @Test func relabelledToastWhenALaterFailureReplacesTheMessage() throws {
        let found = try analyze("findings/relabelled-toast").findings(.relabelledToast)
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.t == 2507.2)
        #expect(finding.lines == [6, 7])
        let relabel = try #require(finding.detail(as: RelabelledToast.self), "wrong detail")
        #expect(relabel.label == "No se ha podido enviar. Tu texto sigue aquí…")
        #expect(relabel.replacedAt == 3800.5)
        #expect(relabel.relabelledTo == "Sin conexión")
        #expect(relabel.request.target == "turbo-frame#feed")
        #expect(ReportJSON.finding(finding).contains(#""shownMs":1293.3"#))
        #expect(finding.sentence.contains("was on the pill for 1293.3 ms"))
    }

    @Test func noRelabelledToastForADyingSubmissionsOwnFetchErrorOrAnotherPill() throws {
        let session = try analyze("findings/relabelled-toast-absent")
        #expect(session.findings.isEmpty)
        #expect(session.summary.toasts == 2)
    }

    @Test func aFormFailureWhoseSubmissionGetsNoToastStillRelabels() throws {
        let session = try analyze(lines: [
            #"{"t":1,"type":"offline"}"#,
            #"{"t":900,"type":"turbo:submit-end","success":false}"#,
            #"{"t":1000,"type":"turbo:fetch-request-error","target":"form#search"}"#,
            #"{"t":1001,"type":"turbo:submit-end","success":false,"fetchResponse":{"statusCode":503}}"#,
        ])
        #expect(session.findings(.relabelledToast).map(\.lines) == [[2, 3]])
    }

    @Test func aPrefetchThatRelabelsTheToastIsBothFindings() throws {
        let session = try analyze("findings/prefetch-pill")
        #expect(session.findings(.relabelledToast).map(\.t) == [3011])
        #expect(session.findings(.prefetchPill).count == 2)
    }

    // MARK: - flap-suppressed

    @Test func flapSuppressedWithHowLongTheRadioWasDown() throws {
        let found = try analyze("findings/flap-suppressed").findings(.flapSuppressed)
        #expect(found.map(\.t) == [1000, 3000])
        #expect(found.map(\.lines) == [[3, 4], [5, 6]])
        #expect(
            found.map { $0.detail(as: FlapSuppressed.self).map { formatMilliseconds($0.downMs) } ?? "" } == ["450.5", "799.9"])
    }

    @Test func flapSuppressedThreeTimesOnTheChromiumFlap() throws {
        #expect(try analyze("chromium/flap-short").findings(.flapSuppressed).count == 3)
    }

    @Test func noFlapWhenOnlineComesAsTheDebounceFiresOrAFetchErrorCancelsIt() throws {
        let session = try analyze("findings/flap-suppressed-absent")
        #expect(session.findings(.flapSuppressed).isEmpty)
        #expect(session.findings.isEmpty)
    }

    @Test func flapFollowsTheDoubleArithmeticOfTheContract() throws {
        // 16.036 + 800 is 816.0360000000001: an online at 816.036 comes first and cancels it.
        let session = try analyze(lines: [
            #"{"t":16.036,"type":"offline"}"#,
            #"{"t":816.036,"type":"online"}"#,
        ])
        #expect(session.findings(.flapSuppressed).count == 1)
        #expect(session.summary.pills.isEmpty)
    }

    // MARK: - prefetch-pill

    @Test func prefetchPillRaisedAndRelabelled() throws {
        let found = try analyze("findings/prefetch-pill").findings(.prefetchPill)
        #expect(found.map(\.t) == [2400, 4000])
        #expect(found.map(\.lines) == [[3], [7]])
        let relabelled = found.map { $0.detail(as: PrefetchPill.self)?.relabelled }
        #expect(relabelled == [false, true])
    }

    @Test func noPrefetchPillWhenItChangesNothingOrTheTargetIsNotALink() throws {
        let session = try analyze("findings/prefetch-pill-absent")
        #expect(session.findings(.prefetchPill).isEmpty)
        // The Chromium recording's a#page2 failure comes while the pill already shows its text.
        #expect(try analyze("chromium/restore-from-cache-offline").findings.isEmpty)
    }

    @Test func linkTargets() {
        #expect(BannerAnalyzer.isLink("a"))
        #expect(BannerAnalyzer.isLink("a#page2"))
        #expect(!BannerAnalyzer.isLink("aside#related"))
        #expect(!BannerAnalyzer.isLink("html"))
        #expect(!BannerAnalyzer.isLink("turbo-frame#a"))
    }

    /// Read as bytes for speed, these must say what the prefix tests on characters say, also
    /// where a combining mark makes `a#` or `form` another character.
    @Test(arguments: [
        "a", "a#", "a#page2", "a.nav", "a[href]", "a\u{301}", "a#\u{301}x", "a.\u{300}", "aside", "", "A#x", "á#x",
        "form", "form#new_post", "forms", "form\u{301}#x", "fórm", "for", "formé", "f", "turbo-frame#form",
    ])
    func targetPrefixesAsCharacters(_ target: String) {
        #expect(BannerAnalyzer.isLink(target) == (target == "a" || target.hasPrefix("a#") || target.hasPrefix("a.") || target.hasPrefix("a[")))
        #expect(BannerAnalyzer.isFormTarget(target) == target.hasPrefix("form"))
    }

    // MARK: - reload-offline

    @Test func reloadOfflineNamesTheVisit() throws {
        let found = try analyze("findings/reload-offline").findings(.reloadOffline)
        #expect(found.map(\.t) == [1532])
        #expect(found.map(\.lines) == [[3, 5]])
        #expect(found.first?.detail(as: ReloadOffline.self) == ReloadOffline(url: "/reports/2026"))
    }

    @Test func noReloadOfflineForAnotherReason() throws {
        #expect(try analyze("findings/reload-offline-absent").findings.isEmpty)
    }

    // MARK: - emulated-online

    @Test func emulatedOnlineOnTheCopiedChromiumLines() throws {
        // Lines of chromium/offline-visit-full-reload as captured: online 46.5 ms before the unload.
        let found = try analyze("findings/emulated-online").findings(.emulatedOnline)
        #expect(found.map(\.t) == [2121.4])
        #expect(found.map(\.lines) == [[10, 11]])
        #expect(found.first?.detail(as: EmulatedOnline.self) == EmulatedOnline(unloadAt: 2167.9, flash: true))
        #expect(found.first?.level == .info)
        let sentence = try #require(found.first?.sentence)
        #expect(sentence.contains("46.5 ms before the page unloaded (pagehide at 2167.9)"))
        #expect(sentence.contains("a real network rarely returns in the 100 ms before a page unloads"))
        #expect(sentence.contains("disbelieve the back-online flash it started; it may be genuine"))
    }

    @Test func emulatedOnlineAtExactly100msWithNoPillUp() throws {
        let session = try analyze(lines: [
            #"{"t":10,"type":"connect","online":true}"#,
            #"{"t":400,"type":"online"}"#,
            #"{"t":500,"type":"pagehide","persisted":false}"#,
        ])
        let found = session.findings(.emulatedOnline)
        #expect(found.map(\.lines) == [[2, 3]])
        #expect(found.first?.detail(as: EmulatedOnline.self) == EmulatedOnline(unloadAt: 500, flash: false))
        #expect(found.first?.sentence.contains("disbelieve that the network came back") == true)
    }

    @Test func emulatedOnlineTakesTheLastOnlineSinceTheLastOffline() throws {
        let session = try analyze(lines: [
            #"{"t":0,"type":"offline"}"#,
            #"{"t":100,"type":"online"}"#,
            #"{"t":900,"type":"online"}"#,
            #"{"t":950,"type":"pagehide"}"#,
        ])
        #expect(session.findings(.emulatedOnline).map(\.lines) == [[3, 4]])
    }

    @Test func noEmulatedOnlineInTheNearMisses() throws {
        // 101 ms; an offline between; a pagehide that keeps the page.
        #expect(try analyze("findings/emulated-online-absent").findings(.emulatedOnline).isEmpty)
        let late = try analyze(lines: [#"{"t":0,"type":"online"}"#, #"{"t":100.5,"type":"pagehide"}"#])
        #expect(late.findings(.emulatedOnline).isEmpty)
        let offlineBetween = try analyze(lines: [
            #"{"t":0,"type":"online"}"#, #"{"t":20,"type":"offline"}"#, #"{"t":40,"type":"pagehide"}"#,
        ])
        #expect(offlineBetween.findings(.emulatedOnline).isEmpty)
        let persisted = try analyze(lines: [#"{"t":0,"type":"online"}"#, #"{"t":40,"type":"pagehide","persisted":true}"#])
        #expect(persisted.findings(.emulatedOnline).isEmpty)
    }

    @Test func aPersistedPagehideKeepsTheDocumentAndItsOnline() throws {
        // Only an offline between stops it: the document kept in the back-forward cache is the
        // one that unloads 90 ms after its online.
        let session = try analyze(lines: [
            #"{"t":0,"type":"online"}"#, #"{"t":40,"type":"pagehide","persisted":true}"#, #"{"t":90,"type":"pagehide"}"#,
        ])
        #expect(session.findings(.emulatedOnline).map(\.lines) == [[1, 3]])
    }

    // MARK: - Everything else stays quiet

    @Test func quietChromiumRecordingsHaveNoFindings() throws {
        for name in ["airplane-mid-session", "offline-form-submit", "server-422-submit", "success-submit"] {
            #expect(try analyze("chromium/" + name).findings.isEmpty, "\(name)")
        }
    }

    /// The ids configs, scripts and partials name never change: each is still a finding, and
    /// reports list them in this order. A new finding joins them without an edit here; one
    /// renamed, removed or moved fails.
    @Test func findingIdsAreStable() {
        let stable = [
            "online-lied", "stale-pill", "flap-suppressed", "prefetch-pill", "reload-offline",
            "relabelled-toast", "emulated-online", "banner-drift",
        ]
        let ids = BannerFinding.Kind.allCases.map(\.id)
        #expect(ids.filter(stable.contains) == stable, "\(ids)")
        #expect(Set(ids).count == ids.count)
    }
}
