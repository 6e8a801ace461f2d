import StackLayout

/// What one failing case says about the engine's bug, as data: the diagnosed layout (the case's own, or the
/// variant a metamorphic check compared it with), the headline constraint chosen by what the check measured, the
/// headline's residual in the scenario's terms, and the cause identity they make.
///
/// Text, JSON, pictures and cause grouping are all built from these values.
public struct CaseFinding: Sendable {
    /// The layout diagnosed by UIKit's constraints (`CaseDiagnosis.shown`).
    public var diagnosis: CaseDiagnosis
    /// What the check measured (nil when it does not say, or when the diagnosed layout is a variant's).
    public var measured: Measurement?
    /// The index of the headline in `diagnosis.diagnosis.constraints`, and how it was chosen; nil when the
    /// diagnosis lists no broken constraint.
    public var headline: (index: Int, basis: Headline.Basis)?
    /// The headline's residual explained; nil without a headline.
    public var explanation: ResidualExplanation?
    /// The cause identity; nil when the diagnosis names nothing (the layouts agree with UIKit's constraints), and the
    /// failure is then known by its check's clause.
    public var identity: CauseIdentity?

    /// The headline constraint.
    public var headlineConstraint: DiagnosedConstraint? {
        headline.map { diagnosis.diagnosis.constraints[$0.index] }
    }

    /// The finding of a failing case: `layout` is the engine's answer for `scenario`, `variants` the answers a
    /// metamorphic check judged, `measured` what the check read (about the case's own layout).
    public static func make(scenario: Scenario, layout: Layout, variants: [JudgedVariant], measured: Measurement?,
                            reference: Layout?, tolerance: Double) -> CaseFinding? {
        var all = [CaseDiagnosis(scenario: scenario, layout: layout, diagnosis: ReferenceEngine.diagnose(
            scenario, engineLayout: layout, tolerance: tolerance), isVariant: false)]
        // The variants are diagnosed only when the case's own layout names nothing.
        if !all[0].diagnosis.namesCause {
            for v in variants {
                let d = CaseDiagnosis(scenario: v.scenario, layout: v.layout, diagnosis: ReferenceEngine.diagnose(
                    v.scenario, engineLayout: v.layout, tolerance: tolerance), isVariant: true)
                all.append(d)
                if d.diagnosis.namesCause { break }
            }
        }
        guard let shown = CaseDiagnosis.shown(all) else { return nil }
        return CaseFinding(shown, measured: shown.isVariant ? nil : measured, reference: shown.isVariant ? nil : reference)
    }

    /// The finding of a diagnosed layout; `reference` is UIKit's layout of its scenario when the caller has it.
    public init(_ diagnosis: CaseDiagnosis, measured: Measurement?, reference: Layout? = nil) {
        self.diagnosis = diagnosis
        self.measured = measured
        let d = diagnosis.diagnosis
        // UIKit's layout, solved here only where a broken constraint needs it (the headline and its explanation).
        var breaks = false
        if case .breaksRequired = d.verdict { breaks = true } else if case .breaksPriority = d.verdict { breaks = true }
        let reference = reference ?? (breaks ? try? ReferenceEngine().layout(diagnosis.scenario) : nil)
        headline = Headline.select(d.constraints, measured: measured, engine: diagnosis.layout, reference: reference)
        switch d.verdict {
        case .breaksRequired, .breaksPriority:
            guard let h = headline else { identity = nil; return }
            let c = d.constraints[h.index]
            let explained = ResidualExplanation.explain(c, in: diagnosis.scenario, reference: reference,
                                                        engine: diagnosis.layout)
            explanation = explained
            var family = c.familyName
            if case .breaksPriority(let p) = d.verdict { family = "priority \(UISVNumber.format(p)): " + family }
            identity = CauseIdentity.of(c, family: family, explanation: explained, in: diagnosis.scenario)
        case .differsAtTie(let rule), .differsInRootBaseline(let rule):
            identity = CauseIdentity(family: rule)
        case .differsInRounding:
            identity = CauseIdentity(family: d.family)
        case .unusable(let reason):
            identity = CauseIdentity(family: "unusable", role: CaseFailure.signature(reason))
        case .agrees:
            identity = nil
        }
    }

    /// The headline's line for people: "breaks UISV-canvas-connection (required): stack.top == v0.top, but
    /// stack.top − v0.top = −8; the residual −8 = −layoutMargins.top (the stack is not margins-relative)"; the
    /// diagnosis's own first line when there is no headline constraint.
    public var summary: String {
        guard let c = headlineConstraint else { return diagnosis.diagnosis.lines.first ?? "" }
        var level = "required"
        if case .breaksPriority(let p) = diagnosis.diagnosis.verdict { level = "priority \(UISVNumber.format(p))" }
        var line = "breaks \(c.familyName) (\(level)): \(c.equation), but \(c.quantity) = \(UISVNumber.format(c.actual))"
        if let e = explanation { line += "; the residual " + e.text }
        return line
    }

    /// The headline's line with `explanation`'s words in place of the case's first: what a cause whose cases
    /// share that explanation says.
    static func summary(headline line: String, residual: Double, explanation: String) -> String {
        let head = line.firstRange(of: "; the residual ").map { String(line[..<$0.lowerBound]) } ?? line
        return head + "; the residual \(UISVNumber.format(residual)) = \(explanation)"
    }
}
