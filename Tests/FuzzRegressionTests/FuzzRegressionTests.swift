// Replays every fuzz target's seeds and every input a fuzzer found (Tests/Fixtures/fuzz/TARGET/) through the
// target's check, so that `make test` keeps each finding fixed without running a fuzzer.
import Foundation
import FuzzTargets
import TestSupport
import Testing

struct FuzzRegressionTests {
    @Test(.serialized, arguments: FuzzTargets.all.map { $0.name })
    func seedsAndFindingsHold(_ name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        var inputs = 0
        for folder in ["fuzz/" + name] + target.seedFolders {
            let path = Fixtures.folder(folder)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            for file in files.sorted() {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path + "/" + file, isDirectory: &isDirectory),
                    !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path + "/" + file)
                else { continue }
                inputs += 1
                do {
                    try target.check([UInt8](data))
                } catch {
                    // Quoted: a finding often holds control characters and NULs.
                    Issue.record("\(folder)/\(file): \(String(reflecting: "\(error)"))")
                }
            }
        }
        #expect(inputs > 0, "the target \(name) has seeds in Tests/Fixtures/fuzz/\(name)")
    }
}
