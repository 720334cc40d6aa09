import ArchiveCachePolicy
import LaunchPolicy
import NativeErrorPolicy
import TurboRecording

/// Which policy reads which native records: one app log feeds them all, each takes what its
/// contract names and treats every other record as the passing of time.
extension NativeEvent {
    /// What the error view's retry policy reads (native-error-policy.md): `path`,
    /// `presented`, `tap-retry`, `dismissed`, `foreground`, and (v2.1) `launch`, which ends its state.
    public var retryInput: PolicyInput? {
        switch self {
        case .path(let online): return .path(online: online)
        case .presented(let presented): return .presented(surface: presented.surface, error: presented.error)
        case .tapRetry(let surface): return .tapRetry(surface: surface)
        case .dismissed(let surface): return .dismissed(surface: surface)
        case .foreground: return .foreground
        case .launch: return .launch
        case .appRetry, .config, .bridge, .appScreen, .finish, .urlChange, .cacheClear, .cacheRemove, .webSession, .observed:
            return nil
        }
    }

    /// What the launch policy reads (launch-policy.md): `launch`, `config`, `bridge`,
    /// `presented`. `app-screen` is the app's own log, compared with the policy, never fed to it.
    public var launchInput: LaunchInput? {
        switch self {
        case .launch(let cold): return .launch(cold: cold)
        case .config(let offseason, let tester): return .config(offseason: offseason, tester: tester)
        case .bridge(let component, let event): return .bridge(component: component, event: event)
        case .presented(let presented): return .presented(surface: presented.surface, error: presented.error)
        case .path, .tapRetry, .dismissed, .foreground, .appRetry, .appScreen, .finish, .urlChange, .cacheClear, .cacheRemove, .webSession, .observed:
            return nil
        }
    }

    /// What the web-archive cache reads (archive-cache-policy.md): `finish`, `url-change`,
    /// `launch`, `cache-clear`, `cache-remove`, and `presented` with its `url`.
    public var archiveInput: ArchiveInput? {
        switch self {
        case .finish(let url): return .finish(url: url)
        case .urlChange(let url): return .urlChange(url: url)
        case .launch: return .launch
        case .cacheClear: return .cacheClear
        case .cacheRemove(let url): return .cacheRemove(url: url)
        case .presented(let presented): return .presented(error: presented.error, url: presented.url)
        case .path, .tapRetry, .dismissed, .foreground, .appRetry, .config, .bridge, .appScreen, .webSession, .observed:
            return nil
        }
    }
}
