// The part of a question that asks (issue 26): site questions tell the case first and ask at the
// end ("AG hat die Schlusszahlung schriftlich abgelehnt … wie lang hab ich für nen Vorbehalt?").
// The kind of fact wanted (a period, an amount, a form …) is read from the asking sentences only,
// so that "schriftlich" in the story does not turn the question into one about the form.

/**
 * A sentence ends at "!", "?" or a full stop that does not close a number or an abbreviation ("3. Abschlag",
 * "Nr. 2", "ca. 40"). A code that ends in a digit ("XC4.", "C25/30.") is no ordinal: its full stop ends the sentence.
 */
const SENTENCE_END = /(?<=[!?]|(?<!(?<![\p{L}\d/])\d+|\b(?:Nr|Abs|bzw|ca|usw|evtl|ggf|inkl|zzgl|Std|vgl|z\.B|d\.h))\.)\s+/u;

/** The sentences that end with a question mark; the whole question when none does. */
export function askedPart(question: string): string {
  const parts = question.split(SENTENCE_END);
  const asking = parts.filter((p) => p.trim().endsWith("?"));
  return asking.length ? asking.join(" ").trim() : question;
}

/** Whether the question ends with its asking sentence, the case told before it ("… XC4. welches cnom?"). */
export function asksLast(question: string): boolean {
  const parts = question.trim().split(SENTENCE_END);
  return parts.length > 1 && parts[parts.length - 1].trim().endsWith("?");
}

/** Question words written as one ("wielange", "wieviel", "biswann"), as site questions often have them. */
const JOINED = /(?<![\p{L}])(wie|bis|ab|seit)(lange?|viele?|hoch|oft|weit|schnell|groß|gross|dick|breit|tief|wann)(?![\p{L}])/giu;

/** The question with joined question words written apart, so that the kind of question is recognised. */
export const withQuestionWordsApart = (question: string) => question.replace(JOINED, "$1 $2");

/** A sentence that answers only the story ("XC4 … bewitterte Außenwand") and none of the asking sentence's words ("cnom"). */
export const STORY_ONLY = 0.75;
/** Below this strength a stem is not in a sentence (a mere relation). */
const IN_SENTENCE = 0.5;

/**
 * The weight of a sentence for a question that tells a case and then asks: lowered when it holds
 * none of the asking sentence's specific words (`asking`; empty without a story: no change).
 */
export function storyOnlyFactor(asking: string[], strength: Map<string, number>): number {
  return asking.length === 0 || asking.some((l) => (strength.get(l) ?? 0) >= IN_SENTENCE) ? 1 : STORY_ONLY;
}
