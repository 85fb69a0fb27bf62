import AemtliApp
import AemtliCLI
import AemtliCore
import Foundation
import XCTest

/// SPEC §10 "Who may tick", as a table: a child may tick a chore assigned to that child; another
/// member's chore, an unassigned one, or a parent ticking needs a parent's PIN.
final class TickPermissionTests: XCTestCase {
    func testTheTableOfWhoMayTickWhat() {
        let created = Date(timeIntervalSince1970: 0)
        let parent = FamilyMember(id: "P", name: "Pat", role: .parent)
        let anna = FamilyMember(id: "A", name: "Anna", role: .child)
        let max = FamilyMember(id: "M", name: "Max", role: .child)
        let chore = { (id: String, assignee: String?) in
            Chore(id: id, title: id, assigneeID: assignee, createdAt: created)
        }
        let annas = chore("annas", "A")
        let maxs = chore("maxs", "M")
        let nobodys = chore("nobodys", nil)
        let gone = chore("gone", "someone-who-left")
        let parents = chore("parents", "P")
        let family = Family(members: [anna, max, parent], chores: [annas, maxs, nobodys, gone, parents])

        let rows: [(FamilyMember, Chore, Bool, TickPermission)] = [
            (anna, annas, false, .allowed),
            (max, maxs, false, .allowed),
            (anna, annas, true, .allowed),
            (anna, maxs, false, .needsParentPIN(.anotherMembersChore)),
            (anna, maxs, true, .allowed),
            (anna, nobodys, false, .needsParentPIN(.unassignedChore)),
            (anna, nobodys, true, .allowed),
            (anna, gone, false, .needsParentPIN(.unassignedChore)),
            (anna, parents, false, .needsParentPIN(.anotherMembersChore)),
            (parent, parents, false, .needsParentPIN(.parentTicking)),
            (parent, annas, false, .needsParentPIN(.parentTicking)),
            (parent, nobodys, false, .needsParentPIN(.parentTicking)),
            (parent, parents, true, .allowed),
            (parent, annas, true, .allowed),
        ]
        for (member, chore, pin, expected) in rows {
            XCTAssertEqual(
                TickPermission.decide(family: family, chore: chore, doneBy: member, correctParentPIN: pin), expected,
                "\(member.name) ticking \(chore.id), PIN \(pin)")
        }
    }
}
