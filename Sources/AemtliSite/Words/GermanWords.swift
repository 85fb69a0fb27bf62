/// aemtli's words in German (Swiss usage: "Ämtli").
struct GermanWords: WordTable {
    private static let weekdays = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
    private static let months = [
        "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November",
        "Dezember",
    ]

    // The tables hold no stored properties, so `Words` copies them without counting references.
    func weekday(_ number: Int) -> String { Self.weekdays[(number - 1) % 7] }
    func month(_ number: Int) -> String { Self.months[(number - 1) % 12] }
    func dayNumber(_ day: Int) -> String { "\(day)." }
    func inDays(_ days: Int) -> String { "in \(days) Tagen" }
    func daysOverdue(_ days: Int) -> String { days == 1 ? "1 Tag überfällig" : "\(days) Tage überfällig" }
    func done(_ done: Int, of total: Int) -> String { "\(done) von \(total) erledigt" }
    func overdueCount(_ count: Int) -> String { ", \(count) überfällig" }

    func text(_ phrase: Phrase) -> String {
        switch phrase {
        case .skip: return "Zum Inhalt springen"
        case .dashboard: return "Familienübersicht"
        case .members: return "Familienmitglieder"
        case .allMembers: return "Alle Mitglieder"
        case .overdue: return "Überfällig"
        case .today: return "Heute"
        case .laterThisWeek: return "Später diese Woche"
        case .nothingToday: return "Heute ist nichts fällig."
        case .progress: return "Diese Woche"
        case .progressOf: return "Fortschritt diese Woche:"
        case .unassigned: return "Nicht zugeteilte Ämtli"
        case .deadlines: return "Nächste Fristen"
        case .subscribe: return "Im Kalender abonnieren"
        case .subscribeHelp:
            return
                "Füge einen Kalender in Apple Kalender, Google Kalender, Outlook oder Thunderbird hinzu; er aktualisiert sich selbst."
        case .subscribeApp: return "In der Kalender-App öffnen"
        case .feedFile: return "Kalenderdatei"
        case .familyFeed: return "Ganze Familie"
        case .next14: return "Nächste 14 Tage"
        case .nothingScheduled: return "Nichts geplant."
        case .undated: return "Ohne Datum"
        case .weeklyChart: return "Wochenplan"
        case .thisWeek: return "diese Woche"
        case .nextWeek: return "nächste Woche"
        case .generated: return "Aktualisiert"
        case .wall: return "Wandanzeige"
        case .familyProgress: return "Familie diese Woche:"
        case .demoFamily:
            return
                "Das sind die Ämtli der Demo-Familie von aemtli, nicht eure: aemtli hat hier keinen Store gefunden. Startet es im Ordner mit eurem Store (aemtli sync schreibt ./store) oder nennt ihn mit --store oder \"store\" in aemtli.json."
        case .demoChart: return "die Demo-Familie, nicht eure"
        case .configurationKept:
            return
                "Für die Eltern: In aemtli.json ist etwas verrutscht, darum behalten diese Seiten die letzten guten Einstellungen, und die Ämtli bleiben aktuell. Was zu ändern ist, steht im Protokoll von aemtli serve."
        case .choresAsOf: return "Ämtli-Stand"
        case .signInNow:
            return
                "Die iCloud-Anmeldung ist abgelaufen: Ein Elternteil muss auf dem Heimserver 'aemtli sync login' ausführen; bis dahin werden die Ämtli nicht aktualisiert."
        case .accessDenied:
            return
                "Diese Apple-ID sieht die Ämtli der Familie vielleicht nicht mehr: Ein Elternteil muss 'aemtli sync login' mit der richtigen ausführen."
        case .notUpdatedSince: return "Nicht aktualisiert seit"
        case .notUpdatedEver: return "Die Ämtli wurden noch nicht aus iCloud geholt."
        case .signInBefore:
            return "Die iCloud-Anmeldung läuft bald ab: Ein Elternteil sollte 'aemtli sync login' ausführen vor"
        case .displayStopped: return "Diese Anzeige wird nicht mehr aktualisiert seit"
        case .displayStoppedCheck:
            return
                "Prüft, ob der Heimserver eingeschaltet ist und noch läuft, was die Seiten baut: Timer, Cron-Job oder aemtli serve."
        case .lostServer: return "Diese Anzeige hat keine Verbindung zum Heimserver seit"
        case .tickDone: return "Erledigt: die App der Familie zeigt es auch."
        case .tickUndone: return "Zurückgenommen: das Ämtli ist wieder offen."
        case .tickChanged:
            return "Dieses Ämtli wurde inzwischen auf einem Telefon geändert; schau nochmals und tippe erneut."
        case .tickReadOnly:
            return "Diese Apple-ID darf keine Ämtli ändern; ein Elternteil kann die Familie mit Schreibrecht teilen."
        case .tickSignIn:
            return "Die iCloud-Anmeldung ist abgelaufen; ein Elternteil muss zuerst 'aemtli sync login' ausführen."
        case .tickBusy: return "iCloud ist beschäftigt; versuche es gleich nochmals."
        case .tickNotPaired:
            return
                "Dieses Gerät ist nicht gekoppelt; ein Elternteil führt 'aemtli serve pair' aus und gibt den Code hier ein."
        case .tickNotAllowed:
            return "Nur mit der PIN eines Elternteils kann dieses Ämtli für dieses Mitglied abgehakt werden."
        case .tickWrongPin: return "Diese PIN stimmt nicht."
        case .tickLocked: return "Zu viele falsche PINs auf diesem Gerät; versuche es in zehn Minuten wieder."
        case .tickUnknown: return "Dieses Ämtli oder Mitglied gibt es nicht (mehr)."
        case .tickAlready: return "Das Ämtli ist schon in diesem Zustand."
        case .tickBadRequest: return "Die Anfrage konnte nicht gelesen werden."
        case .tickOff: return "Abhaken ist ausgeschaltet (Einstellung 'ticks')."
        case .tickTooMany: return "Zu viele Tipper auf diesem Gerät; warte eine Minute und versuche es nochmals."
        case .tickUndoGone: return "Hier lässt sich das nicht mehr rückgängig machen; ändere es in der App der Familie."
        case .pairDone: return "Dieses Gerät ist gekoppelt."
        case .tickButton: return "Erledigt"
        case .whoDidIt: return "Wer hat es gemacht?"
        case .parentPin: return "PIN eines Elternteils"
        case .undo: return "Rückgängig"
        case .cancel: return "Abbrechen"
        case .close: return "Schliessen"
        case .pairOpenWall: return "Zur Wandanzeige"
        case .pairTitle: return "Dieses Gerät koppeln"
        case .pairCode: return "Der sechsstellige Code, den 'aemtli serve pair' ausgab"
        case .pairButton: return "Koppeln"
        case .pairRefused: return "Dieser Code gilt nicht (er gilt zehn Minuten und nur einmal)."
        case .reasonTemporary: return "iCloud oder das Netz war nicht erreichbar; aemtli versucht es weiter."
        case .reasonSignIn: return "die iCloud-Anmeldung ist abgelaufen."
        case .reasonAccess: return "diese Apple-ID sieht die Ämtli der Familie vielleicht nicht mehr."
        case .reasonConfiguration: return "die iCloud-Einstellungen von aemtli müssen geprüft werden."
        case .reasonProtocol: return "iCloud hat unerwartet geantwortet; aemtli versucht es weiter."
        case .reasonOK: return "der Heimserver hat seither nicht synchronisiert; prüfe, ob er läuft."
        case .pushOn: return "Änderungen in der App erscheinen hier innert Sekunden."
        case .pushLater: return "Änderungen in der App erscheinen hier mit dem nächsten Abgleich"
        case .pushStarting: return "aemtli bittet iCloud, es über Änderungen zu benachrichtigen"
        case .pushSignIn: return "niemand ist bei iCloud angemeldet"
        case .pushRefused: return "iCloud benachrichtigt aemtli nicht über Änderungen"
        case .pushFailingSince:
            return "die Verbindung, die aemtli über Änderungen benachrichtigt, ist unterbrochen seit"
        case .pushStopped: return "aemtli serve läuft nicht mehr"
        case .reminderTitle: return "Bei aemtli wieder anmelden"
        case .reminderDescription:
            return
                "Die iCloud-Anmeldung, die die Ämtli aktuell hält, läuft morgen um diese Zeit ab. Führe auf dem Heimserver 'aemtli sync login' aus und wähle \"Angemeldet bleiben\"."
        case .everyDay: return "Jeden Tag"
        case .everyDayAt: return "jeden Tag um"
        case .everyDayAllDay: return "jeden Tag, ganztags"
        case .untilDay: return "bis"
        case .copyAddress: return "Adresse kopieren"
        case .subscribeCopy:
            return
                "Diese Links laden eine Kopie jedes Kalenders herunter, die sich nicht selbst aktualisiert. Für ein Abo, das aktuell bleibt, stelle diesen Ordner mit einem Webserver bereit und baue mit --base-url und seiner Adresse; die Links öffnen dann deine Kalender-App."
        case .chore: return "Ämtli"
        case .progressColumn: return "Fortschritt"
        case .deadlinesThisWeek: return "Fristen diese Woche"
        case .overdueFromBefore: return "Überfällig von früher"
        case .notes: return "Notizen"
        case .legend: return "☐ abhaken · ✓ erledigt · ! überfällig"
        case .nothingThisWeek: return "Nichts diese Woche."
        case .toTick: return "abhaken"
        case .week: return "Woche"
        case .statusDone: return "erledigt"
        case .statusOverdue: return "überfällig"
        case .statusDueToday: return "heute fällig"
        case .statusDueSoon: return "bald fällig"
        case .statusUpcoming: return "geplant"
        case .statusUndated: return "ohne Datum"
        case .statusPast: return "vorbei"
        case .recurrenceOnce: return "einmalig"
        case .recurrenceDaily: return "täglich"
        case .recurrenceWeekly: return "wöchentlich"
        case .recurrenceMonthly: return "monatlich"
        case .allDay: return "ganztags"
        case .countdownToday: return "heute"
        case .countdownTomorrow: return "morgen"
        case .unassignedMember: return "nicht zugeteilt"
        case .familyCalendar: return "Familie"
        case .assignedTo: return "Zugeteilt: "
        case .repeats: return "Wiederholung: "
        case .deadline: return "Frist: "
        case .due: return "Fällig: "
        case .lastWeeks: return "Letzte 8 Wochen"
        case .markDone: return "rechtzeitig"
        case .markLate: return "zu spät"
        case .markMissed: return "verpasst"
        case .markUnknown: return "unbekannt"
        case .markOpen: return "offen"
        case .shareChart: return "Anteil erledigter Ämtli pro Woche"
        case .inARow: return "in Folge"
        case .history: return "Verlauf"
        case .historyNotBegun:
            return "Der Verlauf beginnt mit dem ersten 'aemtli sync': Ab dann wird jedes Abhaken festgehalten."
        case .historySince: return "Verlauf seit der ersten Synchronisierung am"
        case .historyLegend: return "✓ rechtzeitig · ! verspätet · ✗ verpasst · · unbekannt · ○ offen"
        case .currentStreak: return "Serie"
        case .bestStreak: return "beste"
        case .shareDone: return "Erledigt"
        case .lastWeek: return "Letzte Woche"
        }
    }
}
