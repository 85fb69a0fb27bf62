/// aemtli's words in Italian, as a family in Ticino writes them: "faccende" for Ämtli, the
/// 24-hour clock ("14:30") and no comma after the weekday ("lunedì 23 novembre 2026").
struct ItalianWords: WordTable {
    private static let weekdays = ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"]
    private static let months = [
        "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre",
        "novembre", "dicembre",
    ]

    // The tables hold no stored properties, so `Words` copies them without counting references.
    func weekday(_ number: Int) -> String { Self.weekdays[(number - 1) % 7] }
    func month(_ number: Int) -> String { Self.months[(number - 1) % 12] }
    func dayNumber(_ day: Int) -> String { "\(day)" }
    var weekdaySeparator: String { " " }
    func inDays(_ days: Int) -> String { "tra \(days) giorni" }
    func daysOverdue(_ days: Int) -> String { days == 1 ? "1 giorno di ritardo" : "\(days) giorni di ritardo" }
    func done(_ done: Int, of total: Int) -> String { "\(done) su \(total) fatte" }
    func overdueCount(_ count: Int) -> String { ", \(count) in ritardo" }

    /// Italian plural for every count but 1: "1 mancato", "3 mancati"; the other marks do not change.
    func text(_ phrase: Phrase, count: Int) -> String {
        guard count != 1 else { return text(phrase) }
        switch phrase {
        case .markMissed: return "mancati"
        case .markUnknown: return "sconosciuti"
        default: return text(phrase)
        }
    }

