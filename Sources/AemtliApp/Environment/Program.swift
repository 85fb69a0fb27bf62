/// aemtli itself: the name it says things under and its version (`--version`, and an input of
/// every build, so that another aemtli renders anew).
public enum Program {
    public static let name = "aemtli"
    public static let version = "0.1.0"
}
