// The running process: its environment, signals, exec and exit.
import Glibc

/// The current process.
public enum System {
    /// All environment variables. The corresponding C variable is `environ`.
    public static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let pair = String(cString: entry)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            cursor += 1
        }
        return result
    }

    /// The process ID. The corresponding C function is `getpid`.
    public static var processID: Int32 { getpid() }

    /// Makes writes fail with an error instead of killing the process: EPIPE when the reader of a pipe is gone
    /// (SIGPIPE) and EFBIG when a file size limit is hit (SIGXFSZ). The corresponding C function is `signal`.
    public static func ignoreWriteSignals() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Replaces this process with the program at `path`; returns only when that fails.
    /// The corresponding C function is `execve`.
    public static func execute(path: String, arguments: [String], environment: [String: String]) -> SystemError {
        // Signals ignored here stay ignored across exec; the plugin deserves the default behaviour.
        signal(SIGPIPE, SIG_DFL)
        signal(SIGXFSZ, SIG_DFL)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        execve(path, argv, envp)
        let error = SystemError.last
        for pointer in argv + envp { free(pointer) }
        return error
    }

    /// Ends the process with `status` without running further Swift code. The corresponding C function is `exit`.
    public static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }
}
