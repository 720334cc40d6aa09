/// The languages the controller ships copy for.
public enum BannerLocale: String, CaseIterable, Equatable, Sendable {
    case es
    case en
}

/// The messages a context replaces. A `nil` falls back to the plain copy.
public struct ContextCopy: Equatable, Sendable {
    public var offline: String?
    public var submitFailed: String?

    public init(offline: String? = nil, submitFailed: String? = nil) {
        self.offline = offline
        self.submitFailed = submitFailed
    }
}

/// Every string the banner can show. Contexts are data, never branches: a page's
/// context upgrades the copy only through the table in `contexts`.
public struct BannerCopy: Equatable, Sendable {
    public var offline: String
    public var backOnline: String
    public var submitFailed: String
    public var contexts: [String: ContextCopy]

    public init(offline: String, backOnline: String, submitFailed: String, contexts: [String: ContextCopy] = [:]) {
        self.offline = offline
        self.backOnline = backOnline
        self.submitFailed = submitFailed
        self.contexts = contexts
    }

    /// The copy table of offline-banner.md.
    public static func builtIn(_ locale: BannerLocale) -> BannerCopy {
        switch locale {
        case .es:
            return BannerCopy(
                offline: "Sin conexión",
                backOnline: "De nuevo en línea",
                submitFailed: "No se ha podido enviar. Tu texto sigue aquí…",
                contexts: ["ride": ContextCopy(offline: "Sin conexión — tu viaje se sigue registrando")]
            )
        case .en:
            return BannerCopy(
                offline: "No connection",
                backOnline: "Back online",
                submitFailed: "Couldn't send. Your text is still here…",
                contexts: ["ride": ContextCopy(offline: "No signal — your trip is still being recorded")]
            )
        }
    }

    public func offlineMessage(context: String?) -> String {
        context.flatMap { copy(for: $0)?.offline } ?? offline
    }

    public func submitFailedMessage(context: String?) -> String {
        context.flatMap { copy(for: $0)?.submitFailed } ?? submitFailed
    }

    /// The copy of the context named `name` byte for byte: a `[String: _]` lookup alone would
    /// also find it under a canonically equivalent spelling (e + U+0301 for é).
    private func copy(for name: String) -> ContextCopy? {
        guard let index = contexts.index(forKey: name), contexts[index].key.sameBytes(as: name) else { return nil }
        return contexts[index].value
    }
}
