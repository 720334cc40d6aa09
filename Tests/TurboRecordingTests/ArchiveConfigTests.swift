import ArchiveCachePolicy
import Replay
import Testing
import TurboRecording

@testable import TestSupport

@Suite("The archive's settings in a native config")
struct ArchiveConfigTests {
    @Test("the \"archive\" object sets the cache's settings; the rest are the contract's defaults")
    func load() throws {
        let path = try temporaryRecording("a.config.json", [#"{"platform":"ios","archive":{"debounceMs":500,"stripParams":["utm_source",""]}}"#])
        let config = try NativeConfig.load(path: path)
        #expect(config.archive == ArchiveConfig(debounce: 500, stripParams: ["utm_source", ""]))
        #expect(config.archive.settings == ArchiveSettings(debounce: 500, stale: 86_400_000, stripParams: ["utm_source", ""]))
        #expect(NativeConfig().archive.settings == ArchiveSettings(debounce: 2000, stale: 86_400_000, stripParams: ["mobile_offline", "mobile_app_v2"]))
    }

    @Test("\"maxArchives\" bounds the cache; unset, the bound is 1000")
    func maxArchives() throws {
        let path = try temporaryRecording("m.config.json", [#"{"archive":{"maxArchives":25}}"#])
        let config = try NativeConfig.load(path: path)
        #expect(config.archive == ArchiveConfig(maxArchives: 25))
        #expect(config.archive.settings.maxArchives == 25)
        #expect(NativeConfig().archive.settings.maxArchives == 1000)
    }

    @Test("an empty list strips nothing; options override the file field by field")
    func override() throws {
        let path = try temporaryRecording("b.config.json", [#"{"archive":{"staleMs":1000,"stripParams":[]}}"#])
        let file = try NativeConfig.load(path: path)
        #expect(file.archive.settings.stripParams == [])
        let merged = file.overridden(by: NativeConfig(archive: ArchiveConfig(debounce: 10)))
        #expect(merged.archive == ArchiveConfig(debounce: 10, stale: 1000, stripParams: []))
    }

    @Test(
        "a bad \"archive\" is an error that says what it must be",
        arguments: [
            (#"{"archive":true}"#, #""archive" must be an object (debounceMs, staleMs, stripParams, maxArchives)"#),
            (#"{"archive":{"debounce":5}}"#, #"unknown key "debounce" (expected one of: debounceMs, maxArchives, staleMs, stripParams)"#),
            (#"{"archive":{"staleMs":-1}}"#, #""archive.staleMs" must be a number of milliseconds, 0 or more"#),
            (#"{"archive":{"debounceMs":"2000"}}"#, #""archive.debounceMs" must be a number of milliseconds, 0 or more"#),
            (#"{"archive":{"stripParams":"mobile_offline"}}"#, #""archive.stripParams" must be an array of strings (query parameter names)"#),
            (#"{"archive":{"stripParams":["a",1]}}"#, #""archive.stripParams" must be an array of strings (query parameter names)"#),
            (#"{"archive":{"stripParams":null}}"#, #""archive.stripParams" must be an array of strings (query parameter names)"#),
            (#"{"archive":{"maxArchives":0}}"#, #""archive.maxArchives" must be a whole number of archives, 1 or more"#),
            (#"{"archive":{"maxArchives":2.5}}"#, #""archive.maxArchives" must be a whole number of archives, 1 or more"#),
            (#"{"archive":{"maxArchives":"10"}}"#, #""archive.maxArchives" must be a whole number of archives, 1 or more"#),
        ])
    func malformed(_ text: String, _ message: String) throws {
        let path = try temporaryRecording("bad.config.json", [text])
        #expect {
            _ = try NativeConfig.load(path: path)
        } throws: { error in
            (error as? RecordingError)?.description == "\(path): \(message)"
        }
    }
}
