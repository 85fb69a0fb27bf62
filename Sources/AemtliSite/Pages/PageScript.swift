import Digest
import Foundation
import Mustache

/// The one script of the site (SPEC §5, §8.6, §9), the same bytes on every page that carries it,
/// allowed by its hash in the page's Content-Security-Policy and by nothing else. Pages work
/// without it. It reads the body's attributes:
///
/// - `data-refresh` (minutes): reload the page then, unless `aemtli serve`'s stream is up (the
///   page's `<noscript>` refresh does it where scripts do not run);
/// - `data-built` (an instant) and `data-stale-after` (minutes), on a wall a timer builds: once the
///   page is that old, show `#stopped` ("This display stopped updating at …");
/// - `data-live`, on pages `aemtli serve` builds: follow its event stream, reload when a rebuild
///   changed this page's own bytes, and after a minute without the stream show `#lost` with the time
///   it was lost (`#lost-at`); when the stream is back, reload once and hide it. A connection that
///   died without an error (the server lost its power) sends no error, and comment heartbeats do
///   not reach the script: a HEAD of the page every 30 seconds finds it out;
/// - `#synced`, the time in "Chores as of" (a `<time>` with the sync's instant and the family's
///   offset): on a live page, rewritten from each `synced` event in the page's language, as the
///   family's clock read it (the offset in the event, not the device's zone), with the day when
///   that is not today, as `FreshnessText.when` writes it;
/// - `a[data-webcal]`, a feed's link on a page serve serves without a `baseURL`: the feed at the
///   page's own address, as `webcal://` on Apple devices (their calendar app subscribes; the link
///   becomes a `.button` only then, since the class's display would override `hidden`), else as
///   the `http(s)://` address in its `[data-address]` with a `[data-copy]` button to copy it;
/// - `data-ticks`, on a live wall with ticks on (SPEC §10): ask serve whether this device is
///   paired (`POST /_aemtli/device`) and only then show the "Done" buttons; a tap asks "Who did
///   it?" under the chore's title (the assignee first), asks for a parent's PIN only for a member
///   `TickPermission` asks it of (from the names' `data-role`: all but a child ticking its own
///   chore), posts the tick and shows the answer's sentence with "Close", and "Undo" for 10
///   seconds when the answer says so (`undo`: aemtli's own write, its tag known); a change reloads
///   the page only once the dialog closes;
/// - a `#pair-form` (serve's pairing page): post the code, show the answer's sentence and, once
///   this device is paired (or already was), the link to the wall in place of the form.
public enum PageScript {
    public static let source =
        #"(function(){var b=document.body,a=function(n){return b.getAttribute(n)},el=function(i){return document.getElementById(i)},refresh=Number(a("data-refresh"))||0,built=Date.parse(a("data-built")||""),after=Number(a("data-stale-after"))||0,live=false,seen=false,lost=0;function check(){var n=el("stopped");if(n&&!live&&!lost&&built&&after&&Date.now()-built>after*6e4)n.hidden=false;n=el("lost");if(n&&lost&&Date.now()-lost>6e4){el("lost-at").textContent=new Date(lost).toLocaleTimeString(document.documentElement.lang,{hour:"2-digit",minute:"2-digit",hourCycle:"h23"});n.hidden=false}}function synced(t){var e=el("synced"),m=/([+-])(\d\d):(\d\d)$/.exec(t),z=m?(m[1]=="-"?-6e4:6e4)*(m[2]*60+ +m[3]):0,d=new Date(Date.parse(t)+z),u=function(o){o.timeZone="UTC";return d.toLocaleDateString(document.documentElement.lang,o)},s=d.toLocaleTimeString(document.documentElement.lang,{timeZone:"UTC",hour:"2-digit",minute:"2-digit",hourCycle:"h23"});if(!e||isNaN(d))return;if(d.toISOString().slice(0,10)!=new Date(Date.now()+z).toISOString().slice(0,10))s=u({weekday:"long"})+", "+u({day:"numeric"})+" "+u({month:"long"})+", "+s;e.textContent=s;e.setAttribute("datetime",t)}function feeds(){var w=document.querySelectorAll("a[data-webcal]"),apple=/iPhone|iPad|Macintosh/.test(navigator.userAgent);for(var i=0;i<w.length;i++){var u=w[i].href,c=w[i].parentNode.querySelector("[data-address]"),k=w[i].parentNode.querySelector("[data-copy]");if(apple){w[i].href="webcal"+u.slice(u.indexOf(":"));w[i].className="button";w[i].hidden=false}else if(c&&k){c.textContent=u;c.hidden=k.hidden=false;k.onclick=function(c){return function(){var r=document.createRange(),s=getSelection();r.selectNodeContents(c);s.removeAllRanges();s.addRange(r);if(navigator.clipboard)navigator.clipboard.writeText(c.textContent).catch(function(){});else document.execCommand("copy")}}(c)}}}function connect(){var s=new EventSource("/_aemtli/events");s.onopen=function(){if(lost)location.reload();live=seen=true};s.addEventListener("synced",function(e){synced(e.data)});s.addEventListener("rebuilt",function(e){var p=location.pathname;if(p.charAt(p.length-1)=="/")p+="index.html";try{if(JSON.parse(e.data).indexOf(p)>=0){if(who&&who.open)pending=true;else location.reload()}}catch(x){}});s.onerror=function(){live=false;if(seen&&!lost)lost=Date.now();if(seen&&s.readyState==2)setTimeout(connect,3e4)}}if(refresh>0)setTimeout(function(){if(!live&&!lost)location.reload()},refresh*6e4);function probe(){if(!seen)return;var c=window.AbortController?new AbortController():null;if(c)setTimeout(function(){c.abort()},1e4);fetch(location.pathname,{method:"HEAD",cache:"no-store",signal:c?c.signal:undefined}).then(function(){if(lost)location.reload()}).catch(function(){live=false;if(!lost)lost=Date.now()})}function post(u,d){return fetch(u,{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify(d),credentials:"same-origin"}).then(function(r){return r.json().then(function(j){return{ok:r.ok,m:j.message,u:j.undo===true}})})}var pf=el("pair-form");function paired(r){el("pair-message").textContent=r.m;if(r.ok){pf.hidden=true;el("pair-wall").hidden=false}}if(pf){pf.addEventListener("submit",function(e){e.preventDefault();post("/_aemtli/pair",{code:el("pair-code").value}).then(paired)});post("/_aemtli/device",{}).then(function(r){if(r.ok)paired(r)}).catch(function(){})}var who=el("who"),chosen=null,pending=false,timer=0;function show(i,v){el(i).hidden=!v}function needs(m){var w=el("who-list").querySelector('[data-member="'+m+'"]');return!(w&&w.getAttribute("data-role")=="child"&&m==chosen.getAttribute("data-member"))}function pick(m){who.m=m;var ws=el("who-list").children;for(var i=0;i<ws.length;i++)ws[i].setAttribute("aria-pressed",ws[i].getAttribute("data-member")==m?"true":"false");show("who-pin-form",m&&needs(m))}function ask(e){chosen=e.currentTarget;var l=el("who-list"),f=l.querySelector('[data-member="'+chosen.getAttribute("data-member")+'"]'),t=chosen.parentNode.querySelector(".title");if(f)l.insertBefore(f,l.firstChild);el("who-chore").textContent=t?t.textContent:"";el("who-pin").value="";el("tick-message").textContent="";clearTimeout(timer);pick(null);show("who-list",1);show("undo",0);show("who-cancel",1);show("who-close",0);who.showModal()}function close(){clearTimeout(timer);who.close()}function tick(m,d){var b={chore:chosen.getAttribute("data-chore"),member:m,done:d},p=el("who-pin").value;if(p&&needs(m))b.pin=p;post("/_aemtli/tick",b).then(function(r){el("tick-message").textContent=r.m;if(!r.ok&&d){el("who-pin").value="";return}show("who-list",0);show("who-pin-form",0);show("who-cancel",0);show("who-close",1);var u=el("undo");u.hidden=!(r.ok&&d&&r.u);u.onclick=function(){u.hidden=true;clearTimeout(timer);tick(m,false)};if(r.ok)timer=setTimeout(close,d?(r.u?1e4:4e3):2e3)})}if(who&&a("data-ticks")!=null){who.addEventListener("close",function(){if(pending)location.reload()});el("who-cancel").addEventListener("click",close);el("who-close").addEventListener("click",close);el("who-pin-form").addEventListener("submit",function(e){e.preventDefault();if(who.m)tick(who.m,true)});var ws=document.querySelectorAll("button.who");for(var i=0;i<ws.length;i++)ws[i].addEventListener("click",function(e){var m=e.currentTarget.getAttribute("data-member");pick(m);if(needs(m))el("who-pin").focus();else tick(m,true)});post("/_aemtli/device",{}).then(function(r){if(!r.ok)return;var bs=document.querySelectorAll("button.tick");for(var k=0;k<bs.length;k++){bs[k].hidden=false;bs[k].addEventListener("click",ask)}}).catch(function(){})}if(a("data-live")!=null&&window.EventSource){connect();setInterval(probe,3e4)}feeds();check();setInterval(check,15e3)})();"#

