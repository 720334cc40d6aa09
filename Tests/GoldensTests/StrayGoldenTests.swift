import Foundation
import Goldens
import PolicyRegistry
import Synchronization
import Testing
import TurboRecording

@testable import TestSupport

/// No silent goldens: what `check` finds under its paths besides the recordings.
@Suite("Stray goldens")
struct StrayGoldenTests {
    static let recording = "{\"t\":0,\"type\":\"offline\"}\n"
    static let golden = #"{"t":800,"banner":"offline","label":"Sin conexión","cause":"offline"}"# + "\n"

    static func directory(_ names: [String]) throws -> String {
        let directory = try Fixtures.scratchDirectory()
        for name in names {
            try (name.hasSuffix(".expected.jsonl") ? golden : recording).write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
        }
        return directory
    }

    @Test("a golden with no recording is a stray that names the missing recording")
    func ghost() throws {
        let directory = try Self.directory(["a.jsonl", "a.expected.jsonl", "ghost.expected.jsonl", "gone.launch.expected.jsonl"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let survey = try GoldenCase.survey(in: [directory])
        #expect(survey.cases == [GoldenCase(recording: directory + "/a.jsonl")])
        #expect(
            survey.strays == [
                StrayGolden(path: directory + "/ghost.expected.jsonl", problem: .noRecording(recording: directory + "/ghost.jsonl")),
                StrayGolden(path: directory + "/gone.launch.expected.jsonl", problem: .noRecording(recording: directory + "/gone.jsonl")),
            ])
        #expect(survey.strays[0].message.contains("there is no \(directory)/ghost.jsonl"))
    }

    @Test("a ghost golden named on the command line is a stray too, not an unreadable recording")
    func ghostGiven() throws {
        let directory = try Self.directory(["ghost.expected.jsonl"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let survey = try GoldenCase.survey(in: [directory + "/ghost.expected.jsonl"])
        #expect(survey.cases.isEmpty)
        #expect(survey.strays.map(\.problem) == [.noRecording(recording: directory + "/ghost.jsonl")])
    }

    @Test(
        "a name within two edits of a golden's suffix gets the expected spelling, and is not replayed",
        arguments: [
            ("other.expeted.jsonl", "other.expected.jsonl"),
            ("other.expectd.jsonl", "other.expected.jsonl"),
            ("other.exepcted.jsonl", "other.expected.jsonl"),
            ("other.expected.json", "other.expected.jsonl"),
            ("other.expected.jsnl", "other.expected.jsonl"),
            ("other.launch.expcted.jsonl", "other.launch.expected.jsonl"),
            ("other.expected.launch.jsonl", "other.launch.expected.jsonl"),
            ("other.expected.recover-on-response.jsonl", "other.recover-on-response.expected.jsonl"),
            ("other.expected-old.jsonl", "other.expected.jsonl"),
            ("other.expected.v2.jsonl", "other.expected.jsonl"),
        ])
    func misspelled(name: String, suggestion: String) throws {
        let directory = try Self.directory(["other.jsonl", name])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let survey = try GoldenCase.survey(in: [directory])
        #expect(survey.cases == [GoldenCase(recording: directory + "/other.jsonl")])
        #expect(survey.strays == [StrayGolden(path: directory + "/" + name, problem: .misspelled(suggestion: directory + "/" + suggestion))])
    }

    @Test(
        "names far from a golden's are left alone",
        arguments: [
            "a.jsonl", "expected.jsonl", "unexpected.jsonl", "a.config.json", "README.md", "a.expected.jsonl.bak", "a.selected.jsonl",
        ])
    func notMisspelled(name: String) throws {
        let directory = try Self.directory(["a.jsonl", "a.expected.jsonl", name])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try GoldenCase.survey(in: [directory]).strays == [])
    }

    @Test("a golden whose middle part names no timeline or variant says which it may be, the nearest first")
    func unknownPart() throws {
        let directory = try Self.directory([
            "a.jsonl", "a.expected.jsonl", "a.sesion.expected.jsonl", "a.recover-on-response.expected.jsonl",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let survey = try GoldenCase.survey(in: [directory])
        #expect(survey.strays.count == 1)
        guard case .unknownTimeline(let recording, let part, let known)? = survey.strays.first?.problem else {
            Issue.record("\(survey.strays)"); return
        }
        #expect(recording == directory + "/a.jsonl" && part == "sesion")
        #expect(known == ["a.session.expected.jsonl", "a.expected.jsonl", "a.seen.expected.jsonl", "a.recover-on-response.expected.jsonl"])
    }

    static let nativeRecording = #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"# + "\n"

    @Test(
        "a golden of the other kind of recording is a stray: nothing would ever compare it",
        arguments: [
            ("web", "launch"), ("web", "archive"), ("web", "probe-once"),
            ("native", "session"), ("native", "seen"), ("native", "recover-on-response"),
        ])
    func otherKind(kind: String, part: String) throws {
        let directory = try Self.directory(["a.\(part).expected.jsonl"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try (kind == "native" ? Self.nativeRecording : Self.recording).write(toFile: directory + "/a.jsonl", atomically: false, encoding: .utf8)
        let survey = try GoldenCase.survey(in: [directory])
        guard case .otherKind(let recording, let found, let named, let known)? = survey.strays.first?.problem, survey.strays.count == 1
        else {
            Issue.record("\(survey.strays)"); return
        }
        #expect(recording == directory + "/a.jsonl" && named == part)
        #expect(found == (kind == "native" ? .native : .web))
        // The timelines after the first are the registry's policies of that kind; the rest,
        // the page's known differences and the variants, are the golden check's own.
        let timelines = PolicyDescription.all.filter { $0.goldenBeside == found && !$0.goldenSuffix.isEmpty }.map(\.goldenSuffix)
        // Those of today's policies among them, by name: a new policy adds to them, none leaves.
        #expect(Set(kind == "native" ? ["launch", "archive"] : ["session"]).isSubset(of: timelines), "\(timelines)")
        let own = timelines + (kind == "native" ? ["probe-once"] : ["seen", "recover-on-response"])
        #expect(known == ["a.expected.jsonl"] + own.map { "a.\($0).expected.jsonl" })
        #expect(survey.strays[0].message.contains("so it would never be compared"))
    }

    @Test("each kind's own goldens are no strays: launch, archive and probe-once beside a native log")
    func ownKind() throws {
        let directory = try Self.directory(["a.launch.expected.jsonl", "a.archive.expected.jsonl", "a.probe-once.expected.jsonl"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.nativeRecording.write(toFile: directory + "/a.jsonl", atomically: false, encoding: .utf8)
        #expect(try GoldenCase.survey(in: [directory]).strays == [])
    }

    @Test("a session golden with no app's log beside its web recording is a stray, not a silent pass")
    func sessionWithoutNativeLog() throws {
        let directory = try Self.directory(["a.jsonl", "a.expected.jsonl", "a.session.expected.jsonl"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let survey = try GoldenCase.survey(in: [directory])
        #expect(
            survey.strays == [
                StrayGolden(
                    path: directory + "/a.session.expected.jsonl", problem: .noSessionLog(native: directory + "/a.native.jsonl", why: .missing))
            ])
        #expect(survey.strays[0].message.contains("there is no \(directory)/a.native.jsonl"))
        // A web recording where the app's log should be is no session either.
        try Self.recording.write(toFile: directory + "/a.native.jsonl", atomically: false, encoding: .utf8)
        #expect(try GoldenCase.survey(in: [directory]).strays.map(\.problem) == [.noSessionLog(native: directory + "/a.native.jsonl", why: .notANativeLog)])
        try Self.nativeRecording.write(toFile: directory + "/a.native.jsonl", atomically: false, encoding: .utf8)
        #expect(try GoldenCase.survey(in: [directory]).strays == [])
    }

    /// Runs `body` with a FIFO at each of `fifos`; fails, rather than hangs, when `body` opens
    /// one (a FIFO's reader waits for a writer): after 5 s a writer comes and goes, which lets
    /// the reader through to an empty file.
    static func withFIFOs(_ fifos: [String], _ body: @escaping @Sendable () throws -> Void) throws {
        for fifo in fifos { #expect(mkfifo(fifo, 0o644) == 0) }
        let done = DispatchSemaphore(value: 0)
        let failure = Mutex<String?>(nil)
        Thread.detachNewThread {
            do { try body() } catch { failure.withLock { $0 = "\(error)" } }
            done.signal()
        }
        if done.wait(timeout: .now() + 5) == .timedOut {
            Issue.record("a FIFO was opened: the check waited on it")
            for fifo in fifos {
                let fd = open(fifo, O_WRONLY | O_NONBLOCK)
                if fd >= 0 { close(fd) }
            }
            done.wait()
        }
        if let message = failure.withLock({ $0 }) { Issue.record(Comment(rawValue: message)) }
    }

    @Test("a FIFO where a recording or a session's log would be is never opened to learn its kind")
    func fifosAreNotOpened() throws {
        let directory = try Self.directory(["f.launch.expected.jsonl", "a.jsonl", "a.session.expected.jsonl"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.withFIFOs([directory + "/f.jsonl", directory + "/a.native.jsonl"]) {
            let survey = try GoldenCase.survey(in: [directory])
            #expect(
                survey.strays == [
                    StrayGolden(
                        path: directory + "/a.session.expected.jsonl",
                        problem: .noSessionLog(native: directory + "/a.native.jsonl", why: .notARegularFile))
                ])
            #expect(survey.skipped.count == 2)
            #expect(GoldenCase(recording: directory + "/a.jsonl").check().allSatisfy { $0.golden != directory + "/a.session.expected.jsonl" })
        }
    }

    @Test("a recording whose own name has a dot keeps its goldens: x.b.jsonl and x.b.expected.jsonl")
    func dottedRecording() throws {
        let directory = try Self.directory(["x.b.jsonl", "x.b.expected.jsonl"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let survey = try GoldenCase.survey(in: [directory])
        #expect(survey.strays == [])
        #expect(survey.cases == [GoldenCase(recording: directory + "/x.b.jsonl")])
        #expect(try GoldenClaims.of([directory], links: false).misnamed.isEmpty)
    }

    /// `x.launch.expected.jsonl` is the launch golden of `x.jsonl` under the one rule
    /// (`GoldenNames`), whether or not `x.launch.jsonl` exists: that recording's name is refused.
    @Test("a recording named after a golden's kind (x.launch.jsonl) is misnamed, and its would-be golden belongs to x.jsonl")
    func reservedRecording() throws {
        let directory = try Self.directory(["x.launch.jsonl", "x.launch.expected.jsonl"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let survey = try GoldenCase.survey(in: [directory])
        #expect(survey.strays == [StrayGolden(path: directory + "/x.launch.expected.jsonl", problem: .noRecording(recording: directory + "/x.jsonl"))])
        #expect(try GoldenClaims.of([directory], links: false).misnamed.map(\.recording) == [directory + "/x.launch.jsonl"])
    }

    @Test("the corpus has no strays, and the survey finds what find finds")
    func corpus() throws {
        let survey = try GoldenCase.survey(in: [Fixtures.recordings])
        #expect(survey.strays == [])
        #expect(survey.cases == (try GoldenCase.find(in: [Fixtures.recordings])))
        let given = try GoldenCase.survey(in: [Fixtures.recordings + "/chromium/offline-form-submit.expected.jsonl"])
        #expect(given.cases == [GoldenCase(recording: Fixtures.recordings + "/chromium/offline-form-submit.jsonl")])
    }
}
