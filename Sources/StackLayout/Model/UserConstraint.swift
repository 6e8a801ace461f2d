/// A constraint the user adds to an arranged view (§7, R-U-1).
public struct UserConstraint: Hashable, Sendable {
    /// What the constraint constrains.
    public enum Attribute: String, CaseIterable, Hashable, Sendable {
        /// The view's width.
        case width
        /// The view's height.
        case height
        /// `width == constant × height`.
        case aspectRatio
    }
    /// How the attribute compares with the constant.
    public enum Relation: String, CaseIterable, Hashable, Sendable {
        /// `attribute == constant`.
        case equal = "=="
        /// `attribute <= constant`.
        case lessThanOrEqual = "<="
        /// `attribute >= constant`.
        case greaterThanOrEqual = ">="
    }
    /// The constrained attribute.
    public var attribute: Attribute
    /// The relation.
    public var relation: Relation
    /// The constant, in points (a ratio for `aspectRatio`).
    public var constant: Double
    /// The constraint's priority (required by default).
    public var priority: LayoutPriority

    /// `attribute relation constant` at `priority`, as an `NSLayoutConstraint` on the view.
    public init(_ attribute: Attribute, _ relation: Relation = .equal, _ constant: Double,
                priority: LayoutPriority = .required) {
        self.attribute = attribute
        self.relation = relation
        self.constant = constant
        self.priority = priority
    }
}
