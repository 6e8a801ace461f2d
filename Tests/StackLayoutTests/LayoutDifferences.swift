@testable import StackLayout

/// What differs between two layouts, for a property's failure message: the frames, sizes, baselines and
/// diagnostics that are not `same`, one line each, the first `limit` of them. The properties decide with their own
/// comparisons; this only says where two layouts they found different part.
enum LayoutDifferences {
    /// Equal bit patterns, for the properties that compare to the bit.
    @Sendable static func sameBits(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

    static func lines(_ a: Layout, _ b: Layout, limit: Int = 8, same: (Double, Double) -> Bool) -> String {
        var out: [String] = []
        if a.frameIDs != b.frameIDs { out.append("ids \(a.frameIDs) vs \(b.frameIDs)") }
        if a.diagnostics != b.diagnostics { out.append("diagnostics \(a.diagnostics) vs \(b.diagnostics)") }
        if !same(a.size.width, b.size.width) || !same(a.size.height, b.size.height) {
            out.append("size \(a.size) vs \(b.size)")
        }
        for (id, (p, q)) in zip(a.frameIDs, zip(a.frameValues, b.frameValues)) where !sameFrame(p, q, same) {
            out.append("\(id): \(p) vs \(q)")
        }
        if a.firstBaseline != b.firstBaseline { out.append("first baseline \(a.firstBaseline) vs \(b.firstBaseline)") }
        if a.lastBaseline != b.lastBaseline { out.append("last baseline \(a.lastBaseline) vs \(b.lastBaseline)") }
        return joined(out, limit: limit)
    }

    /// The same for exact layouts, whose frames are named by their pre-order index.
    static func lines(_ a: ExactLayout, _ b: ExactLayout, limit: Int = 8, same: (Double, Double) -> Bool) -> String {
        var out: [String] = []
        if a.frames.count != b.frames.count { out.append("\(a.frames.count) frames vs \(b.frames.count)") }
        if a.diagnostics != b.diagnostics { out.append("diagnostics \(a.diagnostics) vs \(b.diagnostics)") }
        if !same(a.size.width, b.size.width) || !same(a.size.height, b.size.height) {
            out.append("size \(a.size) vs \(b.size)")
        }
        for (i, (p, q)) in zip(a.frames, b.frames).enumerated() where !sameFrame(p, q, same) {
            out.append("frame \(i): \(p) vs \(q)")
        }
        if a.firstBaseline != b.firstBaseline { out.append("first baseline \(a.firstBaseline as Any) vs \(b.firstBaseline as Any)") }
        if a.lastBaseline != b.lastBaseline { out.append("last baseline \(a.lastBaseline as Any) vs \(b.lastBaseline as Any)") }
        return joined(out, limit: limit)
    }

    static func sameFrame(_ p: Frame, _ q: Frame, _ same: (Double, Double) -> Bool) -> Bool {
        same(p.x, q.x) && same(p.y, q.y) && same(p.width, q.width) && same(p.height, q.height)
    }

    static func joined(_ lines: [String], limit: Int) -> String {
        let more = lines.count > limit ? ["… and \(lines.count - limit) more"] : []
        return (lines.prefix(limit) + more).joined(separator: "\n")
    }
}
