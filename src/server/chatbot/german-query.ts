// The German-language rules of retrieval: words of asking, follow-up
// questions, compound matching, the kind of fact a question asks for, rulebook cues and
// paragraph labels. Plain functions and tables, so they are easy to read and to extend.

// Everyday words → article terms are data: knowledge/wortschatz.txt (word-table.ts).

/**
 * Words of asking rather than of the subject ("Was gehört in ein Bautagebuch?"): rare in the
 * articles, so without this they would outweigh the subject. They still count, a little.
 */
export const QUESTION_WORDS =
  "wann gehört gehören passiert passieren brauche brauchen gibt geben geht gehen mache machen macht steht stehen gilt gelten bedeutet bedeuten heißt heißen genau eigentlich bitte erklären erkläre beachten beachte müssen darf dürfen soll sollen können richtig wichtig tun tue frage fragen meinem meine unser unsere jemand etwas " +
  "innerhalb binnen beim lange viel viele hoch üblicherweise normalerweise üblich welcher welchem welchen durchführen durchgeführt verlange verlangen einfach habe hat haben zeit steht stehen mir mich ich " +
  // Site language: fillers and colloquial forms that say nothing about the subject.
  "braucht benötigt benötige benötigen hallo moin servus danke nen ne n nix nichts is isn gibts gibt's krieg krieg kriege kriegen krieg's wenns werdens sinds hab habs bissl bisschen mal halt eh doch schon noch gestern heute morgen letzte letzten woche wochen jetzt nun eigentlich überhaupt wohl gut ca etwa ungefähr irgendwann einfach so zb also leute jemand rum sagt fragt meint will wollen hätte hätten hättest wäre wären wär würde würden";
export const QUESTION_WORD_WEIGHT = 0.3;

// A question that refers back to the previous one ("und bei Bauwerken?", "Gilt das auch …").
export const FOLLOW_UP =
  /^(und|aber|auch|sowie|oder|bei|beim|im fall|was ist mit|wie ist es|wie sieht es|gilt das|gilt dies|und wenn|was gilt)\b/i;
export const ANAPHORA = /\b(das|dies|diese[rsmn]?|dafür|dazu|davon|hier|dort|ebenfalls|auch)\b/i;

