import AemtliCore
import XCTest

final class MemberSlugsTests: XCTestCase {
    func testFoldsNamesToLowercaseASCII() {
        XCTAssertEqual(MemberSlugs.fold("Jürg Müller"), "jurg-muller")
        XCTAssertEqual(MemberSlugs.fold("Straße"), "strasse")
        XCTAssertEqual(MemberSlugs.fold("Zoë-Ann  O'Brien"), "zoe-ann-o-brien")
        XCTAssertEqual(MemberSlugs.fold("Øyvind Łukasz"), "oyvind-lukasz")
        XCTAssertEqual(MemberSlugs.fold("  ../../etc/passwd "), "etc-passwd")
        XCTAssertEqual(MemberSlugs.fold("Parent 1"), "parent-1")
        XCTAssertEqual(MemberSlugs.fold("李雷"), "member")
        XCTAssertEqual(MemberSlugs.fold("🧹"), "member")
    }

    func testCollidingSlugsAreNumberedInOrderOfRecordName() {
        let members = [
            FamilyMember(id: "B", name: "anna", role: .child),
            FamilyMember(id: "A", name: "Anna", role: .child),
            FamilyMember(id: "C", name: "ANNA!", role: .parent),
            FamilyMember(id: "D", name: "Anna 2", role: .child),
        ]
        XCTAssertEqual(MemberSlugs.assign(members), ["A": "anna", "B": "anna-2", "C": "anna-3", "D": "anna-2-2"])
    }
}
