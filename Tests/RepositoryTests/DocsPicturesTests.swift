import Foundation
import Testing

@testable import TestSupport

/// The pictures of docs/ (PNG) are made from an SVG by `script/pictures`, which writes into each
/// where its SVG comes from (a file, or the turbo-replay command that prints it) and the SVG's
/// SHA-256. Here each SVG is made again: a picture whose SVG has changed since it was made is
/// stale (docs/tune-recordings.png was older than its SVG), and `script/pictures` remakes it.
@Suite("The pictures of docs/")
struct DocsPicturesTests {
    static let pictures: [String] =
        (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.root.path + "/docs"))?
        .filter { $0.hasSuffix(".png") }.sorted().map { "docs/" + $0 } ?? []

    /// The PNG's text chunks (`tEXt`), keyword to text.
    static func textChunks(_ data: [UInt8]) throws -> [String: String] {
        try #require(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG")
        var chunks: [String: String] = [:]
        var at = 8
        while at + 8 <= data.count {
            let length = data[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: data[(at + 4)..<(at + 8)], as: UTF8.self)
            let body = Array(data[(at + 8)..<min(at + 8 + length, data.count)])
            if type == "tEXt", let zero = body.firstIndex(of: 0) {
                chunks[String(decoding: body[..<zero], as: UTF8.self)] = String(decoding: body[(zero + 1)...], as: UTF8.self)
            }
            at += 12 + length
        }
        return chunks
    }

    /// The SHA-256 of `bytes`, by sha256sum.
    static func sha256(_ bytes: [UInt8]) throws -> String {
        let file = try Fixtures.file(String(decoding: bytes, as: UTF8.self), name: "picture.svg")
        return String(try Fixtures.run(command: "sha256sum", [file]).prefix(64))
    }

    @Test("docs/ has pictures, each made from an SVG it names")
    func picturesAreFound() throws {
        try #require(!Self.pictures.isEmpty)
        for picture in Self.pictures {
            let data = try #require(FileManager.default.contents(atPath: Fixtures.root.path + "/" + picture), "\(picture)")
            let chunks = try Self.textChunks(Array(data))
            #expect(
                chunks["turbo-replay source"] != nil && chunks["turbo-replay svg sha256"] != nil,
                "\(picture) does not say what it was made from: make it with script/pictures --add")
        }
    }

    @Test("each picture was made from its SVG as the code and docs/ make it now", arguments: pictures)
    func upToDate(_ picture: String) throws {
        let data = try #require(FileManager.default.contents(atPath: Fixtures.root.path + "/" + picture), "\(picture)")
        let chunks = try Self.textChunks(Array(data))
        let source = try #require(chunks["turbo-replay source"], "\(picture) says nothing of its SVG")
        let svg: [UInt8]
        if source.hasPrefix("file ") {
            svg = Array(try #require(FileManager.default.contents(atPath: Fixtures.root.path + "/" + source.dropFirst(5)), "\(source)"))
        } else {
            let run = try Fixtures.run(source.split(separator: " ").map(String.init))
            #expect([0, 1].contains(run.status), "turbo-replay \(source): \(run.stderr)")
            svg = Array(run.stdout.utf8)
        }
        #expect(try Self.sha256(svg) == chunks["turbo-replay svg sha256"], "\(picture) is stale against \(source): run script/pictures")
    }
}
