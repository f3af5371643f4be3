// The part of a question that asks (issue 26): site questions tell the case first and ask at the
// end ("AG hat die Schlusszahlung schriftlich abgelehnt … wie lang hab ich für nen Vorbehalt?").
// The kind of fact wanted (a period, an amount, a form …) is read from the asking sentences only,
// so that "schriftlich" in the story does not turn the question into one about the form.

/** A sentence ends at "!", "?" or a full stop that does not close a number or an abbreviation ("3. Abschlag", "Nr. 2", "ca. 40"). */
const SENTENCE_END = /(?<=[!?]|(?<!\d|\b(?:Nr|Abs|bzw|ca|usw|evtl|ggf|inkl|zzgl|Std|vgl|z\.B|d\.h))\.)\s+/u;

/** The sentences that end with a question mark; the whole question when none does. */
export function askedPart(question: string): string {
  const parts = question.split(SENTENCE_END);
  const asking = parts.filter((p) => p.trim().endsWith("?"));
  return asking.length ? asking.join(" ").trim() : question;
}

/** Question words written as one ("wielange", "wieviel", "biswann"), as site questions often have them. */
const JOINED = /(?<![\p{L}])(wie|bis|ab|seit)(lange?|viele?|hoch|oft|weit|schnell|groß|gross|dick|breit|tief|wann)(?![\p{L}])/giu;

/** The question with joined question words written apart, so that the kind of question is recognised. */
export const withQuestionWordsApart = (question: string) => question.replace(JOINED, "$1 $2");
