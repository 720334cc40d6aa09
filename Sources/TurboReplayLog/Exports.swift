// One import is enough: `import TurboReplayLog` gives the logger and the types its records are
// made of (`Platform`, `NativeError`), as the pure libraries re-export what they build on.
@_exported import NativeErrorPolicy
