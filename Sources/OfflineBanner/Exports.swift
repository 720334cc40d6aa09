// One import is enough: `import OfflineBanner` gives this library's whole API, including
// the members it adds to what it builds on (send, advance, finish live in PolicyCore), as
// swift-composable-architecture re-exports its dependencies.
@_exported import PolicyCore
