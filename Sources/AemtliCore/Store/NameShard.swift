/// Spreads names over shards by their last byte, so that work keyed by name can be split across
/// cores: cheap, the same on every machine, and one name always lands in the same shard.
enum NameShard {
    static func of(_ name: String, among count: Int) -> Int {
        Int(name.utf8.last ?? 0) % count
    }
}
