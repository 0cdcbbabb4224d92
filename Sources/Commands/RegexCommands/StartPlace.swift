// Where PCRE2 tries a match when it searches on from an offset: tb regex's windows and lines must try the same places
// for their answers to be PCRE2's on the whole input.

/// Where PCRE2 tries a match after the offset a search starts from: at every byte; with UTF, at every character (not
/// on a continuation byte, even a stray one); or, for patterns that PCRE2 knows can start only there, at line starts.
/// It makes a difference with invalid UTF-8 only, but then tb must make the same.
enum StartPlace {
    case byte, character, lineStart
}
