// A deterministic random generator for the tests that try many generated inputs: a fixed seed tries the same inputs
// every run; a test that draws a fresh seed each run names it, so that a failure can be repeated.
import Foundation

/// SplitMix64: a small deterministic random generator, so a seed always gives the same inputs.
public struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    /// The seed the generator started from, for failure messages.
    public let seed: UInt64

    public init(seed: UInt64) {
        state = seed
        self.seed = seed
    }

    /// A generator for a test that tries new inputs every run: seeded from $TB_SEED when set (to repeat a failure),
    /// else at random. It prints its seed before the test draws anything, so that even a crash can be repeated, and
    /// `repeatHint` goes into the test's failure messages.
    public static func fresh(_ test: String = #function) -> SeededGenerator {
        var system = SystemRandomNumberGenerator()
        let seed = ProcessInfo.processInfo.environment["TB_SEED"].flatMap { UInt64($0) } ?? system.next()
        let generator = SeededGenerator(seed: seed)
        print("\(test): \(generator.repeatHint)")
        return generator
    }

    /// How to repeat a run of this generator: `seed 123 (TB_SEED=123 repeats it)`.
    public var repeatHint: String { "seed \(seed) (TB_SEED=\(seed) repeats it)" }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
