// The libFuzzer entry points of `make fuzz` (built only with TB_FUZZ set and -sanitize=fuzzer, which links libFuzzer's
// main). TB_FUZZ_TARGET names the target; a property that does not hold is a crash, so libFuzzer keeps the input.
import Foundation
import FuzzTargets

/// The target this process fuzzes.
nonisolated(unsafe) let target: any FuzzTarget.Type = {
    let name = ProcessInfo.processInfo.environment["TB_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTargets.named(name) else {
        let names = FuzzTargets.all.map { $0.name }.joined(separator: " ")
        fatalError("TB_FUZZ_TARGET='\(name)' is not a fuzz target; the targets: \(names)")
    }
    return target
}()

/// With TB_FUZZ_SEEDS set, prints the fixture folders that seed the target's corpus, one a line, and exits (for
/// scripts/fuzz.sh).
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
    -> CInt
{
    if ProcessInfo.processInfo.environment["TB_FUZZ_SEEDS"] != nil {
        for folder in ["fuzz/" + target.name] + target.seedFolders { print(folder) }
        exit(0)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        try target.check(input)
    } catch {
        fatalError("\(target.name): \(error)")
    }
    return 0
}