// German compounds: "verjähren" should find "Verjährungsfrist", so longer stems also match as
// prefixes (and a longer question word matches a shorter stem it starts with, a bit weaker).
export const PREFIX_MIN = 5;
export const tsLiteral = (lexeme: string) => (lexeme.length >= PREFIX_MIN ? `'${lexeme}':*` : `'${lexeme}'`);
export const usable = (lexeme: string) => lexeme.length > 1 && !/['\\]/.test(lexeme);

/**
 * How well a text's stems contain a question stem: 1 exact, 0.7 as the start of a compound
 * ("verjähr" in "Verjährungsfrist"), 0.6 as its end ("wirkung" in "Rechtswirkungen"), 0.5 when
 * the question word is the longer compound.
 */
/** "durchzuführen" → "durchführen", "anzumelden" → "anmelden": the infinitive's "zu" inside separable verbs. */
const SEPARABLE_ZU =
  /^(ab|an|auf|aus|bei|durch|ein|fest|her|hin|mit|nach|vor|weg|zurück|zuruck|zusammen|dar|um|bereit|frei|hoch|nach)zu(?=\p{L}{3})/u;
export const withoutZu = (stem: string) => stem.replace(SEPARABLE_ZU, "$1");

export function matchStrength(lexeme: string, stems: Set<string>): number {
  if (stems.has(lexeme)) return 1;
  let best = 0;
  let head = 0;
  let tail = 0;
  for (const s of stems) {
    if (s.length >= PREFIX_MIN && s.length < lexeme.length) {
      if (lexeme.startsWith(s)) head = Math.max(head, s.length);
      if (lexeme.endsWith(s)) tail = Math.max(tail, s.length);
    }
    if (lexeme.length >= PREFIX_MIN && s.startsWith(lexeme)) return 0.7;
    if (lexeme.length >= PREFIX_MIN && s.endsWith(lexeme)) best = Math.max(best, 0.6);
    else if (s.length >= PREFIX_MIN && lexeme.startsWith(s)) best = Math.max(best, 0.5);
    // A participle: "getrennt" for "trennen".
    else if (lexeme.length >= PREFIX_MIN && s.startsWith("ge") && s.slice(2).startsWith(lexeme)) best = Math.max(best, 0.6);
    // "Vertragserfüllungsbürgschaft" asks about a "Bürgschaft" too.
    else if (s.length >= PREFIX_MIN + 1 && lexeme.endsWith(s)) best = Math.max(best, 0.45);
  }
  // "Vertragserfüllungssicherheit" for "Vertragserfüllungsbürgschaft": the same first part.
  for (const s of stems) {
    let n = 0;
    while (n < s.length && n < lexeme.length && s[n] === lexeme[n]) n++;
    if (n >= 10 && n >= 0.6 * Math.min(s.length, lexeme.length)) best = Math.max(best, 0.55);
  }
  // Both parts of the compound ("Vertragserfüllung" … "Bürgschaft"): nearly the word itself.
  if (head && tail && head + tail >= lexeme.length - 3) best = Math.max(best, 0.9);
  return best;
}

/** A number with a unit of measure: "4 Jahre" is a period, "2,0 CM-%" or "1,00 m" an amount. */
const AMOUNT =
  /\d+(?:,\d+)?(?:\s*(?:%|€|°\s?c|cm-%)|\s(?:prozent|prozentpunkte|euro|eur|m²|m³|m|cm|mm|db|n\/mm²|kn\/m²|kg|minuten|stunden|grad))(?![\p{L}])/iu;
const PERIOD =
  /\b(\d+|eine[mn]?|zwei|drei|vier|fünf|sechs|sieben|zehn|zwölf|vierzehn|dreißig|viele|mehrere|einige)\s*(jahre?n?|monate?n?|wochen?|werktage?n?|arbeitstage?n?|kalendertage?n?|tage?n?|stunden|minuten)\b/i;

export interface AnswerKind {
  name: string;
  question: RegExp;
  /** A sentence or paragraph stating this kind of fact. */
  answer: RegExp;
  /** Share of the question's weight added to a sentence that states it. */
  bonus: number;
  /** Steps are given in the article's order, not by score. */
  order?: "position";
  /** The kind shows in a paragraph's label ("Inhalt: …"), so all of the paragraph states it. */
  scope?: "paragraph";
}

/**
 * What kind of fact the question asks for, and how to recognise a text that states it:
 * "Wie lange …?" wants a period, "Welche Form …?" a form, "Wie hoch …?" an amount, "Welche Norm
 * …?" a norm, "Wie gehe ich vor?" steps. A question can be of several kinds.
 */
export const ANSWER_KINDS: AnswerKind[] = [
  {
    name: "period",
    question:
      /\b(wie lange?\b|wie viele (tage|wochen|monate|jahre)|welche[rn]? (\p{L}*)?frist|frist (gilt|beträgt|läuft)|binnen welche|innerhalb welche|verjähr|wie viel zeit|zeit hab|wann (krieg|bekomm|erhalt)\p{L}* .{0,40}zurück)/iu,
    answer: new RegExp(`${PERIOD.source}|so lange,? bis|bis (die|der|das) .{0,80}erreicht`, "i"),
    bonus: 0.45,
  },
  // "Bis wann …?", "Wann wird … fällig?": a period, or a point such as "bevor er beginnt".
  {
    name: "deadline",
    question:
      /\b(bis wann|fällig|spätestens|frühestens|wie schnell|wann (muss|müssen|ist|sind|wird|werden|darf|kann|krieg\p{L}*|bekomm\p{L}*))\b/iu,
    answer: new RegExp(
      `${PERIOD.source}|\\b(bevor|vor (beginn|der ausführung|ausführungsbeginn)|unverzüglich|spätestens|frühestens|sobald|ab (der|dem) \\p{L}+|(erst|nur),? wenn)\\b|\\berst\\b[^.;]{0,100}\\bwenn\\b`,
      "iu",
    ),
    bonus: 0.45,
  },
  {
    name: "form",
    question:
      /\b(welche form|in welcher form|formvorschrift|formlos|schriftlich|textform|mündlich|anruf|telefon|per (mail|e-mail|whatsapp|sms)|reicht (ein|eine|n|ne|das) |wie muss ich .{0,40}(mitteilen|anmelden|anzeigen)|wie mach ich das mit)/i,
    answer: /\b(schriftlich\w*|textform|schriftform|mündlich\w*)\b/i,
    bonus: 0.45,
  },
  {
    name: "amount",
    question:
      /\b(wie hoch|wie ?viel|welche[rn]? (höhe|betrag)|prozent|wie warm|wie kalt|wie tief|wie dick|wie breit|wie weit|(welche[rnms]?|was für (eine[nmr]?|ein)?) (\p{L}*(wert|grenzwert|temperatur|abstand|dicke|höhe|maß|tiefe|breite|deckung|cnom|querschnitt|gefälle))|welche[rnms]? (schalldämm|trittschall|restfeuchte|feuchte|zinsen|verzugszinsen|cm)|ab welche[rmn]? |ab wie ?viel|bis zu welche[rmn]? |höchstens|mindestens|maximal|max\.?\s|\bmin\b|zinsen|wie dick|wie stark|wie groß|was (muss|darf|soll) ich .{0,40}(einbehalten|abziehen|draufschlagen|aufschlagen|zuschlagen)\b|\b(pro|je) (m2|m²|qm|quadratmeter|lfm|laufmeter|meter|m³|m3|kubikmeter)\b)/iu,
    answer: AMOUNT,
    bonus: 0.45,
  },
  // "Wieviel maximal …?", "gibts eine Obergrenze?": the sentence that sets the upper limit.
  {
    name: "limit",
    question: /\b(maximal|höchstens|obergrenze|höchstgrenze|grenze nach oben|bis zu wie ?viel|nicht mehr als wie ?viel)\b/iu,
    answer: /\b(höchstens|maximal|nicht (über)?steigen|nicht überschreiten|übersteigen|überschreiten|obergrenze|höchst\p{L}+)\b/iu,
    bonus: 0.4,
  },
  // "Was gehört in …?", "Was muss … enthalten?": the paragraph whose label names the contents.
  {
    name: "contents",
    question: /\b(was gehört|was muss .{0,70}(stehen|enthalten)|welche angaben|inhalt)/i,
    answer:
      /^[^:]{0,50}(inhalt|angaben|bestandteile|was dokumentieren)[^:]{0,30}:|\b(muss|müssen|soll|sollen)\b[^.;]{0,100}\b(enthalten|angeben|Angaben)\b/i,
    bonus: 0.8,
    scope: "paragraph",
  },
  {
    name: "norm",
    question:
      /\b(welche[rsn]? (norm|din|atv|vorschrift|regel|regelwerk|richtlinie)|nach welche[rmn]? (norm|din|atv|vorschrift|regel|regelwerk)|welche (vob\/c-)?atv|wo (ist|steht) .{0,60}geregelt|welche regeln)/i,
    answer: /\b(DIN\s+(EN\s+)?\d{3,5}|ATV|ASR\s+A\d|DGUV|TRBS)/,
    bonus: 0.5,
  },
  {
    name: "steps",
    question:
      /\b(wie geh(e|t) (ich|man)\b.{0,60}\bvor\b|vorgehen|vorgehensweise|wie (mache?|erstelle|führe|bereite|dokumentiere|plane|organisiere|melde) ich|welche schritte|was (muss|sollte|kann) ich (\p{L}+ ){0,3}(tun|machen)|was tun|was ist zu tun|was (muss|sollte) ich .{0,60}beachten|worauf (muss|sollte) ich .{0,40}achten)/iu,
    answer:
      /^(- |\d+\. )|^[^:]{0,40}\b(praxis|vorgehen|ablauf|schritt|checkliste|reihenfolge|durchführung|vorbegehung|abnahme verlangen)[^:]{0,30}:/i,
    bonus: 0.4,
    order: "position",
    scope: "paragraph",
  },
  {
    name: "where",
    question: /^\s*wo\b|\bin welche[mn]? bereich/i,
    answer: /\b(im bereich|bereich von|oberhalb|unterhalb|zwischen|neben)\b/i,
    bonus: 0.3,
  },
  {
    name: "classes",
    question: /\b(welche[n]? (\p{L}*klassen|arten|stufen)|unterscheide[tn]|welche .{0,30}klassen gibt)/iu,
    answer:
      /(W\d(\.\d)?-[EIB]|Gebäudeklassen?\s+\d|LK\s?\d|X[CDFASM]\d|REI\s?\d+).{0,250}(W\d(\.\d)?-[EIB]|Gebäudeklassen?\s+\d|LK\s?\d|X[CDFASM]\d|REI\s?\d+)/,
    bonus: 0.5,
  },
  {
    name: "start",
    question: /\b(wann beginnt|ab wann|wann fängt|wann läuft .{0,30}an)\b/i,
    answer: /\b(beginnt mit|beginnt ab|beginnt (erst )?(nach|mit dem|mit der)|ab (der|dem) (Abnahme|Zugang|Schluss))/i,
    bonus: 0.45,
  },
  {
    name: "compare",
    question: /\b(unterschied|unterscheidet sich|vergleich|im gegensatz|anders als)/i,
    answer: /\b(dagegen|anders als|im unterschied|hingegen|im gegensatz|während (beim|im|der|die|das))\b/i,
    bonus: 0.4,
  },
  {
    name: "definition",
    question: /^\s*(was (ist|sind|bedeutet|heißt|versteht man unter)|wozu (dient|dienen)|wofür (ist|sind|braucht))\b/i,
    answer:
      /^[^:]{0,40}(begriff|grundsatz|zweck|definition|bedeutung)[^:]{0,30}:|\b(ist|sind) (ein|eine|der|die|das)\b|\bbezeichnet\b|\bversteht man\b/i,
    bonus: 0.3,
  },
  // "Welche Abfälle …?": a list.
  { name: "enumeration", question: /^\s*welche[rsnm]?\b/i, answer: /\b(die |der )?folgenden?\b[^.]{0,60}:|\bfolgende[nm]?\b/i, bonus: 0.4 },
  { name: "list", question: /^\s*welche[rsnm]?\b/i, answer: /\p{L}+, \p{L}+, \p{L}+, |:\s*\(?1\)?/iu, bonus: 0.25 },
  // "Wer zahlt das?", "muss ich das zahlen?", "extra abrechnen?": who bears the cost.
  {
    name: "who pays",
    question:
      /\b(wer (zahlt|bezahlt|trägt)|auf wessen kosten|muss ich (das|die|den)? ?(\p{L}+ )?(zahlen|bezahlen)|extra (abrechnen|bezahlt|vergütet)|zusätzlich (abrechnen|vergütet|bezahlt)|kosten trägt)/iu,
    answer:
      /\b(trägt|zahlt|bezahlt|auf (seine|eigene|ihre) kosten|kostenlos|ohne (besondere |zusätzliche )?vergütung|nebenleistung\p{L}*|besondere leistung\p{L}*|zu vergüten|vergütet|vergütungspflichtig|anspruch auf (vergütung|bezahlung))/iu,
    bonus: 0.4,
  },
  // "Was gilt jetzt?", "gilt das als abgenommen?": the consequence the rule attaches.
  {
    name: "consequence",
    question:
      /\b(was gilt (jetzt|dann|nun)|was passiert|welche folgen?|gilt (das|die|der|es) (\p{L}+ )?(als|irgendwann)|was steht mir .{0,20}zu)/iu,
    answer:
      /\b(gilt|gelten) (\p{L}+ ){0,3}als\b|\bals (anerkannt|abgenommen|genehmigt)|\bsteht (ihm|dem auftragnehmer|dem unternehmer) .{0,40}zu\b|\bhat (er )?anspruch\b/iu,
    bonus: 0.4,
  },
  // "Um wieviel verlängert sich die Frist?", "Wie wird der Preis berechnet?": the rule that gives
  // the figure ("berechnet sich nach der Dauer der Behinderung"), where no fixed figure exists.
  {
    name: "calculation",
    question:
      /\bum wie ?viel\b|\bwie (wird|werden|berechne|ermittle|rechne)\p{L}* .{0,60}(berechnet|ermittelt|bemessen|abgerechnet|kalkuliert)\b|\bwie (berechne|ermittle|bemesse)\p{L}*\b/iu,
    answer:
      /\b(berechnet|bemisst|errechnet|ermittelt) sich\b|\brichtet sich nach\b|\bnach (der|den|dem) [^.;]{0,120}\bzu (berechnen|ermitteln|bemessen)\b/iu,
    bonus: 0.45,
  },
  // "Darf ich …?", "Darf der das?", "ist das zulässig?": what is allowed, and on what condition.
  {
    name: "permission",
    question: /^\s*(darf|dürfen)\b|\b(darf (ich|der|die|er|man|mein)|ist (das|es) (überhaupt )?(zulässig|erlaubt|rechtens)|geht das\b)/iu,
    // "kann die Leistung verweigern" is a right as much as "darf" is.
    answer: /\b(darf|dürfen|nur mit|zulässig|unzulässig|zustimmung|nicht berechtigt|berechtigt|unwirksam|wirksam|verweigern)\b/iu,
    bonus: 0.35,
  },
  {
    name: "who",
    question: /^\s*wer\b/i,
    answer:
      /\b(Auftragnehmer|Auftraggeber|Unternehmer|Besteller|Bauherr|Ersteller|Nutzer|Arbeitgeber|Planer|Architekt|Bauleiter|Koordinator|befähigte Person)/,
    bonus: 0.2,
  },
];

/** A question naming a rulebook ("nach VOB/B") prefers the article about that rulebook. */
export const RULEBOOKS: RegExp[] = [
  // "VOB-Vertrag", "vob vertrag": on site the bare "VOB" means the VOB/B (not VOB/A or VOB/C).
  /\bVOB\s*\/?\s*B\b|\bVOB\b(?![\s/-]*[AC]\b)/i,
  /\bBGB\b|§\s*6[3-5]\d/i,
  /\bVOB\s*\/?\s*C\b|\bATV\b/i,
  /\bBaustellV\b|baustellenverordnung/i,
  /\bDIN\s*\d+/i,
];
export const RULEBOOK_BONUS = 0.3;

export { paragraphLabel } from "./sentences";

/** How a stem of the knowledge base relates to one question stem (the parts of matchStrength). */
export interface StemRelation {
  stem: string;
  /** The stem is the question stem (1) or starts with it (0.7, decides alone). */
  decisive: number;
  /** The best of the weaker relations (end of a compound, participle, shared first part …). */
  value: number;
  /** Lengths when the stem is the first or last part of the question stem (both → nearly the word). */
  head: number;
  tail: number;
}

/** The stems retrieval compares with, indexed for prefix and suffix look-ups. */
export interface StemIndex {
  set: Set<string>;
  sorted: string[];
  /** Each stem reversed, sorted (suffix look-up). */
  reversed: string[];
}

export function stemIndex(stems: Iterable<string>): StemIndex {
  const set = new Set(stems);
  return { set, sorted: [...set].sort(), reversed: [...set].map((x) => [...x].reverse().join("")).sort() };
}

function withPrefix(sorted: string[], prefix: string): string[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < sorted.length && sorted[i].startsWith(prefix); i++) out.push(sorted[i]);
  return out;
}

