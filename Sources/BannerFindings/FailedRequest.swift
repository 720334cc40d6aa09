/// The request behind an `online-lied` or a `relabelled-toast`: a failed fetch, or a submission
/// that ended with no response.
package struct FailedRequest: Equatable, Sendable {
    /// `turbo:fetch-request-error` or `turbo:submit-end`.
    package var via: String
    package var target: String?
    package var method: String?
    /// The fetch's `url`, or the submission's `action`.
    package var url: String?
    package var error: String?

    package init(via: String, target: String? = nil, method: String? = nil, url: String? = nil, error: String? = nil) {
        self.via = via
        self.target = target
        self.method = method
        self.url = url
        self.error = error
    }

    /// Its target, method and URL, those it has, in that order: "turbo-frame#comments GET /c".
    var described: String? {
        let parts = [target, method, url].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
