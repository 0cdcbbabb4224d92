// The element and attribute names of one stream parse, numbered: libxml2 hands each name as a pointer into its
// dictionary (or to a constant for the elements it implies), so the same pointer is the same name.
import Glibc

/// Numbers names by libxml2's pointer, checking the bytes, so that a name costs one lookup and no allocation after
/// the first time.
struct HTMLStreamNames {
    /// Open addressing over pointers: 0 marks a free slot; `numbers` holds each slot's name number.
    private var pointers = [UInt](repeating: 0, count: 64)
    private var numbers = [UInt32](repeating: 0, count: 64)
    private var used = 0
    /// Each name's bytes with its terminating 0, one after the other; `starts[n]` is where name n begins.
    private var spellings: [UInt8] = []
    private var starts: [Int] = []
    private var byName: [String: UInt32] = [:]

    /// The number of the name at `name`, a 0-terminated string; `new` gets each name seen for the first time, in
    /// the order of their numbers.
    mutating func number(_ name: UnsafePointer<UInt8>, new: (String) -> Void) -> UInt32 {
        let address = UInt(bitPattern: name)
        let mask = pointers.count - 1
        var slot = Self.hash(address) & mask
        while pointers[slot] != 0 {
            if pointers[slot] == address {
                let number = numbers[slot]
                if spells(Int(number), name) { return number }
                // The pointer was reused for another name: look that one up as below.
                let found = lookUp(name, new: new)
                numbers[slot] = found
                return found
            }
            slot = (slot + 1) & mask
        }
        let found = lookUp(name, new: new)
        pointers[slot] = address
        numbers[slot] = found
        used += 1
        if used * 2 > pointers.count { grow() }
        return found
    }

    /// Whether name `number` is spelled as the string at `name`. strcmp, not memcmp over the stored length: a reused
    /// pointer may hold a shorter name, and memcmp may read (AddressSanitizer checks) every byte of the length.
    private func spells(_ number: Int, _ name: UnsafePointer<UInt8>) -> Bool {
        spellings.withUnsafeBufferPointer { spellings in
            guard let base = spellings.baseAddress else { return false }
            return strcmp(
                UnsafeRawPointer(base + starts[number]).assumingMemoryBound(to: CChar.self),
                UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)) == 0
        }
    }

    private mutating func lookUp(_ name: UnsafePointer<UInt8>, new: (String) -> Void) -> UInt32 {
        let text = String(cString: name)
        if let number = byName[text] { return number }
        let number = UInt32(starts.count)
        byName[text] = number
        starts.append(spellings.count)
        spellings.append(contentsOf: UnsafeBufferPointer(start: name, count: strlen(name) + 1))
        new(text)
        return number
    }

    private mutating func grow() {
        let old = zip(pointers, numbers).filter { $0.0 != 0 }
        pointers = [UInt](repeating: 0, count: pointers.count * 2)
        numbers = [UInt32](repeating: 0, count: pointers.count)
        let mask = pointers.count - 1
        for (address, number) in old {
            var slot = Self.hash(address) & mask
            while pointers[slot] != 0 { slot = (slot + 1) & mask }
            pointers[slot] = address
            numbers[slot] = number
        }
    }

    /// Fibonacci hashing: the low bits of a pointer are mostly alignment.
    private static func hash(_ address: UInt) -> Int {
        Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }
}
