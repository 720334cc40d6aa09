#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every directory the tool lists is opened here, so that a test can count the listings a
/// command makes: a folder listed again for each golden in it makes `check --update`
/// quadratic in the folder's size, and a test sees it whatever the clock says.
public enum DirectoryListing {
    /// Counts the listings made by the task that set it (`$counter.withValue`), and by no
    /// other: tests run side by side, each with its own count.
    @TaskLocal public static var counter: ListingCounter?

    /// `opendir(path)`, counted.
    public static func open(_ path: String) -> OpaquePointer? {
        counter?.add()
        return withFileSystemPath(path) { opendir($0) }
    }
}

/// How many directories were listed; safe to add to from several threads.
public final class ListingCounter: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var listed = 0

    public init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    func add() {
        pthread_mutex_lock(&mutex)
        listed += 1
        pthread_mutex_unlock(&mutex)
    }

    public var count: Int {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return listed
    }
}
