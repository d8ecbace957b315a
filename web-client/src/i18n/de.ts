// Deutsch. Same shape as `en.ts` (its type is checked against it).
import type { Messages } from './en';
import { count, list } from './format';
import type { TurnTimer } from '../generated/TurnTimer';

export const de: Messages = {
  nav: {
    newGame: 'Neues Spiel',
    myTables: 'Meine Tische',
    myTablesWaiting: (p) => `Meine Tische, ${count('de', p.count)} warten auf dich`,
    language: 'Sprache',
    history: 'Verlauf',
  },
  home: {
    title: 'Brettspiele mit Freunden spielen',
    lead: 'Wähle ein Spiel, eröffne einen Raum und schick den Link. Kein Konto, keine Installation.',
    pickGame: '1. Wähle ein Spiel',
    couldNotLoad: (p) => `Die Spiele konnten nicht geladen werden: ${p.why}`,
    retry: 'Erneut versuchen',
    loading: 'Spiele werden geladen…',
    games: 'Spiele',
    players: (p) => `${count('de', p.min)}–${count('de', p.max)} Personen`,
    comingSoon: 'Demnächst',
    rulesOf: (p) => `Regeln von ${p.game}`,
    thisGame: 'diesem Spiel',
    yourName: '2. Dein Name',
    namePlaceholder: 'z. B. Ana',
    nameLabel: 'Dein Name',
    creating: 'Wird eröffnet…',
    create: (p) => `Raum für ${p.game} eröffnen`,
    gotCode: 'Hast du einen Code?',
    codePlaceholder: 'Code oder Link',
    codeLabel: 'Raumcode oder Link',
    goToRoom: 'Zum Raum',
    codeProblem: (p) =>
      `Raumcodes bestehen aus ${count('de', p.length)} Buchstaben und Ziffern (ohne 0, 1, I, L und O), zum Beispiel ${p.example}.`,
    finished: 'Beendete Partien ansehen →',
  },
  tables: {
    lead: 'Alle Tische, an denen dieser Browser einen Platz hat. Tische in deinem eigenen Tempo warten hier zwischen den Zügen.',
    waitingOnYou: 'Warten auf dich',
    waitingOnOthers: 'Warten auf andere',
    inLobby: 'In der Lobby',
    finished: 'Beendet',
    noneBefore: 'Du hast noch keinen Platz.',
    startGame: 'Starte ein Spiel',
    noneAfter: 'oder öffne den Link von Freunden.',
    seat: (p) => `Platz ${count('de', p.number)}`,
    with: (p) => `mit ${list('de', p.names)}`,
    aloneSoFar: 'bisher allein',
    youWon: 'Du hast gewonnen',
    youAmongWinners: 'dir',
    wonBy: (p) => `Gewonnen von ${list('de', p.names)}`,
    notStarted: 'Noch nicht begonnen',
    yourTurn: 'Du bist dran',
    yourTurnAnd: (p) => `Du bist dran (und ${list('de', p.names)})`,
    nobodyToAct: 'Niemand ist dran',
    toPlay: (p) => `${list('de', p.names)} ist dran`,
    timeLeftTitle: 'Verbleibende Zeit für diese Entscheidung',
    timeLeft: (p) => `noch ${p.time}`,
    matchRecord: 'Zum Partieprotokoll',
  },
  lobby: {
    players: 'Mitspielende',
    playersCount: (p) => `${count('de', p.count)} von ${count('de', p.max)}`,
    host: 'Gastgeber',
    you: 'du',
    moveConfirm: (p) => `${p.name} zu den Zuschauenden verschieben?`,
    move: 'Verschieben',
    cancel: 'Abbrechen',
    moveLabel: (p) => `Zu den Zuschauenden: ${p.name}`,
    moveToSpectators: 'Zu den Zuschauenden',
    removeLabel: (p) => `${p.name} entfernen`,
    remove: 'Entfernen',
    closedSeat: 'Geschlossener Platz',
    reopenLabel: 'Einen geschlossenen Platz wieder öffnen',
    reopen: 'Wieder öffnen',
    emptyLocked: 'Freier Platz – gesperrt',
    openSeat: 'Freier Platz',
    lockedByYou: 'Du hast diesen Raum gesperrt: Wer den Link hat, kann nur zuschauen.',
    lockedByHost: 'Der Gastgeber hat diesen Raum gesperrt: Wer den Link hat, kann nur zuschauen.',
    closedByYou: (p) =>
      p.count === 1 ? 'Ein Platz ist geschlossen, bis du ihn wieder öffnest.' : `${count('de', p.count)} Plätze sind geschlossen, bis du sie wieder öffnest.`,
    closedByHost: (p) =>
      p.count === 1 ? 'Ein Platz ist vom Gastgeber geschlossen.' : `${count('de', p.count)} Plätze sind vom Gastgeber geschlossen.`,
    addBot: 'Bot hinzufügen',
    easy: 'Leicht',
    normal: 'Mittel',
    lock: 'Raum für neue Mitspielende sperren',
    lockHint: 'Wer den Link öffnet, kann nur zuschauen; Bots können weiterhin hinzugefügt werden.',
    watching: (p) => `${count('de', p.count)} schauen zu`,
    readRules: (p) => `Regeln von ${p.game} lesen`,
    roomMatches: 'Partien in diesem Raum',
    start: (p) => `${p.game} starten`,
    theGame: 'Spiel',
    waitLocked: (p) =>
      `Es fehlen noch Mitspielende (mindestens ${count('de', p.min)}) – entsperre den Raum, damit andere beitreten können, oder füge einen Bot hinzu.`,
    waitShare: (p) => `Es fehlen noch Mitspielende (mindestens ${count('de', p.min)}) – teile den Link oben oder füge einen Bot hinzu.`,
    ready: (p) => `Alle da? Starte, wenn ihr bereit seid (${count('de', p.min)}–${count('de', p.max)} Personen).`,
    waitingHost: 'Warten, bis der Gastgeber das Spiel startet…',
  },
  share: {
    label: 'Lade Freunde mit diesem Link ein',
    copy: 'Kopieren',
    copied: 'Kopiert!',
    copiedToast: 'Link kopiert – schick ihn deinen Freunden!',
    copyByHand: 'Drücke Strg+C (oder tippe lange), um den markierten Link zu kopieren.',
  },
  seat: {
    save: 'Speichern',
    giveUp: 'Deinen Platz aufgeben und zuschauen?',
    leave: 'Platz verlassen',
    stay: 'Bleiben',
    rename: 'Namen ändern',
  },
  webhook: {
    title: 'Zug-Hinweise in einem Chat',
    on: (p) => `an (${p.kind})`,
    shown: (p) =>
      `Dieser Raum schreibt „Ana ist dran“ an einen ${p.kind}-Webhook, wenn jemand Abwesendes am Zug ist, und am Ende, wer gewonnen hat.`,
    offer: 'Schreibe „Ana ist dran“ in den Chat deiner Gruppe, wenn jemand Abwesendes am Zug ist, und am Ende, wer gewonnen hat.',
    address: 'Webhook-Adresse',
    kind: 'Art',
    plainJson: 'einfaches JSON',
    plainJsonOption: 'Einfaches JSON',
    replace: 'Ersetzen',
    stop: 'Nicht mehr posten',
  },
  notices: {
    title: 'Zug-Hinweise',
    onDevice: 'auf diesem Gerät',
    byEmail: 'per E-Mail',
    note: 'Nur wenn du am Zug bist und dieser Tisch nicht offen ist. Gespeichert, bis die Partie endet oder du deinen Platz verlässt; niemandem gezeigt.',
    device: 'Hinweise auf diesem Gerät',
    deviceOn: 'Dieser Browser zeigt einen Hinweis, wenn du am Zug bist.',
    stopDevice: 'Keine Hinweise mehr auf diesem Gerät',
    asking: 'Der Browser wird gefragt…',
    notifyMe: 'Auf diesem Gerät benachrichtigen',
    notOn: (p) => `Nicht aktiv: ${p.why}.`,
    unsupported: 'dieser Browser kann hier keine Push-Hinweise empfangen',
    blocked: 'Benachrichtigungen sind für diese Seite in den Browser-Einstellungen blockiert',
    failed: (p) => `der Browser konnte kein Abo anlegen (${p.detail})`,
    emails: 'Zug-E-Mails',
    emailOn: 'Du bekommst eine E-Mail, wenn du am Zug bist.',
    stopEmails: 'Keine E-Mails mehr',
    emailMe: 'Schick mir eine E-Mail, wenn ich am Zug und nicht da bin',
  },
  pace: {
    legend: 'Tempo und Zugzeit',
    live: 'Echtzeit',
    ownPace: 'In eigenem Tempo',
    ownPaceShown: (p) => `In eigenem Tempo: ${p.timer}`,
    timer: (p) => {
      if (p.secs === null) return 'Aus: der Tisch wartet';
      const names: Partial<Record<TurnTimer, string>> = { relaxed: 'Entspannt', normal: 'Normal', fast: 'Schnell' };
      const d = p.secs / 86400;
      const h = p.secs / 3600;
      const span =
        p.secs >= 86400 ? (d === 1 ? '1 Tag' : `${count('de', d)} Tage`)
        : p.secs >= 3600 ? (h === 1 ? '1 Stunde' : `${count('de', h)} Stunden`)
        : p.secs >= 60 ? `${count('de', p.secs / 60)} Min.`
        : `${count('de', p.secs)} s`;
      const name = names[p.timer];
      return name && p.secs < 3600 ? `${name}: ${span} pro Entscheidung` : `${span} pro Entscheidung`;
    },
    ownPaceNote:
      'Zieh, wann immer du eine Minute hast: Der Tisch wartet auf alle bis zur angezeigten Zeit, auch wenn jede Seite geschlossen ist.',
    expiryNote:
      'Läuft die Zeit ab, entscheidet der Server; nach zwei solchen Entscheidungen in Folge spielt ein Bot, bis die Person zurück ist.',
  },
  notFound: {
    title: 'Seite nicht gefunden',
    nothingAt: 'Hier gibt es nichts:',
    goHome: 'Zur Startseite',
  },
  names: (p) => list('de', p.names),
};
