// The German-language rules of retrieval: everyday words → article terms, words of asking, follow-up
// questions, compound matching, the kind of fact a question asks for, rulebook cues and
// paragraph labels. Plain functions and tables, so they are easy to read and to extend.

/** Everyday words mapped to the terms the articles use. */
export const SYNONYMS: [RegExp, string][] = [
  [/gewährleistung|garantiezeit/i, "Mängelansprüche Mängelrechte Verjährung"],
  [/nachtr[äa]g/i, "Nachtrag Vergütung Anordnung Mehrkosten"],
  [/behinder/i, "Behinderung Behinderungsanzeige"],
  [/bedenken/i, "Bedenkenanzeige Bedenken"],
  [/abschlag/i, "Abschlagszahlung"],
  [/schlussrechnung/i, "Schlussrechnung Schlusszahlung"],
  [/regie|stundenzettel/i, "Stundenlohnarbeiten Stundenlohnzettel"],
  [/bürgschaft|einbehalt/i, "Sicherheitsleistung Sicherheit Bürgschaft"],
  [/mängelbeseitigung|nachbesser/i, "Nacherfüllung Mängelbeseitigung"],
  [/sigeko|koordinator/i, "SiGe-Koordinator Koordinator Baustellenverordnung"],
  [/vorankündigung/i, "Vorankündigung Baustellenverordnung"],
  [/aufmass\b|aufmaß/i, "Aufmaß"],
  [/verzug|verspätung|verzögerung/i, "Verzug Ausführungsfristen Verzögerung"],
  [/kündig/i, "Kündigung"],
  [/bauzeitenplan|terminplan|balkenplan/i, "Terminplanung Bauzeitenplan"],
];

/**
 * Words of asking rather than of the subject ("Was gehört in ein Bautagebuch?"): rare in the
 * articles, so without this they would outweigh the subject. They still count, a little.
 */
export const QUESTION_WORDS =
  "wann gehört gehören passiert passieren brauche brauchen gibt geben geht gehen mache machen macht steht stehen gilt gelten bedeutet bedeuten heißt heißen genau eigentlich bitte erklären erkläre beachten beachte müssen darf dürfen soll sollen können richtig wichtig tun tue frage fragen meinem meine unser unsere jemand etwas";
export const QUESTION_WORD_WEIGHT = 0.3;

// A question that refers back to the previous one ("und bei Bauwerken?", "Gilt das auch …").
export const FOLLOW_UP = /^(und|aber|auch|sowie|oder|bei|beim|im fall|was ist mit|wie ist es|wie sieht es|gilt das|gilt dies|und wenn|was gilt)\b/i;
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
export function matchStrength(lexeme: string, stems: Set<string>): number {
  if (stems.has(lexeme)) return 1;
  let best = 0;
  for (const s of stems) {
    if (lexeme.length >= PREFIX_MIN && s.startsWith(lexeme)) return 0.7;
    if (lexeme.length >= PREFIX_MIN && s.endsWith(lexeme)) best = Math.max(best, 0.6);
    else if (s.length >= PREFIX_MIN && lexeme.startsWith(s)) best = Math.max(best, 0.5);
  }
  return best;
}

/**
 * What kind of fact the question asks for, and how to recognise a paragraph that states it:
 * "Wie lange …?" wants a period, "Welche Form …?" a form requirement, "Wie hoch …?" an amount.
 */
export const ANSWER_KINDS: { question: RegExp; answer: RegExp; bonus: number }[] = [
  {
    question: /\b(wie lange|wie viele (tage|wochen|monate|jahre)|welche frist|bis wann|binnen|innerhalb welche|frist)/i,
    answer: /\b(\d+|eine[mn]?|zwei|drei|vier|fünf|sechs|zehn|zwölf|dreißig)\s*(jahre?n?|monate?n?|wochen?|werktage?n?|arbeitstage?n?|kalendertage?n?|tage?n?|stunden)\b/i,
    bonus: 0.35,
  },
  { question: /\b(welche form|formvorschrift|formlos|schriftlich|textform|mündlich)/i, answer: /\b(schriftlich\w*|textform|schriftform|mündlich\w*)\b/i, bonus: 0.35 },
  { question: /\b(wie hoch|wie viel|welche[rn]? (höhe|betrag)|prozent)/i, answer: /\d+(,\d+)?\s*(%|prozent|euro|eur|€)/i, bonus: 0.35 },
  // "Was gehört in …?", "Was muss … enthalten?": the paragraph whose label names the contents.
  {
    question: /\b(was gehört|was muss .{0,40}(stehen|enthalten)|welche angaben|inhalt)/i,
    answer: /^[^:]{0,50}(inhalt|angaben|bestandteile|was dokumentieren)[^:]{0,30}:/i,
    bonus: 0.8,
  },
];
/** A question naming a rulebook ("nach VOB/B") prefers the article about that rulebook. */
export const RULEBOOKS: RegExp[] = [/\bVOB\s*\/?\s*B\b/i, /\bBGB\b|§\s*6[3-5]\d/i, /\bVOB\s*\/?\s*C\b|\bATV\b/i, /\bBaustellV\b|baustellenverordnung/i, /\bDIN\s*\d+/i];
export const RULEBOOK_BONUS = 0.3;

/** "Gefahrübergang (§ 12 Abs. 6 VOB/B): …" → "Gefahrübergang (§ 12 Abs. 6 VOB/B)". */
export function paragraphLabel(text: string): string | null {
  const m = /^([^:!?\n]{3,80}?):\s/.exec(text);
  // Not a label if a sentence ends inside it ("Abs. 1" and "Nr. 3" are fine).
  return m && !/[;]|\.\s+[A-ZÄÖÜ][a-zäöüß]/.test(m[1]) ? m[1].trim() : null;
}

