// tb html's decoding stage: the shared StreamDecoder with the HTML standard's sniffer, which --encoding overrides.
import Toolbox

/// The decoding stage of one source.
typealias HTMLDecoder = StreamDecoder

extension StreamDecoder {
    /// A decoder for the page `name`; `override` is --encoding's label, which wins over everything the page says.
    init(name: String, override: String?) {
        self.init(name: name, sniffer: HTMLEncodingSniffer(override: override))
    }
}
