/// A detector file the composition cannot read: the file (from the repository's root) and what
/// is wrong with it.
package struct CompositionError: Error, CustomStringConvertible {
    package let path: String
    package let message: String

    package var description: String { "\(path): \(message)" }
}
