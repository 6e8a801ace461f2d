import PropertyCheck
import StackLayout

/// A property over random programs of view-tree operations (stateful testing). It checks the package's view tree
/// (or a mutant tree given to the runner) and, for `tree.relayoutEqualsFreshLayout`, the engine under test.
struct ViewTreeCheck: Sendable {
    var check: @Sendable (_ program: [ViewTreeOperation], _ tree: ViewTreeUnderTest,
                          _ layout: @Sendable (Scenario) throws -> Layout, _ tolerance: Tolerance) throws -> Void
}

extension ConformanceProperty {
    static let treeArrangedSubset = ConformanceProperty(
        "tree.arrangedSubsetOfSubviews", rules: ["R-V-1", "R-H-3"],
        statement: "After every operation of a random program of addArrangedSubview, insertArrangedSubview, "
            + "removeArrangedSubview, removeFromSuperview, addSubview, isHidden and setCustomSpacing on two stack views, "
            + "each stack's arrangedSubviews is a subset of its subviews, and hiding a view keeps it in both.",
        .viewTree(ViewTreeCheck { program, tree, _, _ in
            for (step, op) in program.enumerated() {
                let before = tree.state
                _ = try? tree.perform(op)
                for s in 0..<2 {
                    let subviews = tree.subviewIDs(s)
                    for id in tree.arrangedIDs(s) where !subviews.contains(id) {
                        throw PropertyFailure("after step \(step + 1) (\(op)): \(id) is arranged in \(ViewTreeOperation.stackIDs[s]) but is not one of its subviews \(subviews)")
                    }
                }
                if case .setHidden = op {
                    let after = tree.state
                    if after.arranged != before.arranged || after.subviews != before.subviews {
                        throw PropertyFailure("step \(step + 1) (\(op)) changed arrangedSubviews or subviews: before \(before), after \(after)")
                    }
                }
            }
        }))

    static let treeMatchesModel = ConformanceProperty(
        "tree.operationsMatchModel", rules: ["R-V-2", "R-V-3", "R-V-4", "R-V-5", "R-V-6", "R-V-7", "R-V-8", "R-SP-2", "R-SP-3", "R-H-3"],
        statement: "Each operation of a random program has exactly the effect of the specification's list model: "
            + "adding appends a new subview and keeps an existing subview's z-order (R-V-2, R-V-5), removeArrangedSubview "
            + "keeps the subview (R-V-3), removeFromSuperview also unarranges (R-V-4), inserting an arranged view moves it "
            + "(R-V-7, R-V-8), custom spacing is kept on a move, dropped on removal and not stored for a non-arranged view "
            + "(R-SP-2, R-SP-3); an insert beyond the count or a cycle throws and leaves the tree unchanged (R-V-6).",
        .viewTree(ViewTreeCheck { program, tree, _, _ in
            var model = ViewTreeModel()
            for (step, op) in program.enumerated() {
                let before = tree.state
                var threw = false
                do { try tree.perform(op) } catch { threw = true }
                let succeeded = model.apply(op)
                if threw == succeeded {
                    throw PropertyFailure("step \(step + 1) (\(op)) " + (threw ? "threw, but the operation is valid" : "succeeded, but UIKit raises for it"))
                }
                if threw && tree.state.normalized() != before.normalized() {
                    throw PropertyFailure("step \(step + 1) (\(op)) threw but changed the tree: before \(before), after \(tree.state)")
                }
                let actual = tree.state.normalized(), expected = model.normalized()
                if actual != expected {
                    throw PropertyFailure("after step \(step + 1) (\(op)): the tree is \(actual), the model says \(expected)")
                }
            }
        }))

    static let treeRelayout = ConformanceProperty(
        "tree.relayoutEqualsFreshLayout", rules: ["R-V-9"],
        // What the programs' tree is made of (`ViewTreeUnderTest`): a horizontal fill stack with a vertical one inside,
        // alignment fill, a view without an intrinsic width, hidden views, custom spacing. An engine without one of
        // these answers every case unsupported; it skips the property for the feature instead.
        features: [.fill, .alignFill, .nested, .hidden, .customSpacing, .noIntrinsicSize],
        statement: "After a random program of view-tree operations, the reference engine's incremental layout session, "
            + "updated after every operation, equals the engine's fresh layout of the final tree (R-V-9); on the "
            + "reference engine this is incremental against fresh, on another engine it also compares with the reference.",
        .viewTree(ViewTreeCheck { program, tree, layout, tolerance in
            guard let first = try? tree.root.scenario() else { throw StopTest.invalid }
            let session = ReferenceLayoutSession(first)
            for op in program {
                _ = try? tree.perform(op)
                guard let next = try? tree.root.scenario() else { throw StopTest.invalid }
                session.update(next)
            }
            guard let final = try? tree.root.scenario() else { throw StopTest.invalid }
            let fresh = try layout(final)
            let differences = LayoutComparison.differences(actual: fresh, expected: session.layout, tolerance: tolerance.absolute,
                                                           sides: ("fresh", "in the session"))
            if !differences.isEmpty {
                throw PropertyFailure("the fresh layout of the final tree differs from the incremental session's: "
                                      + differences.prefix(6).joined(separator: "; "))
            }
        }))
}

