// libFuzzer target for the TZif reader: `.ci/fuzz tzif SECONDS`. Not part of the package.
import TZif

/// Any bytes either fail with a `TZifError` at an offset inside them, or give a zone whose
/// lookups answer (and never trap) for instants from 1800 to 2200 and for the extremes.
@_cdecl("LLVMFuzzerTestOneInput")
public func tzifFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let zone: TZifZone
    do {
        zone = try TZifZone(parsing: bytes)
    } catch let error as TZifError {
        precondition(
            error.offset >= 0 && error.offset <= bytes.count, "the error's offset \(error.offset) is outside the file")
        return 0
    } catch {
        preconditionFailure("not a TZifError: \(error)")
    }
    for instant in stride(from: Int64(-5_364_662_400), through: 7_258_118_400, by: 86_400 * 97) {
        _ = zone.localTimeType(at: instant)
    }
    _ = zone.localTimeType(at: .min)
    _ = zone.localTimeType(at: .max)
    _ = zone.changes(from: -2_208_988_800, to: 4_102_444_800)
    return 0
}
