/// A constraint the user adds to an arranged view (§7, R-U-1).
public struct UserConstraint: Hashable, Sendable {
    public enum Attribute: String, CaseIterable, Hashable, Sendable {
        case width
        case height
        /// `width == constant × height`.
        case aspectRatio
    }
    public enum Relation: String, CaseIterable, Hashable, Sendable {
        case equal = "=="
        case lessThanOrEqual = "<="
        case greaterThanOrEqual = ">="
    }
    public var attribute: Attribute
    public var relation: Relation
    public var constant: Double
    public var priority: LayoutPriority

    public init(_ attribute: Attribute, _ relation: Relation = .equal, _ constant: Double,
                priority: LayoutPriority = .required) {
        self.attribute = attribute
        self.relation = relation
        self.constant = constant
        self.priority = priority
    }
}
