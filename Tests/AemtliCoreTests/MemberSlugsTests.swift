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

final class MemberSlugLimitsTests: XCTestCase {
    func testAMemberCalledFamilyDoesNotTakeTheFamilyFeedsName() {
        let family = Family(
            members: [
                FamilyMember(id: "A", name: "Family", role: .parent),
                FamilyMember(id: "B", name: "family!", role: .child),
            ], chores: [])
        XCTAssertEqual(family.slugs, ["family-2", "family-3"])
    }

    func testALongNameIsCutAtAWordAndStaysUnique() {
        let long = String(repeating: "a", count: 256)
        let words = (1...30).map { "word\($0)" }.joined(separator: " ")
        let family = Family(
            members: [
                FamilyMember(id: "A", name: long, role: .child), FamilyMember(id: "B", name: long + "b", role: .child),
                FamilyMember(id: "C", name: words, role: .child),
            ], chores: [])
        XCTAssertEqual(family.slugs[0], String(repeating: "a", count: 64))
        XCTAssertEqual(family.slugs[1], String(repeating: "a", count: 64) + "-2")
        // "word1-word2-…": 64 characters end inside "word11", so the cut falls after "word10".
        XCTAssertEqual(family.slugs[2], "word1-word2-word3-word4-word5-word6-word7-word8-word9-word10")
    }
}
