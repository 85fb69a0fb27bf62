import CloudKitWeb
import JSON
import XCTest

final class RequestBuilderTests: XCTestCase {
    private func builder(endpoint: String = "https://api.apple-cloudkit.com/") throws -> RequestBuilder {
        let address = try CloudKitAddress(
            endpoint: try Endpoint(endpoint), container: "iCloud.com.example.App", environment: .production)
        return RequestBuilder(address: address, apiToken: "api+1")
    }

    func testTheAddressFollowsCloudKitsLayoutWithBothTokensPercentEncoded() throws {
        let request = try builder().request(.zonesList, database: .private, webAuthToken: "a+b/c=")

        XCTAssertEqual(
            request.url,
            "https://api.apple-cloudkit.com/database/1/iCloud.com.example.App/production/private/zones/list?ckAPIToken=api%2B1&ckWebAuthToken=a%2Bb%2Fc%3D"
        )
        XCTAssertEqual(request.method, .get)
        XCTAssertNil(request.body)
        XCTAssertEqual(request.headers.map(\.name), ["content-type"])
        XCTAssertEqual(request.headers.map(\.value), ["text/plain"])
        XCTAssertEqual(
            request.description,
            "GET https://api.apple-cloudkit.com/database/1/iCloud.com.example.App/production/private/zones/list")
    }

    func testPercentEncodingKeepsOnlyUnreservedCharactersAndDecodesBack() {
        XCTAssertEqual(PercentEncoding.encode("+/= a~-._Ä"), "%2B%2F%3D%20a~-._%C3%84")
        XCTAssertEqual(PercentEncoding.decode("%2B%2f%3D+x"), "+/=+x")
        XCTAssertNil(PercentEncoding.decode("%2"))
    }

    func testCallerIsAGetWithoutTokenOrBody() throws {
        let request = try builder().request(.caller, database: .public, webAuthToken: nil)

        XCTAssertTrue(request.url.hasSuffix("/public/users/caller?ckAPIToken=api%2B1"))
        XCTAssertNil(request.body)
    }

    func testChangesDatabaseSendsOnlyTheSyncToken() throws {
        let withToken = try builder().request(.databaseChanges(syncToken: "db1"), database: .shared, webAuthToken: "t")
        let without = try builder().request(.databaseChanges(syncToken: nil), database: .shared, webAuthToken: "t")

        XCTAssertEqual(withToken.method, .post)
        XCTAssertEqual(String(decoding: withToken.body ?? [], as: UTF8.self), #"{"syncToken":"db1"}"#)
        XCTAssertEqual(String(decoding: without.body ?? [], as: UTF8.self), "{}")
    }

    func testChangesZoneEchoesTheZoneIDExactlyWithTokenAndLimitInsideTheZoneEntry() throws {
        let raw = try JSONParser.parse(
            #"{"zoneName":"MainZone","ownerRecordName":"_abc","zoneType":"REGULAR_CUSTOM_ZONE","extra":[1]}"#)
        let zoneID = try XCTUnwrap(ZoneID(raw: raw))

        let request = try builder().request(
            .zoneChanges(zoneID: zoneID, syncToken: "s1", resultsLimit: 200), database: .shared, webAuthToken: "t")

        let body = try JSONParser.parse(request.body ?? [])
        let expected = try JSONParser.parse(
            #"{"zones":[{"zoneID":{"zoneName":"MainZone","ownerRecordName":"_abc","zoneType":"REGULAR_CUSTOM_ZONE","extra":[1]},"syncToken":"s1","resultsLimit":200}]}"#
        )
        XCTAssertEqual(body, expected)
    }

    func testEndpointsAreHTTPSOrHTTPToThisMachineOnly() throws {
        XCTAssertEqual(try Endpoint("https://proxy.example:8443/ck/").base, "https://proxy.example:8443/ck")
        for loopback in ["http://127.0.0.1:8080", "http://[::1]:9", "http://localhost", "http://127.5.0.1"] {
            XCTAssertNoThrow(try Endpoint(loopback), loopback)
        }
        XCTAssertThrowsError(try Endpoint("http://api.apple-cloudkit.com")) { error in
            XCTAssertEqual((error as? CloudKitError)?.reason, .endpointNotHTTPS("http://api.apple-cloudkit.com"))
        }
        for bad in ["ftp://x", "https://", "http://127.0.0.1.evil.example", "https://user@host", "http://128.0.0.1"] {
            XCTAssertThrowsError(try Endpoint(bad), bad)
        }
        XCTAssertThrowsError(try CloudKitAddress(endpoint: .apple, container: "com.example", environment: .production))
    }
}
