// The running process: its environment, signals, exec and exit.
internal import CPOSIX
import Glibc

/// The current process.
public enum System {
    /// All environment variables. The corresponding C variable is `environ`.
    public static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self), count: strlen(entry))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                result[String(decoding: bytes[..<equals], as: UTF8.self)] =
                    String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
            cursor += 1
        }
        return result
    }

    /// The process's arguments (argv[0] included) exactly as given: Swift's CommandLine.arguments replaces bytes
    /// that are not UTF-8, so a file with such a name could not be opened.
    public static func argumentBytes() -> [[UInt8]] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self),
                    count: strlen(argument)))
        }
    }

    /// The value of one environment variable, or nil. The corresponding C function is `getenv`.
    public static func variable(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// The process ID. The corresponding C function is `getpid`.
    public static var processID: Int32 { getpid() }

    /// Makes writes fail with an error instead of killing the process: EPIPE when the reader of a pipe is gone
    /// (SIGPIPE) and EFBIG when a file size limit is hit (SIGXFSZ). The corresponding C function is `signal`.
    public static func ignoreWriteSignals() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Lets the signals that stop a program reach this one (SIGINT, SIGTERM, SIGHUP, SIGQUIT), whatever mask the
    /// parent left: a process started by a parent that blocks them (some test runners and supervisors do) could
    /// otherwise not be stopped, and `tb reach --watch` runs until it is. The corresponding C function is
    /// `sigprocmask`.
    public static func unblockStopSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&set, signal) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Replaces this process with the program at `path`; returns only when that fails.
    /// The corresponding C function is `execve`.
    public static func execute(path: String, arguments: [String], environment: [String: String]) -> SystemError {
        exec(path, arguments.map { strdup($0) }, environment.map { strdup("\($0.key)=\($0.value)") })
    }

    /// Replaces this process with the program at `path`, giving it this process's own arguments from
    /// `argv[index]` on and its own environment with `variables` set, all byte for byte (Swift Strings would
    /// repair invalid UTF-8). Returns only when that fails. The corresponding C function is `execve`.
    public static func execute(path: String, argumentsFrom index: Int, setting variables: [String: String])
        -> SystemError
    {
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(path)]
        for position in index..<Int(CommandLine.argc) {
            if let argument = CommandLine.unsafeArgv[position] { argv.append(strdup(argument)) }
        }
        var envp: [UnsafeMutablePointer<CChar>?] = []
        var cursor = environ
        while let entry = cursor.pointee {
            let name = String(
                decoding: UnsafeBufferPointer(
                    start: UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self), count: strcspn(entry, "=")),
                as: UTF8.self)
            if variables[name] == nil { envp.append(strdup(entry)) }
            cursor += 1
        }
        for (name, value) in variables { envp.append(strdup("\(name)=\(value)")) }
        return exec(path, argv, envp)
    }

    /// execve with C strings this frees when it fails. Signals tb ignores would stay ignored across exec: the
    /// program deserves the default behaviour.
    private static func exec(
        _ path: String, _ argv: [UnsafeMutablePointer<CChar>?], _ envp: [UnsafeMutablePointer<CChar>?]
    ) -> SystemError {
        signal(SIGPIPE, SIG_DFL)
        signal(SIGXFSZ, SIG_DFL)
        execve(path, argv + [nil], envp + [nil])
        let error = SystemError.last
        for pointer in argv + envp { free(pointer) }
        return error
    }

    /// Raises the soft limit of open files to the hard limit (work on many sources at once needs many descriptors)
    /// and returns the limit now in force. The corresponding C functions are `getrlimit` and `setrlimit`.
    public static func raiseOpenFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// Keeps buffers of up to 8 MiB on the heap instead of mapping and unmapping them one by one: with a
    /// second thread, every munmap costs a TLB shootdown on both cores. The corresponding C function is `mallopt`.
    public static func keepBuffersOnTheHeap() {
        CPOSIX_set_malloc_thresholds(8 << 20, 32 << 20)
    }

    /// How many processors this process may run on (at least 1). The corresponding C function is `sysconf`
    /// (_SC_NPROCESSORS_ONLN).
    public static var processorCount: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// Stops glibc from keeping freed small chunks in its fast bins. A program that builds and frees trees of
    /// millions of small nodes (tb html) otherwise spends a tenth of its time consolidating those bins, which glibc
    /// does whenever a large chunk is freed; the per-thread caches still serve small allocations. The corresponding
    /// C function is `mallopt` (M_MXFAST).
    public static func disableFastBins() {
        CPOSIX_disable_fast_bins()
    }

    /// Makes every thread allocate from the main thread's heap. glibc gives each thread an arena of its own, which
    /// keeps what was freed in it for that thread: a pipeline of threads that hand buffers to one another (tb feed)
    /// holds its high-water mark once per thread. The per-thread caches still serve small allocations without the
    /// lock. The corresponding C function is `mallopt` (M_ARENA_MAX).
    public static func shareOneMallocArena() {
        CPOSIX_set_malloc_arenas(1)
    }

    /// Makes sure descriptors 0, 1 and 2 are taken, so that a file tb opens never lands on one of them and receives
    /// output meant for stdout or stderr. One that was closed is held by /dev/null opened the other way (stdin for
    /// writing, stdout and stderr for reading): every read or write on it still fails with EBADF, as on the closed
    /// descriptor. Output to a stdout that was closed must fail rather than vanish — `tb feed --new >&-` would
    /// otherwise mark every item seen — while `>/dev/null` stays an output like any other. The stand-in is
    /// close-on-exec, so a plugin finds the descriptor closed as tb did. The corresponding C functions are `fcntl`,
    /// `open` and `dup2`.
    public static func openStandardDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 {
            let opened = open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY) | O_CLOEXEC)
            if opened != fd && opened >= 0 {
                dup2(opened, fd)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                close(opened)
            }
        }
    }

    /// Ends the process with `status` without running further Swift code. The corresponding C function is `exit`.
    public static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }
}
