// libFuzzer target for CloudKit answers: `.ci/fuzz cloudkit SECONDS`. Not part of the package.
import CloudKitWeb
import JSON

/// Any body, as every answer aemtli reads (users/caller, changes/database, changes/zone,
/// zones/list, an error body), either parses or fails with a `CloudKitError` or `JSONError`:
/// never a crash, never another error.
@_cdecl("LLVMFuzzerTestOneInput")
public func cloudKitFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let body = try? JSONParser.parse(bytes) else { return 0 }
    func expect(_ read: () throws -> Void) {
        do {
            try read()
        } catch is CloudKitError {
        } catch {
            preconditionFailure("not a CloudKitError: \(error)")
        }
    }
    expect { _ = try CallerIdentity(body: body) }
    expect { _ = try DatabaseChanges(body: body) }
    expect { _ = try ZoneChanges(body: body, zoneName: "MainZone") }
    expect { _ = try ZoneList(body: body) }
    _ = ServerErrorBody(body)
    _ = ZoneID(raw: body)
    return 0
}
