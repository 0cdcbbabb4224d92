// The names of the Tags, written out for start-up's sake, are the cases' own names.
import TestSupport
import Testing

@testable import HTML5

struct TagTests {
    @Test func theNamesAreTheCases() {
        let spelled: [HTML5.Tag: String] = [
            .other: "", .annotationXML: "annotation-xml", .foreignObject: "foreignobject",
        ]
        #expect(HTML5.Tag.names.count == HTML5.Tag.allCases.count)
        for tag in HTML5.Tag.allCases {
            #expect(tag.name == spelled[tag] ?? "\(tag)", "\(tag)")
        }
    }

    @Test func aNewTableHoldsTheTagsInOrder() {
        let table = NameTable()
        #expect(table.count == HTML5.Tag.allCases.count)
        for tag in HTML5.Tag.allCases {
            #expect([UInt8](copying: table.name(tag.id)) == Array(tag.name.utf8), "\(tag)")
        }
    }
}
