#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT or SIGTERM during `check --update`: a request to stop between recordings, so that
/// the command can say which goldens it wrote before it ends: killed outright, an update over
/// a big folder would write hundreds of goldens and say nothing.
///
/// The golden being written when the signal comes is finished and renamed into place (a
/// golden is either the old file or the whole new one); no recording is started after it.
/// A second signal does not wait: the temporaries being written are removed and the process
/// ends by that signal, as it would have without a handler.
package enum StopRequest {
    /// The signal received, or 0. Written by the handler, read between recordings.
    nonisolated(unsafe) private static var received: Int32 = 0

    /// The signal that asked to stop, or `nil`.
    package static var signal: Int32? {
        let signal = received
        return signal == 0 ? nil : signal
    }

    /// Installs the handlers, for SIGINT and SIGTERM, unless the process ignores them
    /// (`nohup`) or already has one of its own: then they are left as they are.
    package static func install() {
        _ = TemporaryRegistry.slots  // made here, never first in the handler
        for signal in [SIGINT, SIGTERM] {
            var previous = sigaction()
            guard sigaction(signal, nil, &previous) == 0, previous.__sigaction_handler.sa_handler == nil else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = requestStop
            sigemptyset(&action.sa_mask)
            // A write to a golden interrupted by the signal goes on, rather than fail with EINTR.
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
    }

    /// For tests: as if no signal had come.
    package static func reset() { received = 0 }

    fileprivate static func record(_ signal: Int32) -> Bool {
        guard received == 0 else { return false }
        received = signal
        return true
    }
}

private func requestStop(_ signal: Int32) {
    if !StopRequest.record(signal) { removeTemporariesAndReraise(signal) }
}
