import AemtliCore
import Foundation
import XCTest

final class FamilyTests: XCTestCase {
    func testChoresAreGroupedByMemberInOrderAcrossManyChunks() {
        let members = (0..<7).map { FamilyMember(id: "M\($0)", name: "Member \($0)", role: .child) }
        // 10 000 chores (several chunks of work): members in turn, every 11th unassigned, every
        // 13th naming an id that is no member's.
        let assignees: [String?] = (0..<10_000).map { n in
            n % 11 == 0 ? nil : n % 13 == 0 ? "ghost" : "M\(n % 7)"
        }
        let chores = assignees.enumerated().map { n, assignee in
            Chore(
                id: String(format: "C%05d", n), title: "T", assigneeID: assignee,
                createdAt: Date(timeIntervalSince1970: 0))
        }
        let family = Family(members: members, chores: chores)

        var expected: [String?: [Int]] = [nil: []]
        for member in members { expected[member.id] = [] }
        for (index, assignee) in assignees.enumerated() { expected[assignee, default: []].append(index) }
        XCTAssertEqual(family.choreIndicesByAssignee(), expected)
        XCTAssertEqual(family.choresByAssignee()["M3"]?.map(\.id), expected["M3"]!.map { chores[$0].id })
        XCTAssertEqual(family.choreIndicesByAssignee()["ghost"]?.count, expected["ghost"]!.count)
    }

    func testEveryMemberHasAGroupEvenWithoutChores() {
        let family = Family(members: [FamilyMember(id: "M1", name: "Anna", role: .child)], chores: [])
        XCTAssertEqual(family.choreIndicesByAssignee(), ["M1": [], nil: []])
    }
}
