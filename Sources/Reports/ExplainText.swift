import BannerFindings
import Fleet
import NativeFindings
import OfflineBanner
import PolicyCore
import TurboRecording
import VariantAnalysis

/// `explain`'s text for a person: one row per event, the record's line on the left, and a
/// summary. Every string from a recording goes through `terminalSafe`.
package enum ExplainText {
    private static let ms = formatMilliseconds

    /// What was explained and with which settings. A streamed explanation prints it once the
    /// `meta` line (always first when present) has been read.
    package static func header(path: String, meta: Meta?, settings: BannerSettings) -> [String] {
        var lines = ["explain \(terminalSafe(path))"]
        var about: [String] = []
        if let meta {
            if let source = meta.source { about.append("source \(terminalSafe(source))") }
            if let page = meta.page { about.append("page \(terminalSafe(page))") }
            if let startedAt = meta.startedAt { about.append("started \(terminalSafe(startedAt))") }
        }
        var timings = "debounce \(ms(settings.debounce)) ms, flash \(ms(settings.flash)) ms"
        if !settings.variants.isEmpty { timings += "; variant " + settings.variants.sorted().map(\.name).joined(separator: ", ") }
        lines.append("  " + (about.isEmpty ? timings : about.joined(separator: ", ") + "; " + timings))
        lines.append("")
        return lines
    }

    /// One row for an event, or `nil` for a record that explains nothing: an observed one, or a
    /// response that changed nothing and is not the first while the pill is up.
    package static func row(_ event: ExplainEvent) -> String? {
        switch event {
        case .input(let step):
            if case .beforeFetchResponse = step.input, step.change == nil, !step.firstResponseWhilePillUp,
                step.before.debounceDue == step.after.debounceDue, step.before.flashDue == step.after.flashDue
            {
                return nil
            }
            return column("line \(step.line)") + describe(step)
        case .timer(let step): return column("timer") + describe(step)
        case .observed(let step): return describe(step).map { column("line \(step.line)") + $0 }
        case .finding(let finding): return column("finding") + describe(finding)
        case .seen(let step):
            let preview = step.seen.preview ? " (Turbo's cache preview: not judged)" : ""
            return column("line \(step.line)") + "seen at \(ms(step.t)): the page showed \(terminalSafe(step.seen.shown.description))\(preview)"
        }
    }

    private static func column(_ text: String) -> String {
        String(repeating: " ", count: max(0, 9 - text.count)) + text + "  "
    }

    // MARK: - Inputs

    static func describe(_ step: InputStep) -> String {
        "\(what(step.input)) at \(ms(step.t))\(details(step.input)): \(effects(step))"
    }

    static func what(_ input: BannerInput) -> String {
        switch input {
        case .offline: return "offline"
        case .online: return "online"
        case .fetchRequestError: return "turbo:fetch-request-error"
        case .submitEnd: return "turbo:submit-end"
        case .connect: return "connect"
        case .disconnect: return "disconnect"
        case .pagehide: return "pagehide"
        case .beforeFetchResponse: return "turbo:before-fetch-response"
        }
    }

    private static func details(_ input: BannerInput) -> String {
        switch input {
        case .offline, .online, .disconnect:
            return ""
        case .fetchRequestError(let failure):
            var text = [failure.target, failure.method, failure.url].compactMap { $0 }.joined(separator: " ")
            if let error = failure.error { text += text.isEmpty ? error : ": \(error)" }
            return text.isEmpty ? "" : " (\(terminalSafe(text)))"
        case .submitEnd(let submission):
            var parts = [[submission.method, submission.action].compactMap { $0 }.joined(separator: " ")]
            if submission.success {
                parts.append("success")
            } else if let response = submission.fetchResponse {
                parts.append(response.statusCode.map { "response \($0)" } ?? "response")
            } else {
                parts.append("no response")
            }
            return " (\(terminalSafe(parts.filter { !$0.isEmpty }.joined(separator: ", "))))"
        case .connect(let context, let online):
            let contextText = context.map { "context \(quote($0))" } ?? "no context"
            return " (\(online ? "online" : "offline"), \(contextText))"
        case .pagehide(let persisted):
            return persisted ? " (persisted)" : ""
        case .beforeFetchResponse(let response):
            let about = [response.statusCode.map(String.init), response.target.map(terminalSafe)].compactMap { $0 }
            return about.isEmpty ? "" : " (\(about.joined(separator: " ")))"
        }
    }

    private static func effects(_ step: InputStep) -> String {
        let (before, after) = (step.before, step.after)
        var effects: [String] = []
        if before.connected != after.connected {
            if case .pagehide = step.input {
                effects.append("page unloaded, controller gone")
            } else {
                effects.append(after.connected ? "controller connected" : "controller disconnected")
            }
        }
        if let change = step.change {
            effects.append(describe(change, from: before.banner))
        }
        if before.debounceDue != nil && before.debounceDue != after.debounceDue { effects.append("debounce cancelled") }
        if before.flashDue != nil && before.flashDue != after.flashDue { effects.append("flash cancelled") }
        if let due = after.debounceDue, due != before.debounceDue { effects.append("debounce until \(ms(due))") }
        if let due = after.flashDue, due != before.flashDue { effects.append("flash until \(ms(due))") }
        if let decision = step.decision {
            switch decision.outcome {
            case .toast: effects.append("toast")
            case .silent(.success): effects.append("silent: it succeeded")
            case .silent(.serverResponse(let status)):
                effects.append("silent: the server answered\(status.map { " \($0)" } ?? ""), its page shows it")
            case .silent(.disconnected): effects.append("silent: the controller is disconnected")
            }
        }
        if step.firstResponseWhilePillUp { effects.append("a response arrived while the pill is up: the network works") }
        if step.change == nil && step.decision == nil {
            if effects.isEmpty { return nothing(step) }
            if case .beforeFetchResponse = step.input { return effects.joined(separator: ", ") }
            if after.debounceDue == nil && after.flashDue == nil { effects.append("nothing shown") }
        }
        return effects.joined(separator: ", ")
    }

    /// Why an input changed nothing at all.
    private static func nothing(_ step: InputStep) -> String {
        let before = step.before
        if !before.connected { return "ignored: the controller is disconnected" }
        switch step.input {
        case .offline:
            if before.banner == .offline { return "nothing: the pill is already up" }
            if let due = before.debounceDue { return "nothing: a debounce is already pending (until \(ms(due)))" }
        case .online:
            return "nothing: no pill up and no debounce to cancel"
        case .fetchRequestError:
            return "nothing visible: the pill is already up with that text"
        case .connect(_, let online):
            return online ? "page rendered online, nothing shown" : "page rendered offline, the pill stays"
        case .pagehide(persisted: true):
            return "nothing: the page is kept in the back-forward cache, its controller still connected"
        default:
            break
        }
        return "nothing changed"
    }

    private static func describe(_ change: BannerChange, from previous: BannerState) -> String {
        switch change.banner {
        case .offline:
            return previous == .offline ? "pill relabelled \(quote(change.label))" : "pill \(quote(change.label))"
        case .backOnline:
            return "back online \(quote(change.label))"
        case .hidden:
            return previous == .backOnline ? "banner hidden" : "pill hidden"
        }
    }

    private static func quote(_ text: String?) -> String {
        "“\(terminalSafe(text ?? ""))”"
    }

    // MARK: - Timers, observed records, findings

    static func describe(_ step: TimerStep) -> String {
        let origin = step.origin.map { " (\(step.timer == .debounce ? "offline" : "online") at \(ms($0.t)), line \($0.line))" } ?? ""
        var text = step.timer == .debounce ? "debounce fired at \(ms(step.due))\(origin)" : "flash ended at \(ms(step.due))\(origin)"
        var effects: [String] = []
        if let change = step.change {
            effects.append(
                change.banner == .offline
                    ? "pill \(quote(change.label))"
                    : describe(change, from: step.timer == .flash ? .backOnline : .hidden))
        } else {
            effects.append("nothing visible")
        }
        if step.cancelledFlash { effects.append("back-online flash cancelled") }
        text += ": " + effects.joined(separator: ", ")
        return text
    }

    static func describe(_ step: ObservedStep) -> String? {
        let observed = step.observed
        let head = "\(terminalSafe(observed.type)) at \(ms(step.t))"
        switch step.role {
        case .response(whilePillUp: true, first: true):
            let about = [observed.statusCode.map(String.init), observed.target.map(terminalSafe)].compactMap { $0 }
            let details = about.isEmpty ? "" : " (\(about.joined(separator: " ")))"
            return "\(head)\(details): a response arrived while the pill is up: the network works"
        case .cachedLoad:
            return "\(head): rendered from Turbo's cache (restoration Visit, no response): says nothing about the network"
        case .visit:
            let about = [observed.url, observed.action].compactMap { $0 }.map(terminalSafe).joined(separator: ", ")
            return "\(head)\(about.isEmpty ? "" : " (\(about))"): Turbo starts a Visit"
        case .reload:
            let reason = observed.reason.map(terminalSafe) ?? "no reason given"
            return "\(head) (\(reason)): Turbo does a full page load"
        default:
            return nil
        }
    }

    static func describe(_ finding: BannerFinding) -> String {
        let lines = finding.lines.map(String.init).joined(separator: ", ")
        return
            "\(finding.kind.id) (\(finding.level.rawValue)) at \(ms(finding.t)) [line\(finding.lines.count == 1 ? "" : "s") \(lines)]: \(terminalSafe(finding.sentence))"
    }

    // MARK: - Summary

    /// Findings grouped by level, the level that asks most first, each with its ids and counts:
    /// "warning 2 (online-lied 1, stale-pill 1), info 3 (flap-suppressed 3)", or "none".
    package static func byLevel(_ counts: [(id: String, level: FindingLevel, count: Int)]) -> String {
        let groups = FindingLevel.reportOrder.compactMap { level -> String? in
            let entries = counts.filter { $0.level == level && $0.count > 0 }
            guard !entries.isEmpty else { return nil }
            let total = entries.reduce(0) { $0 + $1.count }
            return "\(level.rawValue) \(total) (" + entries.map { "\($0.id) \($0.count)" }.joined(separator: ", ") + ")"
        }
        return groups.isEmpty ? "none" : groups.joined(separator: ", ")
    }

    package static func summary(_ summary: RecordingSummary) -> [String] {
        var lines = ["", "summary"]
        if summary.pills.isEmpty {
            lines.append("  pill never up")
        } else {
            let episodes = summary.pills.count
            let byCause = summary.pillTimeByCause.map { "\($0.cause.rawValue) \(ms($0.ms)) ms" + ($0.episodes > 1 ? " (\($0.episodes))" : "") }
            var line = "  pill up \(ms(summary.pillTime)) ms in \(episodes) episode\(episodes == 1 ? "" : "s"): \(byCause.joined(separator: ", "))"
            if summary.pills.stillUpAtEnd { line += "; still up when the recording ends" }
            lines.append(line)
        }
        lines.append("  toasts \(summary.toasts)")
        let silent = summary.silentSorted.map { "\($0.key.name) \($0.count)" }
        lines.append("  silent submissions: \(silent.isEmpty ? "none" : silent.joined(separator: ", "))")
        lines.append(
            "  findings: " + byLevel(summary.findingsSorted.map { ($0.kind.id, summary.level(of: $0.kind), $0.count) } + ReportJSON.logFindings(summary)))
        if summary.skippedLines > 0 { lines.append("  malformed lines skipped: \(summary.skippedLines)") }
        return lines
    }
}