    /// `'sha256-…'`, the script's hash as a CSP source expression.
    static let hashSource = "'sha256-" + Data(SHA256.digest(Array(source.utf8))).base64EncodedString() + "'"

    /// The page's policy: this script and nothing else; the event stream, styles and the icon
    /// from the site itself.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src \(hashSource); connect-src 'self'; style-src 'self'; img-src 'self';"
        + " base-uri 'none'; form-action 'none'"

    /// The policy `aemtli serve` sends in the header of every page: the page's own, and never
    /// inside another site's frame, which only a header can say (a `<meta>` policy cannot).
    public static let headerPolicy = contentSecurityPolicy + "; frame-ancestors 'none'"

    /// What a page needs to carry the script: its source and policy, the words it shows, and the
    /// attributes it reads. `built` is given for a wall; it is left out of live pages.
    static func values(site: Site, refreshMinutes: Int, built: Date? = nil) -> MustacheValue {
        let words = site.words
        var data: MustacheObject = [
            "source": .string(source), "policy": .string(contentSecurityPolicy), "live": .bool(site.options.live),
            "refresh": refreshMinutes > 0 ? .int(refreshMinutes) : .null, "lost": .string(words[.lostServer]),
        ]
        if let built, !site.options.live {
            data["builtInstant"] = .string(WallPage.iso(built))
            data["staleAfter"] = .int(staleAfter(refreshMinutes: refreshMinutes))
            data["stopped"] = .string(
                "\(words[.displayStopped]) \(FreshnessText(site: site).when(built, alwaysDay: true)). \(words[.displayStoppedCheck])"
            )
        }
        return .object(data)
    }

    /// Minutes after which a wall a timer builds counts as stopped: twice its reload interval plus 15.
    static func staleAfter(refreshMinutes: Int) -> Int { 2 * refreshMinutes + 15 }
}
