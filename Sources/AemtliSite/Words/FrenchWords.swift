/// aemtli's words in French, as a family in Romandy writes them: "tâches" for Ämtli, the 24-hour
/// clock with a colon ("14:30", as a wall shows it at a glance), "1er" for the first of a month,
/// no comma after the weekday ("lundi 23 novembre 2026"), and the Swiss way with punctuation: no
/// space before ":", ";" or "?" and none inside «», which also matches the colons the pages and
/// the templates a family overrides write after a label.
struct FrenchWords: WordTable {
    private static let weekdays = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"]
    private static let months = [
        "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre",
        "décembre",
    ]

    // The tables hold no stored properties, so `Words` copies them without counting references.
    func weekday(_ number: Int) -> String { Self.weekdays[(number - 1) % 7] }
    func month(_ number: Int) -> String { Self.months[(number - 1) % 12] }
    func dayNumber(_ day: Int) -> String { day == 1 ? "1er" : "\(day)" }
    var weekdaySeparator: String { " " }
    func inDays(_ days: Int) -> String { "dans \(days) jours" }
    func daysOverdue(_ days: Int) -> String { days == 1 ? "1 jour de retard" : "\(days) jours de retard" }
    func done(_ done: Int, of total: Int) -> String { "\(done) sur \(total) faites" }
    func overdueCount(_ count: Int) -> String { count == 1 ? ", 1 en retard" : ", \(count) en retard" }

    /// French plural from 2 on: "1 manqué", "3 manqués"; the other marks do not change.
    func text(_ phrase: Phrase, count: Int) -> String {
        guard count >= 2 else { return text(phrase) }
        switch phrase {
        case .markMissed: return "manqués"
        case .markUnknown: return "inconnus"
        default: return text(phrase)
        }
    }

