@_spi(Mutants) import StackConformance
import StackLayout

/// Runs a mutant against its designated property at the default case count and seed (`RunOptions()`).
public enum MutantCheck {
    public static func run(_ mutant: Mutant, _ property: ConformanceProperty,
                           options: RunOptions = RunOptions()) async -> PropertyResult {
        var o = options
        if let tree = mutant.tree {
            o.viewTree = tree
            return await ConformanceRunner.check(property, on: ReferenceEngine(), options: o)
        }
        return await ConformanceRunner.check(property, on: mutant.engine!, options: o)
    }
}
