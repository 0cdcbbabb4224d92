// Numbers a test takes from the environment: the seed and the number of cases of a randomized test, to repeat one.
import Foundation

/// The value of environment variable `name` as a number, or nil when it is not set or not one.
public func environmentNumber(_ name: String) -> UInt64? {
    ProcessInfo.processInfo.environment[name].flatMap { UInt64($0) }
}
