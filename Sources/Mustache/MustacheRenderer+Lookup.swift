/// Name lookup on the context stack, and block overrides of the parent tags being rendered.
extension MustacheRenderer {
    /// The body that overrides the block `name`: the outermost parent tag's that has one.
    func override(named name: String) -> (MustacheProgram, Range<Int32>)? {
        for (program, set) in overrides {
            if let index = program.overrideSets[Int(set)][name] { return (program, program.blocks[Int(index)].body) }
        }
        return nil
    }

    /// Looks a name up: the first key from the top of the stack down, the rest inside it.
    func resolve(_ program: MustacheProgram, _ firstKey: Int32, _ keyCount: Int32) -> MustacheValue? {
        guard keyCount > 0 else { return stack.last }
        let keys = UnsafeBufferPointer(rebasing: program.keys[Int(firstKey)..<Int(firstKey + keyCount)])
        return lookUp(keys)
    }

    func resolve(_ name: MustacheName) -> MustacheValue? {
        guard case .path(let parts) = name else { return stack.last }
        return parts.withUnsafeBufferPointer { lookUp($0) }
    }

    private func lookUp(_ keys: UnsafeBufferPointer<String>) -> MustacheValue? {
        let found: MustacheValue? = stack.withUnsafeBufferPointer { frames in
            var index = frames.count
            while index > 0 {
                index -= 1
                if case .object(let members) = frames[index], let value = members[keys[0]] { return value }
            }
            return nil
        }
        guard var current = found else { return nil }
        for key in keys.dropFirst() {
            guard case .object(let members) = current, let next = members[key] else { return nil }
            current = next
        }
        return current
    }
}
