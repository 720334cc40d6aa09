import TurboRecording

/// The observed types the analyzer and its detectors act on, told apart by length first: one
/// string comparison a record instead of one per case.
enum ObservedKind: Sendable {
    case load, frameLoad, visit, reload, submitStart, other

    init(_ type: String) {
        switch type.utf8.count {
        case 10: self = type == "turbo:load" ? .load : .other
        case 11: self = type == "turbo:visit" ? .visit : .other
        case 12: self = type == "turbo:reload" ? .reload : .other
        case 16: self = type == "turbo:frame-load" ? .frameLoad : .other
        case 18: self = type == "turbo:submit-start" ? .submitStart : .other
        default: self = .other
        }
    }

    init(_ marker: Marker) {
        switch marker {
        case .load: self = .load
        case .frameLoad: self = .frameLoad
        case .visit: self = .visit
        case .reload: self = .reload
        case .submitStart: self = .submitStart
        }
    }

    /// The type a response of this kind is named by in a finding.
    var responseType: String { self == .load ? "turbo:load" : "turbo:frame-load" }
}
