/// Builds requests in CloudKit Web Services' layout:
/// `{endpoint}/database/1/{container}/{environment}/{database}/{operation}?ckAPIToken=…&ckWebAuthToken=…`
/// with both tokens percent-encoded and `content-type: text/plain`, as Apple's web client sends it.
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
        var url =
            address.endpoint.base + "/database/1/" + PercentEncoding.encode(address.container) + "/"
            + address.environment.rawValue + "/" + database.rawValue + "/" + operation.path
            + "?ckAPIToken=" + PercentEncoding.encode(apiToken)
        if let webAuthToken { url += "&ckWebAuthToken=" + PercentEncoding.encode(webAuthToken) }
        let body = operation.body
        return HTTPRequest(
            method: body == nil ? .get : .post, url: url,
            headers: [(name: "content-type", value: "text/plain")],
            body: body.map { $0.serializedBytes() })
    }
}
