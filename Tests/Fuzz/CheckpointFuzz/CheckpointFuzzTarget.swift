// libFuzzer target for the journal's checkpoint: `.ci/fuzz checkpoint SECONDS`. Not part of the package.
import AemtliCore
import Foundation

/// Three readings of every input, none of which may trap:
/// - as a checkpoint file, which almost never decodes, its closing digest being wrong, and its
///   header read alone;
/// - as a checkpoint's body, closed with its own digest, so that the fuzzer reaches the checks
///   behind the digest: what decodes encodes to the same bytes, has the header it decoded
///   with, and reads on with more lines;
/// - as a journal, cut at a line feed: its start as a checkpoint, encoded and decoded, and the
///   rest read after it, read as the whole journal does.
@_cdecl("LLVMFuzzerTestOneInput")
public func checkpointFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = JournalCheckpoint.decode(bytes)
    _ = JournalCheckpoint.header(bytes)
    let sealed = seal(bytes)
    if let checkpoint = JournalCheckpoint.decode(sealed) {
        guard checkpoint.encoded() == sealed else { preconditionFailure("a checkpoint encodes otherwise than it decoded") }
        guard let header = JournalCheckpoint.header(sealed), header.bytes == checkpoint.bytes, header.writer == checkpoint.writer else {
            preconditionFailure("the header read alone names other bytes or another writer than the checkpoint decoded")
        }
        let journal = continued(after: checkpoint, Array(more.utf8))
        guard journal.syncs.last ?? 0 >= 1_788_301_800_000 else { preconditionFailure("the lines after a checkpoint were lost") }
    }
    checkCut(bytes)
    return 0
}

private let more = """
    {"assignedTo":"m1","at":1788301100000,"chore":"C1","event":"undone","period":"2026-09-02"}
    {"sync":1788301800000}

    """

/// `body` closed with the digest of its bytes, as `encoded()` closes a checkpoint.
private func seal(_ body: [UInt8]) -> [UInt8] {
    var digest = JournalDigest()
    digest.add(body)
    var out = body
    for word in [digest.value.first, digest.value.second] { withUnsafeBytes(of: word.littleEndian) { out.append(contentsOf: $0) } }
    return out
}

private func continued(after checkpoint: JournalCheckpoint?, _ tail: [UInt8]) -> CompletionJournal {
    var reader = CompletionJournalReader(file: "done.jsonl", workers: 2, after: checkpoint)
    tail.withUnsafeBufferPointer { _ = reader.read($0, isEnd: true) }
    return reader.journal()
}

/// The input as a journal, its start (to the line feed nearest the middle) as a checkpoint.
private func checkCut(_ bytes: [UInt8]) {
    guard let cut = bytes.prefix(bytes.count / 2 + 1).lastIndex(of: 0x0A).map({ $0 + 1 }) else { return }
    var reader = CompletionJournalReader(file: "done.jsonl", workers: 2)
    var digest = JournalDigest()
    bytes[..<cut].withUnsafeBufferPointer { _ = reader.read($0, isEnd: true) { digest.add($0) } }
    guard let made = JournalCheckpoint(reader, digest: digest, endsWithLineFeed: true, writer: "fuzz"),
          let checkpoint = JournalCheckpoint.decode(made.encoded()) else { preconditionFailure("a checkpoint of whole lines does not decode") }
    let after = continued(after: checkpoint, Array(bytes[cut...]))
    let whole = continued(after: nil, bytes)
    guard after.events == whole.events, after.syncs == whole.syncs, after.warnings.map(\.description) == whole.warnings.map(\.description) else {
        preconditionFailure("the journal read after its checkpoint reads otherwise than whole")
    }
}
