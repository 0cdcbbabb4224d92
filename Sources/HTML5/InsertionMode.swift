/// The insertion modes (13.2.4.1).
enum InsertionMode {
    case initial, beforeHTML, beforeHead, inHead, inHeadNoscript, afterHead, inBody, text, inTable, inTableText
    case inCaption, inColumnGroup, inTableBody, inRow, inCell, inTemplate, afterBody
    case inFrameset, afterFrameset, afterAfterBody, afterAfterFrameset
}
