import SVN
import Toolbox

/// What ls asks of every target.
struct ListingRequest {
    let depth: SVNDepth
    let fields: SVNDirentFields
    let locks: Bool
    /// -r, nil for the peg revision.
    let revision: RevisionText?
}
