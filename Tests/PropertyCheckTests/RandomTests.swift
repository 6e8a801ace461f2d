import Testing
@testable import PropertyCheck

/// Known answers and pinned values. The pinned values were computed with an independent Python
/// transcription of SplitMix64, xoshiro256** and Lemire's bounded mapping, not copied from this code's output.
@Suite struct RandomTests {
    @Test func splitMix64KnownAnswers() {
        var sm = SplitMix64(state: 0)
        #expect([sm.next(), sm.next(), sm.next()] == [0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f])
    }

    @Test func xoshiroKnownAnswers() {
        var x = Xoshiro256StarStar(state: (1, 2, 3, 4))
        #expect([x.next(), x.next(), x.next(), x.next()] == [11520, 0, 1509978240, 1215971899390074240])
    }

    @Test func seededFromSplitMixPinned() {
        var x = Xoshiro256StarStar(seed: 0)
        #expect([x.next(), x.next(), x.next()] == [11091344671253066420, 13793997310169335082, 1900383378846508768])
        var y = Xoshiro256StarStar(seed: 0)
        #expect((0..<8).map { _ in y.next(upTo: 9) } == [6, 7, 1, 4, 7, 9, 4, 5])
    }

    @Test func boundedMappingStaysInRangeAndCoversIt() {
        var x = Xoshiro256StarStar(seed: 42)
        var seen = Set<UInt64>()
        for _ in 0..<2000 {
            let v = x.next(upTo: 6)
            #expect(v <= 6)
            seen.insert(v)
        }
        #expect(seen.count == 7)
        #expect(x.next(upTo: 0) == 0)
        _ = x.next(upTo: .max)
    }

    @Test func seedsFormatAndParse() {
        #expect(Seed.format(0) == "0000000000000000")
        #expect(Seed.format(0xdeadbeef) == "00000000deadbeef")
        #expect(Seed.parse("0xDEADbeef") == 0xdeadbeef)
        #expect(Seed.parse("ff") == 255)
        #expect(Seed.parse("") == nil)
        #expect(Seed.parse("0x") == nil)
        #expect(Seed.parse("12345678901234567") == nil)
        #expect(Seed.parse("xyz") == nil)
    }

    // FNV-1a 64 test vectors (from the FNV reference): "" and "a".
    @Test func fnv1a() {
        #expect(Seed.fnv1a("") == 0xcbf29ce484222325)
        #expect(Seed.fnv1a("a") == 0xaf63dc4c8601ec8c)
        #expect(Seed.derive(0, property: "p", context: "") != Seed.derive(0, property: "q", context: ""))
        #expect(Seed.derive(0, property: "p", context: "a") != Seed.derive(0, property: "p", context: "b"))
    }

    @Test func tokensRoundTripAndRejectGarbage() throws {
        let t = ReplayToken(property: "tree.arrangedSubsetOfSubviews", context: "fill,hidden", choices: [0, 1, 127, 128, 300, .max])
        #expect(try ReplayToken(parsing: t.encoded) == t)
        #expect(try ReplayToken(parsing: "  \(t.encoded)\n") == t)
        #expect(t.encoded.hasPrefix("pc2_"))
        #expect(t.encoded.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
        for bad in ["", "pc3_AAAA", "pc2_!!", "pc2_A", "pc2_" + Base64URL.encode([0x61, 0x00, 0x62]), "pc2_" + Base64URL.encode([0x61, 0, 0, 0xFF])] {
            #expect(throws: ReplayToken.Invalid.self) { try ReplayToken(parsing: bad) }
        }
    }

    /// A version-1 token is refused with a message that says so, not read as a different case.
    @Test func versionOneTokensGetAClearError() {
        let old = "pc1_" + Base64URL.encode(Array("p".utf8) + [0, 0, 1, 2, 3])
        do {
            _ = try ReplayToken(parsing: old)
            Issue.record("a pc1_ token was accepted")
        } catch {
            #expect(error.reason.contains("version-1 token"))
            #expect(error.reason.contains("pc2_"))
        }
    }
}
