import Foundation
import Testing

@testable import TestSupport
@testable import TurboReplayCLI

/// `explain` takes both layers' options, and the recording decides which apply. Declaring an
/// option among the command's own says it applies to both layers, which nothing enforced: an
/// option the native path never read was silently ignored on a native log. Here every option
/// `explain` lists is given, on a recording of each layer, a value that must show: either it
/// changes what the command prints or its exit status, or it is refused with 64 and a message
/// naming the layer it applies to. An option with no entry in `shows` fails, so a new option
/// must show its effect on both layers before it is listed.
@Suite("Each explain option applies to the layer it is used with, or is refused")
struct LayerOptionEffectTests {
    enum Layer: String, CaseIterable, Sendable {
        case web, native
        /// What a refusal says of an option of this layer.
        var refusal: String { self == .web ? "applies to web recordings" : "applies to native logs" }
    }

    /// An option's value on one layer's recording, where its effect shows.
    struct Use: Sendable {
        var arguments: [String]
        var recording: String
    }

    static let web = Fixtures.recordings + "/chromium/dead-upstream-frame.jsonl"  // warnings: exit 1
    static let native = Fixtures.recordings + "/native/probe-loop-android.jsonl"  // retries and a probe loop
    static let launch = Fixtures.recordings + "/launch/app-screen-lags.jsonl"  // launch findings
    static let openViews = Fixtures.recordings + "/native/contract-example.jsonl"  // two error views open at once

    /// A recording of `layer` with a malformed line in it, for `--lenient`.
    static func malformed(_ layer: Layer) throws -> String {
        let text = try String(contentsOfFile: layer == .web ? web : native, encoding: .utf8)
        return try Fixtures.file(text + "{not json\n", name: "malformed-\(layer).jsonl")
    }

    /// For each option of `explain`, by name: how it is used on a recording of each layer.
    static func shows(_ name: String, on layer: Layer) throws -> Use? {
        switch (name, layer) {
        case ("format", .web): Use(arguments: ["--format", "jsonl"], recording: web)
        case ("format", .native): Use(arguments: ["--format", "jsonl"], recording: native)
        case ("lenient", _): Use(arguments: ["--lenient"], recording: try malformed(layer))
        case ("fail-on", .web): Use(arguments: ["--fail-on", "never"], recording: web)
        case ("fail-on", .native): Use(arguments: ["--fail-on", "never"], recording: native)
        case ("config", .web):
            Use(arguments: ["--config", try Fixtures.file(#"{"locale":"en"}"#, name: "web.config.json")], recording: web)
        case ("config", .native):
            Use(arguments: ["--config", try Fixtures.file(#"{"platform":"ios"}"#, name: "native.config.json")], recording: native)
        case ("variant", .web): Use(arguments: ["--variant", "recover-on-response"], recording: web)
        case ("variant", .native): Use(arguments: ["--variant", "probe-once"], recording: native)
        case ("locale", _): Use(arguments: ["--locale", "en"], recording: layer == .web ? web : native)
        case ("debounce-ms", _): Use(arguments: ["--debounce-ms", "100"], recording: layer == .web ? web : native)
        case ("flash-ms", _): Use(arguments: ["--flash-ms", "1"], recording: layer == .web ? web : native)
        case ("platform", _): Use(arguments: ["--platform", "ios"], recording: layer == .web ? web : native)
        case ("settle-ms", _): Use(arguments: ["--settle-ms", "1"], recording: layer == .web ? web : native)
        case ("probe-ms", _): Use(arguments: ["--probe-ms", "1"], recording: layer == .web ? web : native)
        case ("cooldown-ms", _): Use(arguments: ["--cooldown-ms", "1"], recording: layer == .web ? web : native)
        case ("stall-ms", _): Use(arguments: ["--stall-ms", "1"], recording: layer == .web ? web : launch)
        case ("tolerance-ms", _): Use(arguments: ["--tolerance-ms", "100000"], recording: layer == .web ? web : launch)
        case ("max-open-views", _): Use(arguments: ["--max-open-views", "1"], recording: layer == .web ? web : openViews)
        default: nil
        }
    }

    /// The layer whose options refuse `name` on the other layer; nil when both layers apply it.
    static func onlyLayer(_ name: String) -> Layer? {
        if LayerOptions.webOnly.contains(where: { $0.name == name }) { return .web }
        if LayerOptions.nativeOnly.contains(where: { $0.name == name }) { return .native }
        return nil
    }

    static let options = ExplainCommand.spec.options.map(\.name)

    @Test("the options are explain's own, its layers' and the two it shares")
    func optionsAreFound() {
        #expect(Self.options.count >= 15)
        #expect(Self.options.contains("debounce-ms") && Self.options.contains("settle-ms") && Self.options.contains("format"))
    }

    @Test("each explain option, on each layer, changes what explain does or is refused naming its layer", arguments: options)
    func optionShows(_ name: String) throws {
        for layer in Layer.allCases {
            let use = try #require(try Self.shows(name, on: layer), "--\(name) on a \(layer) recording: say here how its effect shows")
            let without = try turboReplay(["explain", use.recording])
            let with = try turboReplay(["explain"] + use.arguments + [use.recording])
            if let only = Self.onlyLayer(name), only != layer {
                #expect(with.status == 64, "--\(name) on a \(layer) recording: exit \(with.status)\n\(with.stderr)")
                #expect(with.stderr.contains("'--\(name)' \(only.refusal)"), "--\(name) on a \(layer) recording: \(with.stderr)")
            } else {
                #expect(with.status != 64, "--\(name) on a \(layer) recording is refused: \(with.stderr)")
                #expect(
                    (with.status, with.stdout, with.stderr) != (without.status, without.stdout, without.stderr),
                    "\(use.arguments.joined(separator: " ")) on a \(layer) recording changes nothing: it is ignored")
            }
        }
    }
}
