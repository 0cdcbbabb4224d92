// tb regex --files: the files a search would read, one source record each, in the order a search reads them (the
// walk of a directory in `rg --files --sort path` order), without reading any of them.
import POSIX
import Toolbox

/// Lists the files under the SOURCEs (the current directory when there is none, as `rg --files`).
struct FileListing {
    let walk: WalkSettings
    let input: InputSettings
    let context: Context

    func run(_ names: [ArgumentWord]) throws -> ExitStatus {
        var listed = 0
        var failed = 0
        func list(_ name: String) throws(OutputError) {
            try context.output.emit(SourceRecord(source: name))
            listed += 1
        }
        func list(directory: [UInt8]) throws(OutputError) {
            let walker = TreeWalk(root: directory, settings: walk)
            while let step = walker.next() {
                switch step {
                case .file(let path): try list(TreeWalk.show(path))
                case .problem(let message):
                    context.error(message)
                    failed += 1
                case .warning(let message): context.warn(message)
                }
            }
        }
        if names.isEmpty { try list(directory: TreeWalk.currentDirectory) }
        let reader = InputReader(context: context, settings: input)
        // URLs are read after the local sources: listed after them too.
        var remote: [String] = []
        for word in names {
            let source: Source
            do {
                source = try reader.resolve(word)
            } catch {
                context.error(error.message)
                failed += 1
                continue
            }
            switch source.kind {
            case .url: remote.append(source.name)
            case .standardInput: try list(source.name)
            case .file:
                let status: FileSystem.Status?
                do {
                    status = try FileSystem.status(bytes: source.path)
                } catch {
                    context.error("cannot read '\(source.name)': \(error.reason)")
                    failed += 1
                    continue
                }
                guard let status else {
                    context.error("cannot read '\(source.name)': No such file or directory")
                    failed += 1
                    continue
                }
                if status.kind == .directory {
                    try list(directory: source.path)
                } else {
                    try list(source.name)
                }
            }
        }
        for name in remote { try list(name) }
        if failed > 0 { return .failure }
        return listed > 0 ? .success : .negative
    }
}
