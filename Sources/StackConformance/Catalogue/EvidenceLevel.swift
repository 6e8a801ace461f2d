/// How well a rule is known (UISTACKVIEW.md, the table at the top). Ordered strongest first:
/// DOC > OBS > RT > INF > TENTATIVE. A property's level is the weakest among the rules it checks.
public enum EvidenceLevel: String, CaseIterable, Comparable, Sendable {
    /// Apple's own text.
    case doc = "DOC"
    /// Seen on a device or simulator.
    case obs = "OBS"
    /// Verified at run time by a clone against UIKit.
    case rt = "RT"
    /// Follows from the constraint model; required for the reference, reported apart for other engines.
    case inf = "INF"
    /// This project's decision where evidence runs out (§9); an engine that differs is not non-conforming.
    case tentative = "TENTATIVE"

    /// Strength rank: 0 for DOC (strongest) to 4 for TENTATIVE.
    public var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
    /// `a < b` when a is the weaker evidence, so `min` picks the weakest.
    public static func < (a: EvidenceLevel, b: EvidenceLevel) -> Bool { a.rank > b.rank }
}
