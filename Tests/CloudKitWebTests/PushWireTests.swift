import CloudKitWeb
import JSON
import XCTest

/// Push on the wire (CLOUDKIT.md §13): the calls as Apple's web client sends them, and the long
/// poll's answers, of which only a 200 with a `ck` object is a frame.
final class PushWireTests: XCTestCase {
    private func builder() throws -> RequestBuilder {
        let address = try CloudKitAddress(
            endpoint: try Endpoint("https://api.apple-cloudkit.com"), container: "iCloud.com.example.App",
            environment: .development)
        return RequestBuilder(address: address, apiToken: "api+1")
    }

    private func text(_ request: HTTPRequest) -> String {
        String(decoding: request.body ?? [], as: UTF8.self)
    }

    func testTokensCreateIsADeviceCallWithTheClientIDInQueryAndBody() throws {
        let request = try builder().request(
            .createPushToken(clientID: "c-1", environment: .development), database: .private, webAuthToken: "a+b")

        XCTAssertEqual(
            request.url,
            "https://api.apple-cloudkit.com/device/1/iCloud.com.example.App/development/tokens/create?ckAPIToken=api%2B1&ckWebAuthToken=a%2Bb&clientId=c-1"
        )
        XCTAssertEqual(request.method, .post)
        XCTAssertEqual(text(request), #"{"apnsEnvironment":"development","clientId":"c-1"}"#)
    }

    func testSubscriptionsAreListedByAGetAndCreatedWithoutAnyNotificationInfo() throws {
        let list = try builder().request(.subscriptionsList, database: .private, webAuthToken: "t")
        let zoneID = ZoneID(raw: try JSONParser.parse(#"{"zoneName":"MainZone","ownerRecordName":"_o"}"#))!
        let zone = try builder().request(.createSubscription(.zone(zoneID)), database: .private, webAuthToken: "t")
        let shared = try builder().request(.createSubscription(.sharedDatabase), database: .shared, webAuthToken: "t")

        XCTAssertEqual(list.method, .get)
        XCTAssertNil(list.body)
        XCTAssertTrue(list.url.contains("/development/private/subscriptions/list?"), list.url)
        XCTAssertTrue(zone.url.contains("/private/subscriptions/modify?"), zone.url)
        XCTAssertEqual(
            text(zone),
            #"{"operations":[{"operationType":"create","subscription":{"subscriptionID":"aemtli-MainZone","subscriptionType":"zone","zoneID":{"ownerRecordName":"_o","zoneName":"MainZone"}}}]}"#
        )
        XCTAssertTrue(shared.url.contains("/shared/subscriptions/modify?"), shared.url)
        XCTAssertEqual(
            text(shared),
            #"{"operations":[{"operationType":"create","subscription":{"subscriptionID":"aemtli-shared","subscriptionType":"database"}}]}"#
        )
    }

    func testADeleteNamesTheSubscriptionOnlyAsCloudKitJSSendsIt() throws {
        let request = try builder().request(
            .deleteSubscription(id: "aemtli-shared"), database: .shared, webAuthToken: "t")

        XCTAssertTrue(request.url.contains("/shared/subscriptions/modify?"), request.url)
        XCTAssertEqual(
            text(request),
            #"{"operations":[{"operationType":"delete","subscription":{"subscriptionID":"aemtli-shared"}}]}"#)
    }

    func testTheListNamesOnlySubscriptionsAndASaveOrItsPerEntryError() throws {
        let list = try SubscriptionList(
            body: JSONParser.parse(
                #"{"subscriptions":[{"subscriptionID":"aemtli-MainZone","subscriptionType":"zone"},{"subscriptionID":"x","serverErrorCode":"NOT_FOUND"}]}"#
            ))
        XCTAssertEqual(list.ids, ["aemtli-MainZone"])
        XCTAssertThrowsError(try SubscriptionList(body: JSONParser.parse(#"{"records":[]}"#)))
        XCTAssertEqual(
            SubscriptionModification(answer: try JSONParser.parse(#"{"subscriptions":[{"subscriptionID":"s"}]}"#)),
            .saved(id: "s"))
        XCTAssertEqual(
            SubscriptionModification(
                answer: try JSONParser.parse(
                    #"{"subscriptions":[{"subscriptionID":"s","serverErrorCode":"BAD_REQUEST","reason":"r"}]}"#)),
            .failed(serverErrorCode: "BAD_REQUEST", reason: "r"))
        XCTAssertNil(SubscriptionModification(answer: try JSONParser.parse(#"{"subscriptions":[]}"#)))
    }

    func testTheLongPollAddressIsHTTPSOrLoopbackAndNeverPrinted() throws {
        let address = try LongPollAddress(
            tokenAnswer: JSONParser.parse(
                #"{"apnsToken":"ab","webcourierURL":"https://webcourier.sandbox.push.apple.com:443/aps?tok=s3cr3t&ttl=43200"}"#
            ))
        XCTAssertEqual(address.ttl, 43200)
        XCTAssertEqual(address.request.method, .get)
        XCTAssertTrue(address.request.headers.isEmpty)
        XCTAssertNil(address.request.body)
        XCTAssertEqual(address.request.url, address.secretURL)
        for shown in [
            "\(address)", String(reflecting: address), "\([address])", "\(Mirror(reflecting: address).children.count)",
        ] {
            XCTAssertFalse(shown.contains("s3cr3t"), shown)
        }
        XCTAssertNil(try LongPollAddress("http://127.0.0.1:9/aps?tok=t").ttl)
        for refused in [
            "http://webcourier.example/aps?tok=t", "ftp://x/aps", "https://user@x/aps", "https://x/aps?tok=a b",
            "https://x/aps?tok=t#f", "", "aps?tok=t",
        ] {
            XCTAssertThrowsError(try LongPollAddress(refused), refused)
        }
        XCTAssertThrowsError(try LongPollAddress(tokenAnswer: JSONParser.parse(#"{"apnsToken":"ab"}"#)))
    }

    func testOnlyA200WithACKObjectIsAFrame() throws {
        let zoneFrame =
            #"{"ck":{"ce":2,"ckuserid":"_o","nid":"n1","cid":"iCloud.x","fet":{"zid":"MainZone","zoid":"_o","sid":"aemtli-MainZone","dbs":1}}}"#
        XCTAssertEqual(
            LongPollAnswer(status: 200, body: Array(zoneFrame.utf8)),
            .frame(
                PushFrame(notificationID: "n1", subscriptionID: "aemtli-MainZone", zoneName: "MainZone", database: 1)))
        let databaseFrame = #"{"ck":{"nid":"n2","met":{"sid":"aemtli-shared","dbs":2}}}"#
        XCTAssertEqual(
            LongPollAnswer(status: 200, body: Array(databaseFrame.utf8)),
            .frame(PushFrame(notificationID: "n2", subscriptionID: "aemtli-shared", zoneName: nil, database: 2)))
        XCTAssertEqual(
            LongPollAnswer(status: 200, body: Array(#"{"ck":{"fet":"x","nid":7}}"#.utf8)),
            .frame(PushFrame(notificationID: nil, subscriptionID: nil, zoneName: nil, database: nil)))
        XCTAssertEqual(LongPollAnswer(status: 200, body: Array("null".utf8)), .idle)
        XCTAssertEqual(LongPollAnswer(status: 200, body: Array(" \r\n".utf8)), .idle)
        XCTAssertEqual(LongPollAnswer(status: 200, body: []), .idle)
        XCTAssertEqual(LongPollAnswer(status: 404, body: []), .expired)
        // Not trusted, whatever they hold: a 503's JSON body with a `ck`, HTML, other JSON, a cut frame.
        XCTAssertEqual(LongPollAnswer(status: 503, body: Array(zoneFrame.utf8)), .unusable("HTTP 503"))
        XCTAssertEqual(
            LongPollAnswer(status: 200, body: Array("<html>gateway</html>".utf8)),
            .unusable("HTTP 200 with a body that is not JSON"))
        XCTAssertEqual(
            LongPollAnswer(status: 200, body: Array(zoneFrame.utf8.prefix(40))),
            .unusable("HTTP 200 with a body that is not JSON"))
        for other in [#"{"ck":1}"#, #"{"aps":{}}"#, "[]", "7", #""ck""#] {
            XCTAssertEqual(
                LongPollAnswer(status: 200, body: Array(other.utf8)),
                .unusable("HTTP 200 with JSON that is no notification"), other)
        }
    }
}
