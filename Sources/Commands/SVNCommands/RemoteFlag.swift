import POSIX
import SVN
import Toolbox

/// Whether the target being read is on a server; shared with the client's callback.
final class RemoteFlag {
    var isOn = false
}
