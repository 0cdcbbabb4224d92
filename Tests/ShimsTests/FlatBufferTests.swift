// FlatBuffer, the batch buffers of HTMLStreamParser's parsing thread: values in order, and memory given back after a
// batch that needed much more than usual (a 14 MB comment must not keep 14 MB for the rest of the page).
import Testing

@testable import LibXML2

struct FlatBufferTests {
    @Test func growsAndShrinksBack() {
        var buffer = FlatBuffer<UInt32>(capacity: 16)
        for value in 0..<1_000 { buffer.append(UInt32(value)) }
        let bytes: [UInt32] = [7, 8, 9]
        bytes.withUnsafeBufferPointer { buffer.append($0.baseAddress!, count: 3) }  // not empty
        buffer[0] = 42
        #expect(buffer.removeLast() == 9)
        let values = buffer.takeArray()
        #expect(values.count == 1_002)
        #expect(values.prefix(2) == [42, 1])
        #expect(values.suffix(2) == [7, 8])
        #expect(buffer.count == 0)
        #expect(buffer.capacity == 16)
        // Within four times the usual capacity, the memory stays for the next batch.
        for value in 0..<40 { buffer.append(UInt32(value)) }
        #expect(buffer.takeArray() == (0..<40).map(UInt32.init))
        #expect(buffer.capacity == 64)
    }
}
