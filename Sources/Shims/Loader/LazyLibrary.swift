// The Swift side of CLoader: opens a library that its C module declares with CLOADER_LIBRARY.
import Bytes

/// A heavy C library loaded with dlopen when a shim first needs it (see CLoader.h).
///
/// Each shim keeps the result in a lazy global, which Swift initialises once and thread-safely, and then calls the
/// library's functions through its C module's table:
///
///     static let loaded: Result<Void, FooError> = LazyLibrary.load("libfoo", CFoo_load) { FooError(message: $0) }
///     var libfoo: CFoo_table { CFoo_fn().pointee }   // libfoo.foo_open(…), once `loaded` succeeded
public enum LazyLibrary {
    /// Opens the library with `load`, its C module's `C<Lib>_load`. A failure becomes `failure("cannot load
    /// NAME: REASON")`, with the dynamic loader's reason (the library is not installed, or lacks a symbol).
    public static func load<Failure: Error>(
        _ name: String, _ load: (UnsafeMutablePointer<CChar>, UInt) -> Int32, failure: (String) -> Failure
    ) -> Result<Void, Failure> {
        var message = [CChar](repeating: 0, count: 512)
        guard load(&message, UInt(message.count)) == 0 else {
            return .failure(failure("cannot load \(name): " + Bytes.string(fromCString: message)))
        }
        return .success(())
    }
}
