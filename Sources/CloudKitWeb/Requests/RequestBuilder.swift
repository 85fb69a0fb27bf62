/// Builds requests in CloudKit Web Services' layout:
/// `{endpoint}/database/1/{container}/{environment}/{database}/{operation}?ckAPIToken=…&ckWebAuthToken=…`
/// with both tokens percent-encoded and `content-type: text/plain`, as Apple's web client sends it;
/// push's `tokens/create` as `{endpoint}/device/1/{container}/{environment}/tokens/create?…&clientId=…`
/// (no database: CLOUDKIT.md §13.1).
public struct RequestBuilder: Sendable {
    public let address: CloudKitAddress
    private let apiToken: String

    public init(address: CloudKitAddress, apiToken: String) {
        self.address = address
        self.apiToken = apiToken
    }

    public func request(
        _ operation: CloudKitOperation, database: CloudKitDatabase, webAuthToken: String?
    ) -> HTTPRequest {
        let container = PercentEncoding.encode(address.container) + "/" + address.environment.rawValue + "/"
        var url = address.endpoint.base
        if case .createPushToken = operation {
            url += "/device/1/" + container + operation.path
        } else {
            url += "/database/1/" + container + database.rawValue + "/" + operation.path
        }
        url += "?ckAPIToken=" + PercentEncoding.encode(apiToken)
        if let webAuthToken { url += "&ckWebAuthToken=" + PercentEncoding.encode(webAuthToken) }
        if case .createPushToken(let clientID, _) = operation { url += "&clientId=" + PercentEncoding.encode(clientID) }
        let body = operation.body
        return HTTPRequest(
            method: body == nil ? .get : .post, url: url,
            headers: [(name: "content-type", value: "text/plain")],
            body: body.map { $0.serializedBytes() })
    }
}
