import Foundation
import InputMutation
import XCTest

@testable import AemtliCore

/// A few seconds of seeded random mutations of stores, read as one file and as a folder of files:
/// each reads to a family whose dates all convert to wall-clock time, or fails with a
/// `StoreError` placed in one of the files; none crashes.
final class StoreReaderMutationTests: XCTestCase {
    typealias F = StoreFixtures

    static let seeds: [String] = [
        F.query(
            F.member("M1", name: "Anna", modified: F.dueMillis),
            F.chore(
                "C1", assignedTo: "M1",
                extra: [
                    "dueDate": #"{"value": 1749710700000, "type": "TIMESTAMP"}"#,
                    "deadline": #"{"value": "2025-06-13T18:00:00Z"}"#,
                ], modified: F.createdMillis)),
        #"{"zones": [{"zoneID": {"zoneName": "z"}, "moreComing": true, "records": [{"recordName": "C1", "deleted": true}, \#(F.chore("C2"))]}]}"#,
        #"[{"recordName": "C3", "serverErrorCode": "NOT_FOUND", "reason": "gone"}, \#(F.chore("C3", recurrence: "monthly"))]"#,
        #"{"members": [{"id": "M1", "name": "Max", "role": "parent"}], "chores": [{"id": "C1", "title": "Abfall", "assignedTo": "M1", "dueDate": "2025-06-12T06:45:00Z", "isDone": true, "recurrence": "weekly", "createdAt": "2025-05-01T08:00:00Z"}]}"#,
        #"{"records": [{"recordName": "C4", "recordType": "CD_Chore", "created": {"timestamp": "2025-05-01T08:00:00.000Z"}, "fields": {"CD_id": {"value": "c4"}, "CD_title": {"value": "Bad"}, "CD_isDone": {"value": "0"}, "CD_recurrence": {"value": "daily"}, "CD_createdAt": {"value": 1746086400000}}}]}"#,
    ]

    func testMutatedStoresNeverCrashAndFailWithAPlacedError() {
        var mutator = InputMutator(seed: 17)
        let time = FamilyTime(timeZone: TimeZone(identifier: "Europe/Zurich") ?? .current, around: F.date(F.dueMillis))
        let inputs = mutator.inputs(from: Self.seeds.map { Array($0.utf8) }, count: 20_000)
        var (families, failures) = (0, 0)
        for (index, input) in inputs.enumerated() {
            // The input alone, and as a folder with the next input, merged in order.
            let next = inputs[(index + 1) % inputs.count]
            let folder = [StoreSource(name: "s/1.json", bytes: input), StoreSource(name: "s/2.json", bytes: next)]
            for sources in [[StoreSource(name: "s.json", bytes: input)], folder] {
                do {
                    let family = try StoreReader().read(sources).family
                    families += 1
                    let dates =
                        family.chores.flatMap { [$0.dueDate, $0.createdAt, $0.deadline, $0.modified, $0.created] }
                        + family.members.map(\.modified)
                    for date in dates.compactMap({ $0 }) { _ = (time.local(date), FamilyTime.utcLocal(date)) }
                } catch let error as StoreError {
                    failures += 1
                    guard case .invalidJSON(let json) = error.reason else { return XCTFail("\(error)") }
                    XCTAssert(
                        json.line >= 1 && json.column >= 1 && sources.contains { $0.name == error.file },
                        "\(error) for \(input)")
                } catch {
                    XCTFail("not a StoreError: \(error) for \(input)")
                }
            }
        }
        XCTAssertGreaterThan(failures, 1_000, "many mutations break the JSON")
        XCTAssertGreaterThan(families, 1_000, "many mutations reach the records")
    }
}
