// libFuzzer target for the JSON reader: `.ci/fuzz json SECONDS`. Not part of the package.
import JSON

/// Any bytes either parse, and their serialization parses and serializes to the same bytes, or
/// fail with a `JSONError` whose line and column lie inside the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func jsonFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let serialized: String
    do {
        serialized = try JSONParser.parse(bytes).serialized()
    } catch let error as JSONError {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
        precondition(
            error.line >= 1 && error.line <= lines && error.column >= 1,
            "the error's place \(error.line):\(error.column) is outside the text")
        return 0
    } catch {
        preconditionFailure("not a JSONError: \(error)")
    }
    let again = try? JSONParser.parse(serialized).serialized()
    precondition(again == serialized, "serializing is not stable for \(serialized)")
    return 0
}
