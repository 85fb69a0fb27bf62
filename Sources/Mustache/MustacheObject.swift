/// The members of an object value, by name. Kept as a short list in insertion order and searched
/// from the back: view data objects hold a handful of keys, and comparing short keys is cheaper
/// than hashing them, both when a page's data is built and when a template looks a name up.
/// Setting a name that is there replaces its value in place. Equality ignores order, as a
/// dictionary's does.
public struct MustacheObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    /// One member; a struct rather than a tuple, so arrays of them are copied and freed by
    /// specialized code instead of generic tuple witnesses.
    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: MustacheValue
    }

    public private(set) var members: [Member]

    public init() {
        members = []
    }

    /// The keys of a literal are taken as given, without a search each; should one appear twice,
    /// lookups find the later one, as they would after setting it twice.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(literal: elements)
    }

    init(literal elements: [(String, MustacheValue)]) {
        members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    public init(_ dictionary: [String: MustacheValue]) {
        self.init()
        members = dictionary.sorted { $0.key < $1.key }.map { Member(key: $0.key, value: $0.value) }
    }

    public var count: Int { members.count }

    public subscript(key: String) -> MustacheValue? {
        get {
            // By index: looping over the members would copy (retain and release) each one.
            var index = members.count
            while index > 0 {
                index -= 1
                if members[index].key == key { return members[index].value }
            }
            return nil
        }
        set {
            if let index = members.lastIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Sets every member of `other`, replacing members of the same name.
    public mutating func merge(_ other: MustacheObject) {
        for member in other.members { self[member.key] = member.value }
    }

    public mutating func reserveCapacity(_ count: Int) {
        members.reserveCapacity(count)
    }

    public static func == (lhs: MustacheObject, rhs: MustacheObject) -> Bool {
        lhs.count == rhs.count && lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }
}
