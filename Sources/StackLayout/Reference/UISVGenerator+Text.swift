extension UISVGenerator {
    /// R-TW-1 (RT, iOS 9–14 profile): in a horizontal stack with distribution fill, equalSpacing or equalCentering,
    /// every arranged label that wraps (`numberOfLines ≠ 1`), hidden ones included, gets
    /// `label.width == canvas.width/n − s·(n − 1)/n` at its horizontal compression resistance + 10 (capped at 1000,
    /// TENTATIVE R-T-10), n being the number of visible arranged views of every kind and s the stack's own spacing
    /// (R-T-9's literal spacing: custom spacings do not enter). With n = 0 it is `label.width == 0`. Vertical stacks,
    /// fillEqually and fillProportionally add nothing (R-TW-3; fillProportionally counts the label as 0, R-TW-2).
    /// Printed after the stack's §2.2 families, in arranged order.
    mutating func textWidthDisambiguation(_ c: StackContext) {
        guard c.stack.axis == .horizontal else { return }
        switch c.stack.distribution {
        case .fill, .equalSpacing, .equalCentering: break
        case .fillEqually, .fillProportionally: return
        }
        let n = Double(c.visible.count), s = SpacingRules.stackSpacing(c.stack)
        for i in c.views.indices where c.views[i].leaf?.wrapsText == true {
            let priority = min(1000, c.views[i].compressionResistancePriority.horizontal.rawValue + 10)
            if n == 0 {
                add(Self.textWidthIdentifier, c.item(i), .width, .equal, nil, nil, constant: 0, priority: priority)
            } else {
                add(Self.textWidthIdentifier, c.item(i), .width, .equal, c.canvas, .width, multiplier: 1 / n,
                    constant: -s * (n - 1) / n, priority: priority)
            }
        }
    }

    /// UIKit's identifier of R-TW-1's constraint.
    static let textWidthIdentifier = "UISV-text-width-disambiguation"
}
