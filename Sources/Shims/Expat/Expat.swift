// Expat, the streaming XML parser behind `tb feed`. Wrappers are added here as the commands need them.
internal import CExpat

/// The expat library.
public enum Expat {
    /// The version of the linked library, such as "2.5.0". The corresponding C function is `XML_ExpatVersionInfo`.
    public static var version: String {
        let info = XML_ExpatVersionInfo()
        return "\(info.major).\(info.minor).\(info.micro)"
    }
}
