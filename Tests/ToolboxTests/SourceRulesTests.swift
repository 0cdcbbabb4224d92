// The rules docs/ARCHITECTURE.md and CONTRIBUTING.md give, checked over the sources: C and the C library only under
// Sources/Shims, each shim over its own C module, one convention for C names, no Foundation in the product, one type
// a file, short functions, and a repository that refers to nothing outside it.
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

    /// Sources/Shims/<Lib> imports no C module but C<Lib>: a library's C is reached through its own shim only.
    @Test func eachShimImportsOnlyItsOwnCModule() {
        for file in swiftFiles(under: "Sources/Shims") {
            let shim = file.path.split(separator: "/")[2]
            for line in file.text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let at = words.firstIndex(of: "import"), at + 1 < words.count else { continue }
                let imported = String(words[at + 1])
                guard Self.cModules.contains(imported) else { continue }
                #expect(imported == "C" + shim, "\(file.path) imports \(imported)")
            }
        }
    }

    /// Every function a C module declares or defines for Swift is `C<Module>_` and snake_case
    /// (`CPOSIX_stop_install`, `CNet_icmp_open`); functions private to a .c file are `static`.
    @Test func cNamesFollowOneConvention() throws {
        let declaration = try Regex(
            #"^(?:static inline |extern )?[A-Za-z_][A-Za-z0-9_ ]*[ *]+([A-Za-z_][A-Za-z0-9_]*)\("#)
        for module in Self.cModules.sorted() {
            let root = Package.root + "/Sources/Shims/" + module
            let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
            for name in files where name.hasSuffix(".h") || name.hasSuffix(".c") {
                let text = try String(contentsOfFile: root + "/" + name, encoding: .utf8)
                for line in text.split(separator: "\n")
                where !line.hasPrefix("static ") || line.hasPrefix("static inline ") {
                    guard !name.hasSuffix(".c") || !line.hasPrefix("static"),
                        let match = String(line).firstMatch(of: declaration), let function = match[1].substring
                    else { continue }
                    let rest = function.dropFirst(module.count + 1)
                    let snake = rest.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" }
                    #expect(
                        function.hasPrefix(module + "_") && snake && !rest.isEmpty,
                        "\(module)/\(name): \(function) is not \(module)_snake_case")
                }
            }
        }
    }

    /// The top-level types a file declares that other files may use (private ones are the file's own).
    func visibleTypes(in text: String) throws -> [String] {
        let declaration = try Regex(
            #"^(?:@[\w.]+(?:\([^)]*\))? +)*((?:(?:public|private|fileprivate|internal|final|package|indirect|nonisolated) +)*)(?:struct|class|enum|protocol|actor) +([A-Za-z_]\w*)"#
        )
        return text.split(separator: "\n").compactMap { line in
            guard let match = String(line).firstMatch(of: declaration) else { return nil }
            let modifiers = match[1].substring ?? ""
            return modifiers.contains("private") ? nil : match[2].substring.map(String.init)
        }
    }

    /// One type a file: a file named for a type holds no other type that other files may use. A family of small
    /// types that make sense only together (a syntax tree's nodes, a tokenizer's tokens) shares a file named for the
    /// family, which is named for none of them.
    @Test func aFileNamedForATypeHoldsThatTypeAlone() throws {
        let folders = ["Sources", "Tests/TestSupport", "Tests/FuzzTargets"]
        for file in folders.flatMap({ swiftFiles(under: $0) }) {
            let name = String(file.path.split(separator: "/").last?.dropLast(6) ?? "")
            let types = try visibleTypes(in: file.text)
            guard types.contains(name) else { continue }
            #expect(types == [name], "\(file.path) holds \(types.filter { $0 != name }) besides \(name)")
        }
    }

    /// The lines of every function longer than `limit`, found by matching braces (strings and comments left out).
    func longFunctions(in text: String, limit: Int) throws -> [(name: String, lines: Int, marked: Bool)] {
        let start = try Regex(
            #"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|static|final|override|mutating|nonmutating|nonisolated|consuming|borrowing|class|convenience|required|package)\s+)*(?:func\s+\S+?[(<]|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<])"#
        )
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [(name: String, lines: Int, marked: Bool)] = []
        for (index, line) in lines.enumerated() where line.firstMatch(of: start) != nil {
            var depth = 0
            var opened = false
            var end = index
            var inString = false
            scan: while end < lines.count {
                if lines[end].contains("\"\"\"") { inString.toggle() }
                if !inString {
                    var quoted = false
                    var previous: Character = " "
                    for character in lines[end] {
                        if character == "\"" && previous != "\\" { quoted.toggle() }
                        if !quoted && character == "/" && previous == "/" { break }
                        if !quoted && character == "{" { depth += 1; opened = true }
                        if !quoted && character == "}" { depth -= 1 }
                        previous = character
                    }
                }
                if opened && depth <= 0 { break scan }
                if !opened && end > index + 15 { break scan }
                end += 1
            }
            let count = end - index + 1
            guard opened, count > limit else { continue }
            let comment = lines[max(0, index - 6)..<index].joined(separator: "\n")
            found.append(
                (line.trimmingCharacters(in: .whitespaces), count, comment.contains("longer than \(limit) lines")))
        }
        return found
    }

    /// No function over 80 lines, except a state machine's one switch or a generated table, whose comment says
    /// that it is "longer than 80 lines" and why.
    @Test func functionsAreShort() throws {
        for file in swiftFiles(under: "Sources") {
            for function in try longFunctions(in: file.text, limit: 80) where !function.marked {
                Issue.record("\(file.path): \(function.lines) lines: \(function.name)")
            }
        }
    }

    /// A clone has everything a reader needs: nothing refers to notes, issues or documents outside the repository.
    @Test func nothingRefersOutsideTheRepository() throws {
        // Spelled in pieces, so that this file does not find itself.
        let outside = try Regex("\\.\\./" + "shared|DES" + "IGN(?:\\.md| §)|notes/" + "html|\\b[Ii]ssue " + "[0-9]")
        let folders = ["Sources", "Tests", "bench", "scripts", "examples", "docs", "Plugins"]
        let files = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", "Makefile", "Package.swift", ".ci/run"]
        var texts: [(String, String)] = files.map {
            ($0, (try? String(contentsOfFile: Package.root + "/" + $0, encoding: .utf8)) ?? "")
        }
        for folder in folders {
            let root = Package.root + "/" + folder
            let names = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
            for name in names where [".swift", ".md", ".sh", ".py", ".c", ".h"].contains(where: name.hasSuffix) {
                guard !name.hasPrefix("Fixtures/") else { continue }
                texts.append(
                    ("\(folder)/\(name)", (try? String(contentsOfFile: root + "/" + name, encoding: .utf8)) ?? ""))
            }
        }
        for (path, text) in texts {
            for line in text.split(separator: "\n") where line.contains(outside) && !line.contains("lexbor issue") {
                Issue.record("\(path): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }
}
