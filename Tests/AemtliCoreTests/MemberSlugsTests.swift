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
        let family = Family(members: members, chores: [])
        XCTAssertEqual(family.slugs, ["anna-2", "anna", "anna-3", "anna-2-2"])
        XCTAssertEqual(family.slug(ofMemberID: "A"), "anna")
        XCTAssertEqual(family.member(withSlug: "anna-2-2")?.id, "D")
        XCTAssertNil(family.member(withSlug: "anna-4"))
    }
}