    func text(_ phrase: Phrase) -> String {
        switch phrase {
        case .skip: return "Aller au contenu"
        case .dashboard: return "Tableau de la famille"
        case .members: return "Membres de la famille"
        case .allMembers: return "Tous les membres"
        case .overdue: return "En retard"
        case .today: return "Aujourd’hui"
        case .laterThisWeek: return "Plus tard cette semaine"
        case .nothingToday: return "Rien à faire aujourd’hui."
        case .progress: return "Cette semaine"
        case .progressOf: return "Avancement de la semaine:"
        case .unassigned: return "À attribuer"
        case .deadlines: return "Prochaines échéances"
        case .subscribe: return "S’abonner dans son calendrier"
        case .subscribeHelp:
            return
                "Ajoutez un calendrier à Apple Calendrier, Google Agenda, Outlook ou Thunderbird; il se met à jour tout seul."
        case .subscribeApp: return "Ouvrir dans l’app Calendrier"
        case .feedFile: return "Fichier de calendrier"
        case .familyFeed: return "Toute la famille"
        case .next14: return "Les 14 prochains jours"
        case .nothingScheduled: return "Rien de prévu."
        case .undated: return "Sans date"
        case .weeklyChart: return "Tableau de la semaine"
        case .thisWeek: return "cette semaine"
        case .nextWeek: return "semaine prochaine"
        case .generated: return "Mis à jour"
        case .wall: return "Affichage mural"
        case .familyProgress: return "La famille cette semaine:"
        case .demoFamily:
            return
                "Ce sont les tâches de la famille de démonstration d’aemtli, pas les vôtres: aemtli n’a pas trouvé de store ici. Lancez-le dans le dossier qui contient votre store (aemtli sync écrit ./store), ou indiquez-le avec --store ou \"store\" dans aemtli.json."
        case .demoChart: return "la famille de démonstration, pas la vôtre"
        case .configurationKept:
            return
                "Pour les parents: aemtli.json contient une erreur, alors ces pages gardent ses derniers bons réglages et les tâches restent à jour. Le journal d’aemtli serve dit quoi corriger."
        case .choresAsOf: return "État des tâches:"
        case .signInNow:
            return
                "La connexion à iCloud a pris fin: un parent doit lancer 'aemtli sync login' sur le serveur de la maison; d’ici là, les tâches affichées ne sont plus mises à jour."
        case .accessDenied:
            return
                "Cet identifiant Apple ne voit peut-être plus les tâches de la famille: un parent doit lancer 'aemtli sync login' avec le bon."
        case .notUpdatedSince: return "Pas de mise à jour depuis"
        case .notUpdatedEver: return "Les tâches n’ont pas encore été chargées depuis iCloud."
        case .signInBefore:
            return "La connexion à iCloud prend bientôt fin: un parent devrait lancer 'aemtli sync login' avant"
        case .displayStopped: return "Cet affichage ne se met plus à jour depuis"
        case .displayStoppedCheck:
            return
                "Vérifiez que le serveur de la maison est allumé et que ce qui construit les pages tourne encore: son minuteur, sa tâche cron ou aemtli serve."
        case .lostServer: return "Cet affichage a perdu le serveur de la maison à"
        case .tickDone: return "C’est fait: l’app de la famille l’affichera aussi."
        case .tickUndone: return "Annulé: la tâche est de nouveau à faire."
        case .tickChanged:
            return "Cette tâche a changé entre-temps sur un téléphone; regardez à nouveau et touchez encore une fois."
        case .tickReadOnly:
            return
                "Cet identifiant Apple ne peut pas modifier les tâches; un parent peut partager la famille avec droit d’écriture."
        case .tickSignIn:
            return "La connexion à iCloud a pris fin; un parent doit d’abord lancer 'aemtli sync login'."
        case .tickBusy: return "iCloud est occupé; réessayez dans un instant."
        case .tickNotPaired:
            return "Cet appareil n’est pas jumelé; un parent lance 'aemtli serve pair' et saisit le code ici."
        case .tickNotAllowed: return "Seul le code PIN d’un parent permet de cocher cette tâche pour ce membre."
        case .tickWrongPin: return "Ce code PIN n’est pas le bon."
        case .tickLocked: return "Trop de codes PIN faux sur cet appareil; réessayez dans dix minutes."
        case .tickUnknown: return "Cette tâche ou ce membre n’existe pas (ou plus)."
        case .tickAlready: return "La tâche est déjà dans cet état."
        case .tickBadRequest: return "La demande n’a pas pu être lue."
        case .tickOff: return "Les coches sont désactivées (réglage 'ticks')."
        case .tickTooMany: return "Trop de touches sur cet appareil; attendez une minute et réessayez."
        case .tickUndoGone: return "Il est trop tard pour annuler ici; changez-le dans l’app de la famille."
        case .pairDone: return "Cet appareil est jumelé."
        case .tickButton: return "Fait"
        case .whoDidIt: return "Qui l’a fait?"
        case .parentPin: return "Code PIN d’un parent"
        case .undo: return "Annuler"
        case .cancel: return "Retour"
        case .close: return "Fermer"
        case .pairOpenWall: return "Ouvrir l’affichage mural"
        case .pairTitle: return "Jumeler cet appareil"
        case .pairCode: return "Le code à six chiffres affiché par 'aemtli serve pair'"
        case .pairButton: return "Jumeler"
        case .pairRefused: return "Ce code n’est pas valable (il dure dix minutes et ne sert qu’une fois)."
        case .reasonTemporary: return "iCloud ou le réseau était injoignable; aemtli continue d’essayer."
        case .reasonSignIn: return "la connexion à iCloud a pris fin."
        case .reasonAccess: return "cet identifiant Apple ne voit peut-être plus les tâches de la famille."
        case .reasonConfiguration: return "les réglages iCloud d’aemtli sont à vérifier par qui l’a installé."
        case .reasonProtocol: return "iCloud a répondu de façon inattendue; aemtli continue d’essayer."
        case .reasonOK: return "le serveur de la maison ne s’est plus synchronisé depuis; vérifiez qu’il tourne."
        case .pushOn: return "Les changements faits dans l’app s’affichent ici en quelques secondes."
        case .pushLater: return "Les changements faits dans l’app s’afficheront ici à la prochaine synchronisation"
        case .pushStarting: return "aemtli demande à iCloud de le prévenir des changements"
        case .pushSignIn: return "personne n’est connecté à iCloud"
        case .pushRefused: return "iCloud refuse de prévenir aemtli des changements"
        case .pushFailingSince: return "la connexion qui prévient aemtli des changements est coupée depuis"
        case .pushStopped: return "aemtli serve s’est arrêté"
        case .reminderTitle: return "Se reconnecter à aemtli"
        case .reminderDescription:
            return
                "La session iCloud qui garde les tâches à jour prend fin demain vers cette heure-ci. Lancez 'aemtli sync login' sur le serveur de la maison et cochez «Rester connecté»."
        case .everyDay: return "Tous les jours"
        case .everyDayAt: return "tous les jours à"
        case .everyDayAllDay: return "tous les jours, toute la journée"
        case .untilDay: return "jusqu’au"
        case .copyAddress: return "Copier l’adresse"
        case .subscribeCopy:
            return
                "Ces liens téléchargent une copie de chaque calendrier, qui ne se met pas à jour toute seule. Pour un abonnement qui reste à jour, servez ce dossier avec un serveur web et construisez avec --base-url et son adresse; les liens ouvrent alors votre app Calendrier."
        case .chore: return "Tâche"
        case .progressColumn: return "Avancement"
        case .deadlinesThisWeek: return "Échéances de la semaine"
        case .overdueFromBefore: return "En retard d’avant"
        case .notes: return "Notes"
        case .legend: return "☐ à cocher · ✓ fait · ! en retard"
        case .nothingThisWeek: return "Rien cette semaine."
        case .toTick: return "à cocher"
        case .week: return "Semaine"
        case .statusDone: return "fait"
        case .statusOverdue: return "en retard"
        case .statusDueToday: return "pour aujourd’hui"
        case .statusDueSoon: return "bientôt"
        case .statusUpcoming: return "à venir"
        case .statusUndated: return "sans date"
        case .statusPast: return "passé"
        case .recurrenceOnce: return "une fois"
        case .recurrenceDaily: return "chaque jour"
        case .recurrenceWeekly: return "chaque semaine"
        case .recurrenceMonthly: return "chaque mois"
        case .allDay: return "toute la journée"
        case .countdownToday: return "aujourd’hui"
        case .countdownTomorrow: return "demain"
        case .unassignedMember: return "à attribuer"
        case .familyCalendar: return "Famille"
        case .assignedTo: return "Pour: "
        case .repeats: return "Répétition: "
        case .deadline: return "Échéance: "
        case .due: return "À faire: "
        case .lastWeeks: return "Les 8 dernières semaines"
        case .markDone: return "à temps"
        case .markLate: return "en retard"
        case .markMissed: return "manqué"
        case .markUnknown: return "inconnu"
        case .markOpen: return "à faire"
        case .shareChart: return "Part des tâches faites chaque semaine"
        case .inARow: return "de suite"
        case .history: return "Historique"
        case .historyNotBegun:
            return "L’historique commence avec le premier 'aemtli sync': chaque coche est notée dès ce moment."
        case .historySince: return "Historique depuis la première synchronisation, le"
        case .historyLegend: return "✓ à temps · ! en retard · ✗ manqué · · inconnu · ○ à faire"
        case .currentStreak: return "série"
        case .bestStreak: return "record"
        case .shareDone: return "Fait"
        case .lastWeek: return "Semaine passée"
        }
    }
}
