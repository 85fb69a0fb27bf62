/// The languages aemtli writes in (SPEC §5).
public enum Language: String, CaseIterable, Sendable {
    case en
    case de
}
