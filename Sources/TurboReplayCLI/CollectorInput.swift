import TurboRecording

/// `--collector ROOT --session ID`: one app session read from a collector's folder, its page's
/// recording and the app's log that names it (`CollectorSession`), in place of two paths.
enum CollectorInput {
    static let collector = Option(
        name: "collector", value: "ROOT", help: "A collector's folder: read session ID's recording and the app log that names it.")
    static let session = Option(name: "session", value: "ID", help: "With --collector: the page's session id (a folder of ROOT/web).")

    /// The session's two logs, the page's first; `nil` when neither option is given.
    static func logs(_ arguments: ParsedArguments, command: String) throws -> (web: String, native: String)? {
        let root = arguments.value(collector), id = arguments.value(session)
        if root == nil, id == nil { return nil }
        guard let root, let id else {
            throw UsageError(
                message: root == nil
                    ? "'--session' names a session in a collector's folder: give the folder too, --collector ROOT --session \(id!)"
                    : "'--collector' reads one session of the folder: name it, --collector \(root!) --session ID (a folder of \(root!)/web)",
                command: command)
        }
        guard arguments.positionals.isEmpty else {
            throw UsageError(
                message: "--collector and --session name both logs: give no WEB NATIVE beside them (got \(arguments.positionals.count))",
                command: command)
        }
        guard CollectorSession.isID(id) else {
            throw UsageError(
                message: "'--session' takes a collector's session id, letters, digits, '_' and '-' (1 to 128), got '\(id)'",
                command: command)
        }
        let found = try CollectorSession(root: root, id: id)
        return (found.web, found.native)
    }
}