/**
 * The same result as `matchStrength(lexeme, set)` for every set, from the few stems of the
 * knowledge base that relate to the lexeme at all (found by prefix and suffix look-ups once per
 * lexeme), instead of comparing the lexeme with every stem of every sentence.
 */
export function relatedStems(lexeme: string, index: StemIndex): StemRelation[] {
  const reverse = (x: string) => [...x].reverse().join("");
  const candidates = new Set<string>();
  if (index.set.has(lexeme)) candidates.add(lexeme);
  if (lexeme.length >= PREFIX_MIN) {
    for (const s of withPrefix(index.sorted, lexeme)) candidates.add(s);
    for (const r of withPrefix(index.reversed, reverse(lexeme))) candidates.add(reverse(r));
    for (const s of withPrefix(index.sorted, `ge${lexeme}`)) candidates.add(s);
  }
  if (lexeme.length >= 10) for (const s of withPrefix(index.sorted, lexeme.slice(0, 10))) candidates.add(s);
  for (let n = PREFIX_MIN; n < lexeme.length; n++) {
    const head = lexeme.slice(0, n);
    const tail = lexeme.slice(lexeme.length - n);
    if (index.set.has(head)) candidates.add(head);
    if (index.set.has(tail)) candidates.add(tail);
  }
  const out: StemRelation[] = [];
  for (const s of candidates) {
    let decisive = 0;
    let value = 0;
    let head = 0;
    let tail = 0;
    if (s === lexeme) decisive = 1;
    else {
      if (s.length >= PREFIX_MIN && s.length < lexeme.length) {
        if (lexeme.startsWith(s)) head = s.length;
        if (lexeme.endsWith(s)) tail = s.length;
      }
      if (lexeme.length >= PREFIX_MIN && s.startsWith(lexeme)) decisive = 0.7;
      else if (lexeme.length >= PREFIX_MIN && s.endsWith(lexeme)) value = 0.6;
      else if (s.length >= PREFIX_MIN && lexeme.startsWith(s)) value = 0.5;
      else if (lexeme.length >= PREFIX_MIN && s.startsWith("ge") && s.slice(2).startsWith(lexeme)) value = 0.6;
      else if (s.length >= PREFIX_MIN + 1 && lexeme.endsWith(s)) value = 0.45;
      let n = 0;
      while (n < s.length && n < lexeme.length && s[n] === lexeme[n]) n++;
      if (n >= 10 && n >= 0.6 * Math.min(s.length, lexeme.length)) value = Math.max(value, 0.55);
    }
    if (decisive || value || head || tail) out.push({ stem: s, decisive, value, head, tail });
  }
  return out;
}

/** matchStrength over precomputed relations: the set only needs `has`. */
export function strengthIn(lexeme: string, relations: StemRelation[], set: Set<string>): number {
  let decisive = 0;
  let best = 0;
  let head = 0;
  let tail = 0;
  for (const r of relations) {
    if (!set.has(r.stem)) continue;
    if (r.decisive > decisive) decisive = r.decisive;
    if (r.value > best) best = r.value;
    if (r.head > head) head = r.head;
    if (r.tail > tail) tail = r.tail;
  }
  if (decisive) return decisive;
  if (head && tail && head + tail >= lexeme.length - 3) best = Math.max(best, 0.9);
  return best;
}
