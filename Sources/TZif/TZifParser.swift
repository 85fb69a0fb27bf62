extension TZifZone {
    /// Parses a TZif file: its 64-bit data for versions 2 to 4 (the 32-bit block is skipped), the
    /// 32-bit data for version 1, and the footer's POSIX TZ rule. Leap-second records are read
    /// past and not applied (zones under `right/` are not for civil time).
    public init(parsing bytes: [UInt8]) throws {
        var reader = ByteReader(bytes)
        let first = try Header(&reader)
        let header: Header
        let wide: Bool
        if first.version >= 2 {
            try reader.skip(first.dataLength(timeSize: 4))
            header = try Header(&reader)
            wide = true
        } else {
            header = first
            wide = false
        }
        var transitions: [Int64] = []
        transitions.reserveCapacity(header.transitionCount)
        for _ in 0..<header.transitionCount {
            let position = reader.position
            let time = wide ? try reader.int64() : Int64(try reader.int32())
            if let last = transitions.last, time <= last { throw TZifError(.transitionsOutOfOrder, at: position) }
            transitions.append(time)
        }
        var indices: [Int] = []
        indices.reserveCapacity(header.transitionCount)
        for _ in 0..<header.transitionCount {
            let position = reader.position
            let index = Int(try reader.byte())
            guard index < header.typeCount else { throw TZifError(.typeIndexOutOfRange(index), at: position) }
            indices.append(index)
        }
        var raw: [(offset: Int, isDaylight: Bool, abbreviation: Int, at: Int)] = []
        for _ in 0..<header.typeCount {
            let position = reader.position
            let offset = Int64(try reader.int32())
            guard offset > -90_000 && offset < 90_000 else { throw TZifError(.invalidOffset(offset), at: position) }
            let flag = try reader.byte()
            guard flag <= 1 else { throw TZifError(.invalidDaylightFlag(flag), at: position + 4) }
            raw.append((Int(offset), flag == 1, Int(try reader.byte()), position + 5))
        }
        let characters = Array(try reader.bytes(header.characterCount))
        let types = try raw.map { type -> LocalTimeType in
            guard type.abbreviation < characters.count else {
                throw TZifError(.abbreviationOutOfRange(type.abbreviation), at: type.at)
            }
            let name = characters[type.abbreviation...].prefix { $0 != 0 }
            return LocalTimeType(
                offset: type.offset, isDaylight: type.isDaylight, abbreviation: String(decoding: name, as: UTF8.self))
        }
        try reader.skip(header.leapCount * (wide ? 12 : 8) + header.standardCount + header.universalCount)
        let rule = wide ? try Self.footer(&reader) : nil
        self.init(version: header.version, transitions: transitions, typeIndices: indices, types: types, rule: rule)
    }

    /// The footer: a newline, a POSIX TZ string (possibly empty) and a newline.
    private static func footer(_ reader: inout ByteReader) throws -> PosixTZ? {
        let start = reader.position
        guard try reader.byte() == 0x0A else { throw TZifError(.invalidFooter(""), at: start) }
        var text: [UInt8] = []
        while true {
            let byte = try reader.byte()
            if byte == 0x0A { break }
            text.append(byte)
        }
        guard !text.isEmpty else { return nil }
        let string = String(decoding: text, as: UTF8.self)
        guard let rule = PosixTZ(parsing: string) else { throw TZifError(.invalidFooter(string), at: start + 1) }
        return rule
    }
}

/// A TZif header: the version and the six counts of the data block that follows it.
private struct Header {
    var version: Int
    var universalCount, standardCount, leapCount, transitionCount, typeCount, characterCount: Int

    init(_ reader: inout ByteReader) throws {
        let start = reader.position
        guard Array(try reader.bytes(4)) == Array("TZif".utf8) else { throw TZifError(.notTZif, at: start) }
        let versionByte = try reader.byte()
        switch versionByte {
        case 0: version = 1
        case UInt8(ascii: "2")...UInt8(ascii: "4"): version = Int(versionByte - UInt8(ascii: "0"))
        default: throw TZifError(.unsupportedVersion(versionByte), at: start + 4)
        }
        try reader.skip(15)
        var counts: [Int] = []
        for name in [
            "UT indicators", "standard indicators", "leap seconds", "transitions", "local time types",
            "abbreviation characters",
        ] {
            let position = reader.position
            let count = Int(try reader.int32())
            guard count >= 0 && count <= 1_000_000 else { throw TZifError(.invalidCount(name), at: position) }
            counts.append(count)
        }
        (universalCount, standardCount, leapCount, transitionCount, typeCount, characterCount) = (
            counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]
        )
        guard typeCount >= 1 && typeCount <= 256 else {
            throw TZifError(.invalidCount("local time types"), at: start + 36)
        }
        guard characterCount >= 1 else { throw TZifError(.invalidCount("abbreviation characters"), at: start + 40) }
        guard universalCount == 0 || universalCount == typeCount else {
            throw TZifError(.invalidCount("UT indicators"), at: start + 20)
        }
        guard standardCount == 0 || standardCount == typeCount else {
            throw TZifError(.invalidCount("standard indicators"), at: start + 24)
        }
    }

    /// The length of the data block after this header, with transition times of `timeSize` bytes.
    func dataLength(timeSize: Int) -> Int {
        transitionCount * (timeSize + 1) + typeCount * 6 + characterCount + leapCount * (timeSize + 4) + standardCount
            + universalCount
    }
}
