import Foundation
import Testing
import TurboRecording

@testable import Goldens
@testable import TestSupport

/// Issue #47, items 3 and 4: one rule names every golden of a recording (`GoldenNames`), and no
/// two recordings, nor two kinds of one recording, share one. A golden's path was the
/// recording's minus six characters (`run1.log` and `run2.log` shared `ru.expected.jsonl`), and
/// `x.session.expected.jsonl` was both the session golden of `x.jsonl` and the golden of a
/// recording `x.session.jsonl`.
@Suite("Golden names")
struct GoldenNamesTests {
    /// Every kind `check` compares has its part, and no other part is reserved.
    @Test func thePartsAreTheKindsCheckCompares() {
        #expect(Set(GoldenCase.reservedParts) == Set(GoldenCase.goldenParts))
        #expect(GoldenCase.reservedParts.count == Set(GoldenCase.reservedParts).count)
        for kind in [RecordingKind.web, .native] {
            for timeline in GoldenTimeline.all(for: kind) where !timeline.name.isEmpty {
                #expect(GoldenCase.reservedParts.contains(timeline.name))
            }
        }
        let golden = GoldenCase(recording: "d/x.jsonl")
        #expect(golden.seenGolden == GoldenNames.golden(of: "d/x.jsonl", part: "seen"))
        #expect(GoldenTimeline.session.golden(for: "d/x.jsonl") == "d/x.session.expected.jsonl")
    }

    /// A golden handed to a command as a log to read stands for its recording, found without
    /// the kinds of golden (they are named above the reader): over every golden of the corpus,
    /// that reading gives the recording the rule gives.
    @Test func aGoldenGivenAsALogStandsForTheRecordingTheRuleGives() throws {
        let goldens = try RecordingFiles.streamFiles(in: [Fixtures.recordings]).listing.all().filter(RecordingFiles.isGolden)
        #expect(goldens.count > 100)
        #expect(goldens.contains { GoldenNames.owner(ofGolden: $0, parts: GoldenCase.reservedParts).part != nil })
        for golden in goldens {
            #expect(
                RecordingFiles.recording(ofGolden: golden, parts: []) == RecordingFiles.recording(ofGolden: golden, parts: GoldenCase.reservedParts),
                "\(golden)")
        }
    }

    static let accepted = [
        "d/a.jsonl", "d/a.b.jsonl", "d/a.native.jsonl", "d/run1.jsonl", "d/run2.jsonl", "d/a.config.jsonl", "d/expected.jsonl",
        "e/a.jsonl", "d/ab.jsonl", "d/a.b.c.jsonl", "d/a-session.jsonl", "d/session.jsonl",
    ]

    @Test func noTwoRecordingsNorKindsShareAGolden() throws {
        var owners: [String: String] = [:]
        for recording in Self.accepted {
            #expect(GoldenNames.problem(ofRecording: recording, parts: GoldenCase.reservedParts) == nil, "\(recording)")
            for part in [nil] + GoldenCase.reservedParts.map(Optional.some) {
                let golden = GoldenNames.golden(of: recording, part: part)
                let mine = "\(recording) \(part ?? "v1")"
                #expect(owners[golden] == nil, "\(golden) is both \(owners[golden] ?? "") and \(mine)")
                owners[golden] = mine
                // The rule read backwards gives the recording and the kind.
                let owner = GoldenNames.owner(ofGolden: golden, parts: GoldenCase.reservedParts)
                #expect(owner.recording == recording && owner.part == part, "\(golden) → \(owner)")
            }
        }
    }

    @Test(
        "a name that cannot have goldens of its own is refused, naming why",
        arguments: [
            "run1.log", "d/run2.log", "d/x.session.jsonl", "d/x.recover-on-response.jsonl", "d/x.probe-once.jsonl",
            "d/x.seen.jsonl", "d/x.launch.jsonl", "d/x.archive.jsonl", "d/x.expected.jsonl", "d/.jsonl", "x.config.json",
        ])
    func refused(_ recording: String) {
        #expect(GoldenNames.problem(ofRecording: recording, parts: GoldenCase.reservedParts) != nil)
    }

    @Test func theSurveyFindsTheMisnamedRecordings() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["x.jsonl", "x.session.jsonl", "y.b.jsonl"] {
            try #"{"t":0,"type":"offline"}"#.write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
        }
        let claims = try GoldenClaims.of([directory, directory + "/x.jsonl"], links: false)
        #expect(claims.misnamed.map(\.recording) == [directory + "/x.session.jsonl"])
        #expect(claims.misnamed[0].problem.contains("x.session.expected.jsonl is the session golden of x.jsonl"))
    }

    /// Two goldens made one file by a symbolic link: harmless to read, refused to `--update`.
    @Test func goldensLinkedToOneFileAreFound() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["a.jsonl", "b.jsonl", "c.jsonl", "shared.txt", "c.expected.jsonl"] {
            try "{}\n".write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(atPath: directory + "/a.expected.jsonl", withDestinationPath: "shared.txt")
        try FileManager.default.createSymbolicLink(atPath: directory + "/b.expected.jsonl", withDestinationPath: "shared.txt")
        // A variant's golden made v1's: two kinds of one recording.
        try FileManager.default.createSymbolicLink(atPath: directory + "/c.recover-on-response.expected.jsonl", withDestinationPath: "c.expected.jsonl")
        // Hard links are two names: a rename replaces one and leaves the other.
        try FileManager.default.linkItem(atPath: directory + "/c.expected.jsonl", toPath: directory + "/hard.txt")
        #expect(
            try GoldenClaims.of([directory], links: true).shared == [
                SharedGolden(first: directory + "/a.expected.jsonl", second: directory + "/b.expected.jsonl"),
                SharedGolden(first: directory + "/c.expected.jsonl", second: directory + "/c.recover-on-response.expected.jsonl"),
            ])
    }

    /// Two writers of one file (`check --jobs 2`) never share a temporary: each is a new file
    /// under a name of its own, in the destination's folder.
    @Test func twoTemporariesOfOneFileAreTwoFiles() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try TemporaryFile.create(for: directory + "/r.expected.jsonl")
        let second = try TemporaryFile.create(for: directory + "/r.expected.jsonl")
        defer {
            for temporary in [first, second] {
                close(temporary.descriptor)
                TemporaryRegistry.release(temporary.slot)
            }
        }
        #expect(first.path != second.path)
        #expect(first.path.hasPrefix(directory + "/r.expected.jsonl.tmp-\(getpid())-"))
        var a = stat(), b = stat()
        #expect(fstat(first.descriptor, &a) == 0 && fstat(second.descriptor, &b) == 0 && a.st_ino != b.st_ino)
        #expect(TemporaryFile.parse(URL(fileURLWithPath: first.path).lastPathComponent)?.base == "r.expected.jsonl")
    }

    /// A name too long to take the temporary's suffix keeps its first 200 bytes, cut between
    /// characters: a temporary's name stays a legal name.
    @Test func aLongNameIsCutBetweenCharacters() {
        let name = String(repeating: "é", count: 120) + ".expected.jsonl"
        let base = TemporaryFile.base(name)
        #expect(base.utf8.count <= TemporaryFile.baseLimit && name.hasPrefix(base) && base.utf8.count >= TemporaryFile.baseLimit - 1)
    }
}
