import AemtliSite

/// The page the browser shows once it has brought the sign-in's token to `sync login`'s callback
/// listener: `Templates/signed-in.mustache`, kept with the other pages' HTML rather than in the
/// listener, which serves whatever bytes it is given.
public enum SignedInPage {
    public static func bytes() throws -> [UInt8] {
        try TemplateSet().render("signed-in", .object([:]))
    }
}
