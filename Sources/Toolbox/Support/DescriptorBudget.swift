// How much work that holds descriptors (sockets, resolver pipes) may run at once: many sources or targets beyond the
// open-files limit wait for a slot instead of failing with "too many open files".
import POSIX

/// The share of the open-files limit that concurrent work may use.
public enum DescriptorBudget {
    /// Descriptors kept back for everything else: stdio, the store's files and locks, local sources, the
    /// libraries' own wake-up pipes.
    static let reserve = 32

    /// Raises the soft open-files limit to the hard one, then says how many tasks that each hold up to `each`
    /// descriptors may run at once: at least one, at most 4096.
    public static func concurrentTasks(holding each: Int = 4) -> Int {
        tasks(openFiles: System.raiseOpenFileLimit(), holding: each)
    }

    static func tasks(openFiles: Int, holding each: Int) -> Int {
        max(1, min(4096, (openFiles - reserve) / each))
    }
}
