// The asked item of a list sentence first (issue 26): tables of the knowledge base are written as
// list sentences ("… gegliedert: 1 Grundlagenermittlung 2 %, 2 Vorplanung 7 %, … 8 Objektüberwachung
// 32 %, …"); asked for one item, the reader should not have to read past the others. The item the
// question names moves to the front of the list, the others follow in brackets — nothing is dropped.

/** Sentences shorter than this are read at a glance. */
const LONG_SENTENCE = 250;
/** An item this far down the list is still read at a glance. */
const FIRST_ITEMS = 2;

const STOP = new Set([
  "nach",
  "eine",
  "einer",
  "einem",
  "einen",
  "dass",
  "wenn",
  "oder",
  "auch",
  "noch",
  "muss",
  "darf",
  "kann",
  "welche",
  "welcher",
  "welchen",
  "wieviel",
  "viel",
  "prozent",
  "macht",
  "sind",
  "wird",
  "werden",
  "habe",
  "haben",
  "eigentlich",
  "genau",
  "beim",
  "dann",
  "denn",
]);

/** The words and bare numbers of a question that can name a list item. */
function cues(question: string) {
  const lower = question.toLowerCase();
  const words = (lower.match(/\p{L}{4,}/gu) ?? []).filter((w) => !STOP.has(w)).map((w) => w.slice(0, Math.max(5, w.length - 3)));
  const numbers = lower.match(/(?<![\d,.])\d+(?![\d,.])/g) ?? [];
  return { words: [...new Set(words)], numbers: [...new Set(numbers)] };
}

function itemScore(item: string, c: ReturnType<typeof cues>): number {
  const lower = item.toLowerCase();
  const words = c.words.filter((w) => lower.includes(w)).length;
  // A number counts where it numbers the item ("8 Objektüberwachung", "Nr. 3 …").
  const numbers = c.numbers.filter((n) => new RegExp(`^(nr\\.\\s*)?${n}(?![\\d,.])`).test(lower.trim())).length;
  return words + numbers;
}

/** The sentence with the item the question names first, or the sentence as it is. */
export function askedItemFirst(sentence: string, question: string): string {
  if (sentence.length < LONG_SENTENCE) return sentence;
  const colon = sentence.indexOf(": ");
  if (colon < 0 || colon > 200) return sentence;
  const head = sentence.slice(0, colon + 1);
  const body = sentence.slice(colon + 2).replace(/\.$/, "");
  const separator = body.includes("; ") ? "; " : ", ";
  const items = body.split(separator);
  if (items.length < 4) return sentence;
  const c = cues(question);
  const scores = items.map((item) => itemScore(item, c));
  const best = Math.max(...scores);
  const at = scores.indexOf(best);
  if (best === 0 || at < FIRST_ITEMS || scores.filter((s) => s === best).length > 1) return sentence;
  const others = items.filter((_, i) => i !== at);
  return `${head} ${items[at]} (übrige: ${others.join(separator)}).`;
}
