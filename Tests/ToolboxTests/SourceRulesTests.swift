// The layout rules docs/ARCHITECTURE.md gives ("The C rules"): C and the C library only under Sources/Shims, no
// Foundation in the product.
import Foundation
import TestSupport
import Testing

struct SourceRulesTests {
    /// Every C module: the folders Sources/Shims/C<Upper>… (a new one is covered the day it is added).
    static let cModules: Set<String> = {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: Package.root + "/Sources/Shims")) ?? []
        return Set(folders.filter { $0.count > 1 && $0.hasPrefix("C") && $0.dropFirst().first?.isUppercase == true })
    }()

    @Test func theCModulesAreFound() {
        #expect(Self.cModules.isSuperset(of: ["CExpat", "CCurl", "CNet", "CPOSIX", "CLoader"]), "\(Self.cModules)")
    }

    func swiftFiles(under folder: String) -> [(path: String, text: String)] {
        let root = Package.root + "/" + folder
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") }.map {
            ("\(folder)/\($0)", (try? String(contentsOfFile: root + "/" + $0, encoding: .utf8)) ?? "")
        }
    }

    @Test func onlyShimsImportC() {
        for file in swiftFiles(under: "Sources") where !file.path.hasPrefix("Sources/Shims/") {
            for line in file.text.split(separator: "\n") {
                let words = line.split(separator: " ")
                let imported = words.firstIndex(of: "import").flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil }
                guard let imported else { continue }
                let forbidden =
                    Self.cModules.contains(String(imported)) || imported == "Glibc" || imported == "Foundation"
                #expect(!forbidden, "\(file.path): \(line)")
            }
        }
    }

    @Test func cImportsInShimsAreInternal() {
        for file in swiftFiles(under: "Sources/Shims") {
            for line in file.text.split(separator: "\n")
            where line.hasPrefix("import C") || line.hasPrefix("public import C") {
                Issue.record("\(file.path): '\(line)' should be 'internal import'")
            }
        }
    }

    @Test func noUnsafePointersOutsideShims() {
        for file in swiftFiles(under: "Sources") where !file.path.hasPrefix("Sources/Shims/") {
            #expect(!file.text.contains("Unsafe"), "\(file.path) mentions Unsafe")
        }
    }
}
