extension ParentPins {
    /// Whether `text` has a PIN's form (SPEC §10): 4 to 8 ASCII digits and nothing else, so that
    /// "4821\u{0}" or full-width digits are never taken for 4821.
    static func isPIN(_ text: String) -> Bool {
        (4...8).contains(text.utf8.count) && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }
}
