// gumbo, the HTML5 parser, loaded on first use; parseHTML5 (HTML5Parser.swift) is the way in.
internal import CGumbo
import Loader

/// gumbo's functions and default options, called straight through the table (`gumbo.gumbo_parse_with_options(…)`);
/// only once `Gumbo.loaded` succeeded, which every way into this module checks first.
var gumbo: CGumbo_table { CGumbo_fn().pointee }

/// The gumbo library.
public enum Gumbo {
    /// Loads gumbo the first time any wrapper needs it; Swift runs this initializer once, thread-safely.
    static let loaded: Result<Void, GumboError> = LazyLibrary.load("libgumbo", CGumbo_load) {
        GumboError(message: $0)
    }
}
