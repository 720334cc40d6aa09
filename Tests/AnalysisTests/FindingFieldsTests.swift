import Foundation
import Testing
import TurboRecording

@testable import BannerFindings
@testable import TestSupport

/// Each banner finding declares the keys of its JSON line (`BannerFindingKind.fields`, which
/// docs/field-reports.md lists): every key a finding of the corpus has is declared, and every
/// declared key is in some finding of the corpus, so the list cannot go stale either way.
@Suite("The banner findings' JSON fields")
struct FindingFieldsTests {
    /// The keys every finding's line has.
    static let common: Set<String> = ["t", "finding", "level", "lines", "message"]

    /// The keys a declaration names: the words in backquotes outside parentheses.
    static func declared(_ fields: String) -> Set<String> {
        var keys: Set<String> = [], depth = 0, key: String?
        for character in fields {
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "`" where depth == 0:
                if let open = key {
                    keys.insert(open)
                    key = nil
                } else {
                    key = ""
                }
            default: if key != nil { key!.append(character) }
            }
        }
        return keys
    }

    static func webRecordings() throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: Fixtures.recordings))
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }.sorted()
            .map { Fixtures.recordings + "/" + $0 }
            .filter { (try? RecordingKind.of(path: $0)) == .web }
    }

    @Test("each finding's keys in the corpus are the ones it declares, no more and no fewer")
    func keysAreDeclared() throws {
        var seen: [String: Set<String>] = [:]
        for path in try Self.webRecordings() {
            guard let analyzed = try? BannerRecording.analyze(path: path) else { continue }
            for finding in analyzed.findings {
                guard case .object(let object)? = JSONValue(parsing: finding.jsonLine) else {
                    Issue.record("\(path): not a JSON object: \(finding.jsonLine)")
                    continue
                }
                seen[finding.kind.id, default: []].formUnion(object.keys)
            }
        }
        for kind in BannerFindingKind.allCases {
            let keys = try #require(seen[kind.id], "no recording under recordings/ has a \(kind.id)")
            let declared = Self.declared(kind.fields)
            #expect(
                keys.subtracting(Self.common) == declared,
                "\(kind.id): its lines have \(keys.subtracting(Self.common).sorted()), it declares \(declared.sorted())")
            #expect(keys.isSuperset(of: Self.common), "\(kind.id)")
        }
    }
}
