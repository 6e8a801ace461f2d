/// A label's text in the box font (SCENARIO-FORMAT.md, "Text leaves"; Spec §2.7): `characters` boxes, each
/// `advance` wide, on lines `lineHeight` tall, the baseline `ascent` below a line's top. Wrapping may break between
/// any two characters and fills lines greedily, so every size is a closed form and exact in every language.
///
/// Invariants (checked by `Scenario.validate()`): `characters ≥ 0`, `advance > 0`, `lineHeight ≥ 0`, `ascent`
/// finite, `numberOfLines ≥ 0`, `preferredMaxLayoutWidth` nil (automatic) or > 0.
public struct TextContent: Hashable, Sendable {
    /// N, the number of characters.
    public var characters: Int
    /// a, the width of one character.
    public var advance: Double
    /// h, the height of one line.
    public var lineHeight: Double
    /// b, the first baseline's offset from the top of its line.
    public var ascent: Double
    /// k, UILabel's `numberOfLines`: 0 is unlimited, 1 a single line, k > 1 at most k lines.
    public var numberOfLines: Int
    /// p, UILabel's `preferredMaxLayoutWidth`; nil (0 in a document) means automatic.
    public var preferredMaxLayoutWidth: Double?

    /// A text with the box font's defaults: 10-point advance, 20-point lines, ascent 15, one line, automatic width.
    public init(characters: Int, advance: Double = 10, lineHeight: Double = 20, ascent: Double = 15,
                numberOfLines: Int = 1, preferredMaxLayoutWidth: Double? = nil) {
        self.characters = characters
        self.advance = advance
        self.lineHeight = lineHeight
        self.ascent = ascent
        self.numberOfLines = numberOfLines
        self.preferredMaxLayoutWidth = preferredMaxLayoutWidth == 0 ? nil : preferredMaxLayoutWidth
    }

    /// Whether the label wraps: `numberOfLines ≠ 1` (R-TW-1, R-TW-2 and the two passes apply only to such labels).
    public var wraps: Bool { numberOfLines != 1 }

    /// cpl(w): characters per line at width `w`, `max(1, ⌊w/a + 1e-9⌋)` for w > 0 and N for w ≤ 0, never more
    /// than N (which changes neither the line count nor the used width). The 1e-9 guard keeps a solved width a
    /// rounding error below a multiple of the advance (99.99999999999999 for 100) on the longer line.
    public func charactersPerLine(width w: Double) -> Int {
        guard w > 0, characters > 0 else { return characters }
        let fit = max(1, (w / advance + 1e-9).rounded(.down))
        return fit >= Double(characters) ? characters : Int(fit)
    }

    /// lines(w) = ⌈N / cpl(w)⌉, capped at k when k > 0; 0 for an empty text.
    public func lines(width w: Double) -> Int {
        guard characters > 0 else { return 0 }
        let perLine = charactersPerLine(width: w)
        let wrapped = (characters + perLine - 1) / perLine
        return numberOfLines > 0 ? min(wrapped, numberOfLines) : wrapped
    }

    /// The size at width `w`: (min(N, cpl(w))·a, lines(w)·h).
    public func size(width w: Double) -> Size {
        Size(width: Double(charactersPerLine(width: w)) * advance, height: Double(lines(width: w)) * lineHeight)
    }

    /// The single-line size (N·a, h); an empty text is 0 × 0 (TENTATIVE, §9 R-T-10).
    public var singleLineSize: Size {
        characters == 0 ? Size(width: 0, height: 0) : Size(width: Double(characters) * advance, height: lineHeight)
    }

    /// The label's intrinsic size in a pass (§2.7): a single-line label always has its single-line size (R-T-10);
    /// a wrapping one its size at `preferredMaxLayoutWidth` when set, else its single-line size in pass 1 (`width`
    /// nil) and its size at its solved width in pass 2.
    public func intrinsicSize(solvedWidth width: Double?) -> Size {
        guard wraps else { return singleLineSize }
        if let p = preferredMaxLayoutWidth { return size(width: p) }
        guard let width else { return singleLineSize }
        return size(width: width)
    }

    /// The baselines for an intrinsic height of `lineCount` lines: first `b`, last `(lines − 1)·h + b`; nil (the
    /// bottom edge) for an empty text (R-T-10).
    public func baselines(lineCount: Int) -> (first: Double, last: Double)? {
        guard characters > 0, lineCount > 0 else { return nil }
        return (ascent, Double(lineCount - 1) * lineHeight + ascent)
    }

    /// The number of lines of the intrinsic size `intrinsicSize(solvedWidth:)` gives for the same argument.
    public func lineCount(solvedWidth width: Double?) -> Int {
        guard characters > 0 else { return 0 }
        guard wraps else { return 1 }
        if let p = preferredMaxLayoutWidth { return lines(width: p) }
        guard let width else { return 1 }
        return lines(width: width)
    }
}
