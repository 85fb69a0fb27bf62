@testable import AemtliCore
import InputMutation
import XCTest

final class JournalByChoreTests: XCTestCase {
    /// More ticks than one run holds, some chores' out of time order: each chore's ticks come
    /// back as a stable sort by time of the file's would (ties in file order).
    func testTicksAreGroupedByChoreInTimeOrderWithTiesInFileOrder() {
        var random = InputMutator(seed: 7)
        var events: [JournalEvent] = []
        var expected: [[(offset: Int, event: JournalEvent)]] = Array(repeating: [], count: 50)
        for number in 0..<140_000 {
            let chore = random.next(50)
            // Chores 0-9 get times in random order, the others ascending; ties are common.
            let at = chore < 10 ? Int64(random.next(1_000)) : Int64(number / 7)
            let event = JournalEvent(choreID: "C\(chore)", kind: number % 3 == 0 ? .undone : .done, at: at, assignedTo: "m\(number % 13)")
            events.append(event)
            expected[chore].append((number, event))
        }
        let journal = CompletionJournal(events: events)
        let byChore = JournalByChore(journal, ids: (0..<51).map { "C\($0)" })
        for chore in 0..<50 {
            let sorted = expected[chore].sorted { ($0.event.at, $0.offset) < ($1.event.at, $1.offset) }.map(\.event)
            let got = byChore.ticks(of: "C\(chore)").map { JournalEvent(choreID: "C\(chore)", kind: $0.kind, at: $0.at, assignedTo: journal.name($0.assignee)) }
            XCTAssertEqual(got, sorted, "C\(chore)")
        }
        XCTAssertTrue(byChore.ticks(of: "C50").isEmpty)
    }

    /// Ids are compared as text: one id spelt in two Unicode forms, or with a sign that is
    /// canonically a letter, is one chore, as the store's id is.
    func testAnIdSpeltTwoWaysIsOneChore() {
        let journal = CompletionJournal(events: [
            JournalEvent(choreID: "Caf\u{E9}", kind: .done, at: 1, assignedTo: nil),
            JournalEvent(choreID: "Cafe\u{301}", kind: .undone, at: 2, assignedTo: nil),
            JournalEvent(choreID: "K1", kind: .done, at: 3, assignedTo: nil),
        ])
        let byChore = JournalByChore(journal, ids: ["Caf\u{E9}", "\u{212A}1"])
        XCTAssertEqual(byChore.ticks(of: "Cafe\u{301}").map(\.at), [1, 2])
        XCTAssertEqual(byChore.ticks(of: "\u{212A}1").map(\.at), [3])
        let plain = JournalByChore(CompletionJournal(events: [JournalEvent(choreID: "K1", kind: .done, at: 3, assignedTo: nil)]), ids: ["\u{212A}1"])
        XCTAssertEqual(plain.ticks(of: "\u{212A}1").map(\.at), [3], "an id that is not ASCII is looked up as text")
    }
}
