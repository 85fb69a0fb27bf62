import AemtliApp
import AemtliCLI
import XCTest

/// Which hosts `serve` and `serve pair` print for another device: only those the socket takes and
/// the Host check allows, worked out by hand for a machine of our own making.
final class ServeAddressesTests: XCTestCase {
    let network = MachineNetwork(
        addresses: ["127.0.0.1", "::1", "192.168.1.20", "fe80::1", "FEBF::2", "fd12:3456::7", "10.0.0.5"],
        hostName: "kitchen-pi",
        resolve: { name in
            ["kitchen-pi": ["127.0.1.1"], "kitchen-pi.local": ["10.0.0.5", "fe80::1"]][name] ?? []
        })

    func hosts(_ listen: String, _ network: MachineNetwork? = nil) throws -> [String] {
        ServeAddresses.hosts(for: try XCTUnwrap(ListenAddress(listen)), network: network ?? self.network)
    }

    func testAnyIPv4AddressGivesTheIPv4AddressesThenTheNameThenTheLocalNameThatResolvesToOne() throws {
        XCTAssertEqual(try hosts("0.0.0.0:8092"), ["192.168.1.20", "10.0.0.5", "kitchen-pi", "kitchen-pi.local"])
    }

    func testAnyIPv6AddressAddsTheIPv6AddressesABrowserOpensInBrackets() throws {
        XCTAssertEqual(
            try hosts("[::]:8092"), ["192.168.1.20", "[fd12:3456::7]", "10.0.0.5", "kitchen-pi", "kitchen-pi.local"])
    }

    func testOneAddressGivesItAndOnlyANameThatResolvesToIt() throws {
        XCTAssertEqual(try hosts("10.0.0.5:8092"), ["10.0.0.5", "kitchen-pi.local"])
        XCTAssertEqual(try hosts("192.168.1.20:8092"), ["192.168.1.20"])
    }

    func testLoopbackGivesNone() throws {
        for listen in ["127.0.0.1:8080", "localhost:8080", "[::1]:8080"] {
            XCTAssertEqual(try hosts(listen), [], listen)
        }
    }

    func testANameEndingInLocalIsGivenOnlyWhenItResolvesAndLocalhostNever() throws {
        var mac = network
        mac.hostName = "mac-mini.local"
        mac.resolve = { _ in [] }
        XCTAssertEqual(try hosts("0.0.0.0:8092", mac), ["192.168.1.20", "10.0.0.5"])
        mac.resolve = { $0 == "mac-mini.local" ? ["192.168.1.20"] : [] }
        XCTAssertEqual(try hosts("0.0.0.0:8092", mac), ["192.168.1.20", "10.0.0.5", "mac-mini.local"])
        mac.hostName = "localhost"
        XCTAssertEqual(try hosts("0.0.0.0:8092", mac), ["192.168.1.20", "10.0.0.5"])
    }

    func testTheSiteIsAtEachOriginFirstThenAtEachHost() {
        XCTAssertEqual(
            ServeAddresses.bases(origins: ["https://chores.example"], hosts: ["10.0.0.5", "[fd12::7]"], port: 8092),
            ["https://chores.example/", "http://10.0.0.5:8092/", "http://[fd12::7]:8092/"])
    }
}
