// libFuzzer target for the Mustache engine: `.ci/fuzz mustache SECONDS`. Not part of the package.
import JSON
import Mustache

/// The input, split at NUL bytes, is a template, its data as JSON (anything else is null), then
/// pairs of partial name and partial source. Parsing, checking and rendering either succeed or
/// fail with a `MustacheError` that has a place.
@_cdecl("LLVMFuzzerTestOneInput")
public func mustacheFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let parts = UnsafeBufferPointer(start: data, count: size).split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let json = parts.count > 1 ? try? JSONParser.parse(parts[1]) : nil
    do {
        var library = MustacheLibrary()
        // Small budgets keep each run short; the limits themselves are what is tested.
        library.outputLimit = 1 << 20
        library.stepLimit = 1 << 16
        var index = 2
        while index + 1 < parts.count {
            library.add(try MustacheTemplate(name: parts[index], source: parts[index + 1]))
            index += 2
        }
        let template = try MustacheTemplate(name: "fuzz", source: parts[0])
        _ = library.unknownPartials()
        let value = json.map(MustacheValue.init) ?? .null
        _ = try library.render(template, with: value, escaping: .html)
        _ = try library.render(template, with: value, escaping: .none)
    } catch let error as MustacheError {
        precondition(error.line >= 1 && error.column >= 1, "an error without a place: \(error)")
    } catch {
        preconditionFailure("not a MustacheError: \(error)")
    }
    return 0
}
