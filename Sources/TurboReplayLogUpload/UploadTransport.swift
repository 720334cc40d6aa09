import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One part's request: `PUT <base>/native/<LOGID>/<PART>?parts=<COUNT>` with its body and the
/// hashes the collector checks it against.
public struct PartUpload: Sendable, Equatable {
    public let url: URL
    public let headers: [String: String]
    public let body: Data
}

/// What carries a part to the collector. The uploader's default is `URLSessionTransport`; a
/// test gives its own, and an app may give one of its own (a background `URLSession`).
public protocol LogUploadTransport: Sendable {
    /// The answer's HTTP status; throws when no answer came (no network, a timeout).
    func put(_ upload: PartUpload) async throws -> Int
}

/// `PUT` through a `URLSession` (by default an ephemeral one: no cookies, no cache, nothing of
/// the app's own requests).
public struct URLSessionTransport: LogUploadTransport, @unchecked Sendable {
    private let session: URLSession

    public init(session: URLSession = URLSession(configuration: .ephemeral)) {
        self.session = session
    }

    public func put(_ upload: PartUpload) async throws -> Int {
        var request = URLRequest(url: upload.url)
        request.httpMethod = "PUT"
        for (name, value) in upload.headers { request.setValue(value, forHTTPHeaderField: name) }
        let session = session
        return try await withCheckedThrowingContinuation { continuation in
            session.uploadTask(with: request, from: upload.body) { _, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: (response as? HTTPURLResponse)?.statusCode ?? 0)
                }
            }.resume()
        }
    }
}
