import Foundation

/// Asks Linux to back the whole 2 MiB pages of a large buffer, before it is first written, with
/// huge pages: a year's journal makes several arrays of 12 MB, and faulting each in 4 KiB at a
/// time cost the kernel more than filling it. Advice only; nothing changes when the system
/// declines (transparent huge pages set to "never") or is not Linux.
public enum LargePages {
    /// Buffers smaller than this are left alone: they hold three whole huge pages or fewer.
    static let smallest = 8 << 20

    public static func request(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        let huge = 2 << 20
        guard buffer.count >= smallest, let base = buffer.baseAddress else { return }
        let start = (Int(bitPattern: base) + huge - 1) / huge * huge
        let end = (Int(bitPattern: base) + buffer.count) / huge * huge
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }

    /// `request` for a typed buffer.
    public static func request<Element>(_ buffer: UnsafeMutableBufferPointer<Element>) {
        request(UnsafeMutableRawBufferPointer(buffer))
    }
}
