import PolicyCore

/// A banner finding's evidence, declared in its detector's file with everything else about it:
/// which finding it is, the sentence that says what this occurrence means, and the fields of its
/// JSON line. Whatever prints a finding asks these, so no list of findings is written anywhere
/// else.
package protocol BannerFindingDetail: Equatable, Sendable {
    /// The finding this is the evidence of.
    static var kind: BannerFindingKind { get }
    /// One sentence saying what this occurrence, at `t`, means. Recording text is included as
    /// is: whoever prints it escapes it for where it goes.
    func sentence(at t: Double) -> String
    /// Its own fields of the finding's JSON line, after `t`, `finding`, `level` and `lines`
    /// and before `message`, in the order scripts see them (`BannerFindingKind.fields` names them).
    func json(at t: Double, into line: inout JSONLine)
}

extension BannerFindingDetail {
    /// The same evidence: the same finding, with equal details.
    func isEqual(to other: any BannerFindingDetail) -> Bool {
        (other as? Self) == self
    }
}
