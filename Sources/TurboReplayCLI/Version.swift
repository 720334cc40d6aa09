/// What `turbo-replay --version` prints: the tool's version and the contracts it implements,
/// since a timeline is only as right as the contract it was checked against.
enum Version {
    static let tool = "0.7.0"
    static let contracts = "banner v1.1, native error view v2, launch v1, archive cache v1, app session v1"
    static let line = "turbo-replay \(tool) (\(contracts))"
}