    func text(_ phrase: Phrase) -> String {
        switch phrase {
        case .skip: return "Vai al contenuto"
        case .dashboard: return "Quadro della famiglia"
        case .members: return "Membri della famiglia"
        case .allMembers: return "Tutti i membri"
        case .overdue: return "In ritardo"
        case .today: return "Oggi"
        case .laterThisWeek: return "Più avanti questa settimana"
        case .nothingToday: return "Niente da fare oggi."
        case .progress: return "Questa settimana"
        case .progressOf: return "Avanzamento della settimana:"
        case .unassigned: return "Da assegnare"
        case .deadlines: return "Prossime scadenze"
        case .subscribe: return "Abbonarsi nel calendario"
        case .subscribeHelp:
            return
                "Aggiungi un calendario a Calendario di Apple, Google Calendar, Outlook o Thunderbird; si aggiorna da solo."
        case .subscribeApp: return "Apri nell’app Calendario"
        case .feedFile: return "File del calendario"
        case .familyFeed: return "Tutta la famiglia"
        case .next14: return "Prossimi 14 giorni"
        case .nothingScheduled: return "Niente in programma."
        case .undated: return "Senza data"
        case .weeklyChart: return "Tabella della settimana"
        case .thisWeek: return "questa settimana"
        case .nextWeek: return "settimana prossima"
        case .generated: return "Aggiornato"
        case .wall: return "Schermo a parete"
        case .familyProgress: return "La famiglia questa settimana:"
        case .demoFamily:
            return
                "Queste sono le faccende della famiglia dimostrativa di aemtli, non le vostre: aemtli non ha trovato nessuno store qui. Avviatelo nella cartella che contiene il vostro store (aemtli sync scrive ./store) o indicatelo con --store o \"store\" in aemtli.json."
        case .demoChart: return "la famiglia dimostrativa, non la vostra"
        case .configurationKept:
            return
                "Per i genitori: in aemtli.json c’è un errore, perciò queste pagine tengono le ultime impostazioni buone e le faccende restano aggiornate. Il registro di aemtli serve dice cosa correggere."
        case .choresAsOf: return "Faccende aggiornate:"
        case .signInNow:
            return
                "L’accesso a iCloud è scaduto: un genitore deve eseguire 'aemtli sync login' sul server di casa; fino ad allora le faccende mostrate non si aggiornano."
        case .accessDenied:
            return
                "Questo ID Apple forse non vede più le faccende della famiglia: un genitore deve eseguire 'aemtli sync login' con quello giusto."
        case .notUpdatedSince: return "Non aggiornato da"
        case .notUpdatedEver: return "Le faccende non sono ancora state prese da iCloud."
        case .signInBefore:
            return "L’accesso a iCloud scade presto: un genitore dovrebbe eseguire 'aemtli sync login' prima di"
        case .displayStopped: return "Questo schermo non si aggiorna più da"
        case .displayStoppedCheck:
            return
                "Controllate che il server di casa sia acceso e che ciò che costruisce le pagine funzioni ancora: il suo timer, il cron job o aemtli serve."
        case .lostServer: return "Questo schermo ha perso il server di casa alle"
        case .tickDone: return "Fatto: lo mostrerà anche l’app della famiglia."
        case .tickUndone: return "Annullato: la faccenda è di nuovo da fare."
        case .tickChanged:
            return "Nel frattempo questa faccenda è cambiata su un telefono; guarda di nuovo e tocca ancora."
        case .tickReadOnly:
            return
                "Questo ID Apple non può cambiare le faccende; un genitore può condividere la famiglia con diritto di scrittura."
        case .tickSignIn: return "L’accesso a iCloud è scaduto; un genitore deve prima eseguire 'aemtli sync login'."
        case .tickBusy: return "iCloud è occupato; riprova tra un momento."
        case .tickNotPaired:
            return
                "Questo dispositivo non è abbinato; un genitore esegue 'aemtli serve pair' e inserisce qui il codice."
        case .tickNotAllowed: return "Solo il PIN di un genitore può spuntare questa faccenda per questo membro."
        case .tickWrongPin: return "Questo PIN non è giusto."
        case .tickLocked: return "Troppi PIN sbagliati su questo dispositivo; riprova tra dieci minuti."
        case .tickUnknown: return "Questa faccenda o questo membro non esiste (più)."
        case .tickAlready: return "La faccenda è già in questo stato."
        case .tickBadRequest: return "Non è stato possibile leggere la richiesta."
        case .tickOff: return "Le spunte sono disattivate (impostazione 'ticks')."
        case .tickTooMany: return "Troppi tocchi su questo dispositivo; aspetta un minuto e riprova."
        case .tickUndoGone: return "È troppo tardi per annullare qui; cambialo nell’app della famiglia."
        case .pairDone: return "Questo dispositivo è abbinato."
        case .tickButton: return "Fatto"
        case .whoDidIt: return "Chi l’ha fatto?"
        case .parentPin: return "PIN di un genitore"
        case .undo: return "Annulla"
        case .cancel: return "Indietro"
        case .close: return "Chiudi"
        case .pairOpenWall: return "Apri lo schermo a parete"
        case .pairTitle: return "Abbina questo dispositivo"
        case .pairCode: return "Il codice di sei cifre mostrato da 'aemtli serve pair'"
        case .pairButton: return "Abbina"
        case .pairRefused: return "Questo codice non è valido (dura dieci minuti e vale una volta sola)."
        case .reasonTemporary: return "iCloud o la rete non erano raggiungibili; aemtli continua a provare."
        case .reasonSignIn: return "l’accesso a iCloud è scaduto."
        case .reasonAccess: return "questo ID Apple forse non vede più le faccende della famiglia."
        case .reasonConfiguration: return "le impostazioni iCloud di aemtli vanno controllate da chi l’ha installato."
        case .reasonProtocol: return "iCloud ha risposto in modo inatteso; aemtli continua a provare."
        case .reasonOK: return "da allora il server di casa non si è più sincronizzato; controllate che funzioni."
        case .pushOn: return "Le modifiche fatte nell’app appaiono qui in pochi secondi."
        case .pushLater: return "Le modifiche fatte nell’app appariranno qui alla prossima sincronizzazione"
        case .pushStarting: return "aemtli sta chiedendo a iCloud di avvisarlo delle modifiche"
        case .pushSignIn: return "nessuno ha eseguito l’accesso a iCloud"
        case .pushRefused: return "iCloud si rifiuta di avvisare aemtli delle modifiche"
        case .pushFailingSince: return "la connessione che avvisa aemtli delle modifiche è interrotta da"
        case .pushStopped: return "aemtli serve si è fermato"
        case .reminderTitle: return "Accedi di nuovo ad aemtli"
        case .reminderDescription:
            return
                "La sessione iCloud che tiene aggiornate le faccende scade domani verso quest’ora. Esegui 'aemtli sync login' sul server di casa e spunta «Resta connesso»."
        case .everyDay: return "Ogni giorno"
        case .everyDayAt: return "ogni giorno alle"
        case .everyDayAllDay: return "ogni giorno, tutto il giorno"
        case .untilDay: return "fino al"
        case .copyAddress: return "Copia l’indirizzo"
        case .subscribeCopy:
            return
                "Questi link scaricano una copia di ogni calendario, che non si aggiorna da sola. Per un abbonamento che resta aggiornato, servite questa cartella con un server web e costruite con --base-url e il suo indirizzo; i link apriranno allora la vostra app Calendario."
        case .chore: return "Faccenda"
        case .progressColumn: return "Avanzamento"
        case .deadlinesThisWeek: return "Scadenze della settimana"
        case .overdueFromBefore: return "In ritardo da prima"
        case .notes: return "Note"
        case .legend: return "☐ da spuntare · ✓ fatto · ! in ritardo"
        case .nothingThisWeek: return "Niente questa settimana."
        case .toTick: return "da spuntare"
        case .week: return "Settimana"
        case .statusDone: return "fatto"
        case .statusOverdue: return "in ritardo"
        case .statusDueToday: return "per oggi"
        case .statusDueSoon: return "a breve"
        case .statusUpcoming: return "in programma"
        case .statusUndated: return "senza data"
        case .statusPast: return "passato"
        case .recurrenceOnce: return "una volta"
        case .recurrenceDaily: return "ogni giorno"
        case .recurrenceWeekly: return "ogni settimana"
        case .recurrenceMonthly: return "ogni mese"
        case .allDay: return "tutto il giorno"
        case .countdownToday: return "oggi"
        case .countdownTomorrow: return "domani"
        case .unassignedMember: return "da assegnare"
        case .familyCalendar: return "Famiglia"
        case .assignedTo: return "Per: "
        case .repeats: return "Ripetizione: "
        case .deadline: return "Scadenza: "
        case .due: return "Da fare: "
        case .lastWeeks: return "Ultime 8 settimane"
        case .markDone: return "in tempo"
        case .markLate: return "in ritardo"
        case .markMissed: return "mancato"
        case .markUnknown: return "sconosciuto"
        case .markOpen: return "da fare"
        case .shareChart: return "Quota di faccende fatte ogni settimana"
        case .inARow: return "di fila"
        case .history: return "Storico"
        case .historyNotBegun:
            return "Lo storico comincia con il primo 'aemtli sync': da allora registra ogni spunta."
        case .historySince: return "Storico dalla prima sincronizzazione,"
        case .historyLegend: return "✓ in tempo · ! in ritardo · ✗ mancato · · sconosciuto · ○ da fare"
        case .currentStreak: return "serie"
        case .bestStreak: return "record"
        case .shareDone: return "Fatto"
        case .lastWeek: return "Settimana scorsa"
        }
    }
}
