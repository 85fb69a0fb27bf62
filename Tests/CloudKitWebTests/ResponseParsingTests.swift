import CloudKitWeb
import JSON
import XCTest

final class ResponseParsingTests: XCTestCase {
    private func json(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text)
    }

    func testTheCallerIsTheWholeBodyOrTheFirstOfUsers() throws {
        let whole = try CallerIdentity(
            body: json(#"{"userRecordName":"_u1","nameComponents":{"givenName":"Anna","familyName":"Muster"}}"#))
        let listed = try CallerIdentity(body: json(#"{"users":[{"userRecordName":"_u2"}]}"#))

        XCTAssertEqual(whole, CallerIdentity(userRecordName: "_u1", displayName: "Anna Muster"))
        XCTAssertEqual(listed, CallerIdentity(userRecordName: "_u2"))
        XCTAssertThrowsError(try CallerIdentity(body: json(#"{"users":[]}"#)))
    }

    func testAnErrorBodyGivesCodeReasonUUIDRetryAfterAndRedirect() throws {
        let body = ServerErrorBody(
            try json(
                #"{"uuid":"u","serverErrorCode":"AUTHENTICATION_REQUIRED","reason":"r","redirectURL":"https://x","retryAfter":30}"#
            ))

        XCTAssertEqual(
            body,
            ServerErrorBody(
                serverErrorCode: "AUTHENTICATION_REQUIRED", reason: "r", uuid: "u", retryAfter: 30,
                redirectURL: "https://x"))
        XCTAssertNil(ServerErrorBody(try json(#"{"reason":"no code"}"#)))
    }

    func testHeadersAreFoundWithoutRegardToCase() {
        let response = HTTPResponse(
            status: 503, headers: [("x-apple-cloudkit-web-auth-token", "new+1"), ("retry-after", " 12 ")], body: [])

        XCTAssertEqual(response.rotatedToken, "new+1")
        XCTAssertEqual(response.retryAfterHeader, 12)
        XCTAssertNil(
            HTTPResponse(status: 200, headers: [("Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT")], body: [])
                .retryAfterHeader)
    }

    func testDatabaseChangesListTheZonesWithTheirDeletionFlag() throws {
        let changes = try DatabaseChanges(
            body: json(
                #"{"zones":[{"zoneID":{"zoneName":"MainZone","ownerRecordName":"_o"},"deleted":true},{"zoneID":{"zoneName":"B"}}],"syncToken":"d2","moreComing":false}"#
            ))

        XCTAssertEqual(changes.zones.map(\.zoneID.zoneName), ["MainZone", "B"])
        XCTAssertEqual(changes.zones.map(\.deleted), [true, false])
        XCTAssertEqual(changes.zones.first?.zoneID.ownerRecordName, "_o")
        XCTAssertEqual(changes.syncToken, "d2")
    }

    func testZoneChangesGiveAPageOrAPerZoneError() throws {
        let page = try ZoneChanges(
            body: json(
                #"{"zones":[{"zoneID":{"zoneName":"MainZone"},"syncToken":"s2","moreComing":null,"records":[{"recordName":"a","deleted":true}]}]}"#
            ), zoneName: "MainZone")
        let failure = try ZoneChanges(
            body: json(
                #"{"zones":[{"zoneID":{"zoneName":"MainZone"},"serverErrorCode":"ZONE_NOT_FOUND","reason":"gone"}]}"#),
            zoneName: "MainZone")

        guard case .page(_, let token, let more, let records) = page else { return XCTFail("not a page") }
        XCTAssertEqual(token, "s2")
        XCTAssertNil(more)
        XCTAssertEqual(records.count, 1)
        guard case .failure(_, let error) = failure else { return XCTFail("not a failure") }
        XCTAssertEqual(error.serverErrorCode, "ZONE_NOT_FOUND")
        XCTAssertThrowsError(try ZoneChanges(body: json(#"{"records":[]}"#), zoneName: "MainZone"))
    }

    func testABodyThatIsNotJSONNamesTheOperationAndThePlace() {
        XCTAssertThrowsError(
            try HTTPResponse(status: 502, headers: [], body: Array("<html>".utf8)).json(for: "changes/zone")
        ) { error in
            XCTAssertTrue("\(error)".hasPrefix("The answer to changes/zone is not JSON"), "\(error)")
        }
    }
}
