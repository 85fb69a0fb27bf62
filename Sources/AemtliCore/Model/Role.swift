/// What a family member is in the app: parents manage, children mostly do.
public enum Role: String, CaseIterable, Sendable {
    case parent
    case child
}
