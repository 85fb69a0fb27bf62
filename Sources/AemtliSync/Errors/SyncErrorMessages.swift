/// The one-sentence messages of `SyncError`, kept apart from the error type so both stay short.
enum SyncErrorMessages {
    static func sentence(for reason: SyncError.Reason) -> String {
        switch reason {
        case .apiTokenMissing(let container, let port):
            return
                "No CloudKit API token is set for container \"\(container)\": the app's developer makes one in CloudKit Console (the container → Tokens & Keys → API Tokens → +, Sign In Callback \"URL Redirect\" to http://127.0.0.1:\(port)/aemtli/callback), then put it in aemtli.json under \"cloudkit\" → \"apiToken\" or in AEMTLI_CLOUDKIT_API_TOKEN."
        case .apiTokenRejected(let detail):
            return
                "CloudKit rejected the API token (\(detail)); check \"cloudkit\" → \"apiToken\" in aemtli.json or AEMTLI_CLOUDKIT_API_TOKEN, and that it belongs to this container and environment."
        case .addressInvalid(let text):
            return text
        case .containerNotFound(let container, let environment, let detail):
            return
                "CloudKit does not know container \"\(container)\" in environment \"\(environment)\" (\(detail)); check \"container\" and \"environment\" under \"cloudkit\" in aemtli.json."
        case .zoneNotFound(let zone, let database, let environment):
            return
                "The zone \"\(zone)\" is not in the \(database) database of environment \"\(environment)\"; check that the family was created in the app with this Apple ID (or that its share was accepted), and the \"environment\" and \"zone\" settings."
        case .noFamily(let zone, let environment):
            return
                "This Apple ID has no family in the chore app: no zone \"\(zone)\" of its own and none shared with it (environment \"\(environment)\"); sign in with the Apple ID that uses the app, or accept the family's invitation in the app first. Nothing was saved."
        case .zoneAmbiguous(let zone, let owners):
            return
                "Several shared zones are named \"\(zone)\" (owners \(owners.map { "\"\($0)\"" }.joined(separator: ", "))); this Apple ID belongs to more than one family, which aemtli cannot tell apart yet."
        case .sessionFileReadable(let path):
            return
                "The session file \"\(path)\" can be read by other users, so aemtli will not use it; run `chmod 600 \(path)` and sign in again with `aemtli sync login` if someone else may have read it."
        case .callbackPortInvalid(let port):
            return
                "The callback port \"\(port)\" is not a port number from 1 to 65535; fix \"cloudkit\" → \"callbackPort\" in aemtli.json."
        case .callbackUnavailable(let port, let detail):
            return
                "Cannot listen for the sign-in on 127.0.0.1 port \"\(port)\" (\(detail)); stop what uses that port, or use `aemtli sync login --paste`."
        case .notSignedIn:
            return "Nobody is signed in to iCloud for aemtli; run `aemtli sync login`."
        case .sessionRejected:
            return
                "CloudKit no longer accepts the sign-in (web sessions end after two weeks at most); run `aemtli sync login`."
        case .accessDenied(let detail):
            return
                "CloudKit denied access to the family's records (\(detail)); sign in with the Apple ID that owns the family or accepted its share, with `aemtli sync login`."
        case .locked(let path):
            return
                "Another `aemtli sync` is running on this store (it holds \"\(path)\"); try again when it has finished."
        case .temporary(let what, let retryAt):
            return "CloudKit could not be used for now (\(what)); nothing was lost, try again after \(retryAt)."
        case .stopped(let what):
            return
                "The sync was asked to stop while it waited for CloudKit (\(what)); nothing was lost, and the next sync carries on."
        case .callbackTimedOut(let minutes):
            return
                "No sign-in arrived within \(minutes) minutes; run `aemtli sync login` again, or `aemtli sync login --paste` on a machine without a browser."
        case .unexpectedResponse(let operation, let detail):
            return
                "CloudKit answered \(operation) unexpectedly with \(detail); try again later, and report it if it persists."
        case .unusableAnswer(let detail):
            return "CloudKit's answer could not be used: \(detail) Try again later, and report it if it persists."
        case .staleSyncToken(let detail):
            return
                "CloudKit rejected the sync position even after a full fetch (\(detail)); try `aemtli sync --full` later, and report it if it persists."
        case .stuckFeed(let zone):
            return
                "CloudKit kept answering zone \"\(zone)\" with the same position and more to come; try `aemtli sync --full` later."
        case .tooManyPages(let limit):
            return
                "The sync stopped after \(limit) pages in one run, far more than a family's chores need; run `aemtli sync` again to carry on, and report it if it persists."
        case .noSignInAddress:
            return
                "CloudKit did not answer with a sign-in address (expected HTTP 421 with \"redirectURL\"); check the API token's Sign In Callback setting in CloudKit Console."
        case .cannotWrite(let path, let detail):
            return "Cannot write \"\(path)\" (\(detail)); check that the folder exists, is writable and has space."
        case .cannotRead(let path, let detail):
            return "Cannot read \"\(path)\" (\(detail)); check the file, or remove it and run `aemtli sync --full`."
        case .pastedTokenInvalid:
            return
                "The pasted text holds no token; paste the whole address the browser ended on (with \"ckWebAuthToken=\" or \"ckSession=\") or the bare token."
        }
    }
}
