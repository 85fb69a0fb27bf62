/// aemtli itself: the name it says things under and its version, written here alone: `--version`
/// prints it and `.deploy/package` names the package after what `--version` prints.
public enum Program {
    public static let name = "aemtli"
    public static let version = "0.1.0"
}
