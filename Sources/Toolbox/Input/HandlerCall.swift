// Calling an input handler: its errors sorted into those that end the run (the output went away) and those that end
// only its source.

/// Runs a handler's calls through the decompressing input and sorts its errors: output errors end the run, others end
/// only this source.
enum HandlerCall {
    /// The outcome of handing bytes to a handler.
    enum Outcome {
        case goOn, stopped
        case failed(String)
    }

    /// The message of a call that returns nothing (idle, finish, abandon) when it failed; nil when it went well.
    static func failure(of body: () throws -> Void) throws(OutputError) -> String? {
        if case .failed(let message) = try run({
            try body(); return true
        }) {
            return message
        }
        return nil
    }

    static func run(_ body: () throws -> Bool) throws(OutputError) -> Outcome {
        do {
            return try body() ? .goOn : .stopped
        } catch let error as OutputError {
            throw error
        } catch let error as ToolError {
            return .failed(error.message)
        } catch let error as UsageError {
            return .failed(error.message)
        } catch {
            return .failed(String(describing: error))
        }
    }
}
