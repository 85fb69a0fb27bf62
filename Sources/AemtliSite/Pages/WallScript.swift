import Foundation

/// The one script of the site (SPEC §5, §8.6): on the wall, where the tablet runs it, it compares
/// the page's build time with the tablet's clock and shows "This display stopped updating at …"
/// once the page is older than twice its reload interval plus 15 minutes, that is when builds or
/// the reload have stopped. The page works the same without it. Its Content-Security-Policy
/// allows exactly this script, by its hash, and nothing else.
enum WallScript {
    /// Reads `data-built` (an ISO 8601 instant) and `data-stale-after` (minutes) from the body.
    static let source =
        #"(function(){var b=document.body,built=Date.parse(b.getAttribute("data-built")),after=Number(b.getAttribute("data-stale-after"));function check(){var n=document.getElementById("stopped");if(n&&Date.now()-built>after*60000){n.hidden=false;}}check();setInterval(check,60000);})();"#

    /// `'sha256-…'`, the script's hash as a CSP source expression.
    static let hashSource = "'sha256-" + Data(SHA256.digest(Array(source.utf8))).base64EncodedString() + "'"

    /// The page's policy: this script and nothing else; styles and the icon from the site.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src \(hashSource); style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'"

    /// Minutes after which the wall counts as stopped: twice its reload interval plus 15.
    static func staleAfter(refreshMinutes: Int) -> Int { 2 * refreshMinutes + 15 }
}
