/// A JSON object's members in document order.
///
/// Objects in records and responses have a handful of keys, read a few times each; a linear scan
/// over an array beats hashing every key into a dictionary. A repeated key keeps its last value.
public struct JSONObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    /// One member; a struct rather than a tuple, so arrays of them are copied and freed by
    /// specialized code instead of generic tuple witnesses.
    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var members: [Member]

    public init(members: [Member]) {
        self.members = members
    }

    /// The dictionary's entries sorted by key, so the result does not depend on hashing.
    public init(_ dictionary: [String: JSONValue]) {
        members = dictionary.sorted { $0.key < $1.key }.map { Member(key: $0.key, value: $0.value) }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    /// The value of the last member named `key`.
    public subscript(key: String) -> JSONValue? {
        get {
            var index = members.count
            while index > 0 {
                index -= 1
                if members[index].key == key { return members[index].value }
            }
            return nil
        }
        set {
            members.removeAll { $0.key == key }
            if let newValue { members.append(Member(key: key, value: newValue)) }
        }
    }

    public var isEmpty: Bool { members.isEmpty }

    /// Each key once, in order of first appearance.
    public var keys: [String] {
        var seen: Set<String> = []
        return members.compactMap { seen.insert($0.key).inserted ? $0.key : nil }
    }

    /// The members with repeated keys resolved (last wins), sorted by key: the canonical form.
    public var sortedMembers: [Member] {
        // Sort by key, keeping document order among equal keys, then keep the last of each key.
        let ordered = members.enumerated().sorted { left, right in
            left.element.key != right.element.key ? left.element.key < right.element.key : left.offset < right.offset
        }
        var result: [Member] = []
        result.reserveCapacity(ordered.count)
        for (_, member) in ordered {
            if result.last?.key == member.key { result[result.count - 1] = member } else { result.append(member) }
        }
        return result
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        let left = lhs.sortedMembers, right = rhs.sortedMembers
        return left.count == right.count && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
