import { describe, expect, it } from "vitest";
import { everydayTopics, parseEverydayTopics, questionTopic, stemKind, topicVerdict, type TopicVocabulary } from "./topic-guard";
import { wordTable } from "./word-table";

const vocabulary = (v: { domain: string[]; everyday: string[]; known: string[]; requests?: string[] }): TopicVocabulary => ({
  domain: new Set(v.domain),
  everyday: new Set(v.everyday),
  known: new Set([...v.known, ...v.domain]),
  general: new Set(),
  everydayWords: new Map(v.everyday.map((e) => [e, 1])),
  requests: new Set(v.requests ?? []),
  setting: new Set(),
});

describe("topic guard", () => {
  const v = vocabulary({ domain: ["dach", "estrich", "beton"], everyday: ["grill", "truthahn", "backofen"], known: ["holz", "ofen"] });

  it("reads a stem by its compound parts and typos, and figures as neither side", () => {
    expect(stemKind("reetdach", v)).toBe("domain");
    expect(stemKind("grillkohl", v)).toBe("everyday");
    expect(stemKind("truthan", v)).toBe("everyday");
    expect(stemKind("holz", v)).toBe("known");
    expect(stemKind("wellensittich", v)).toBe("unknown");
    expect(stemKind("grad", v)).toBe("measure");
    expect(stemKind("160", v)).toBe("measure");
  });

  it("refuses when everyday words outweigh construction words or an unknown word stands alone", () => {
    expect(topicVerdict(["known", "everyday"])).toBe("everyday"); // Holz für den Grill
    expect(topicVerdict(["domain", "everyday"])).toBe("everyday");
    expect(topicVerdict(["measure", "measure", "unknown"])).toBe("everyday"); // 160 grad, 5 kilo, Truthan
    expect(topicVerdict(["domain", "domain", "everyday"])).toBe("construction"); // Küche neu fliesen, Kleber
    expect(topicVerdict(["domain", "unknown", "unknown"])).toBe("construction"); // a term the articles lack
    expect(topicVerdict(["known", "known"])).toBe("unclear");
    expect(topicVerdict(["unknown"], true)).toBe("unclear"); // in a conversation
  });

  it("keeps a follow-up on the form of a notice in the conversation; a word of both sides decides nothing", () => {
    // "reicht ne mail oder whatsapp oder muss das per einschreiben?" after a question on a Nachtrag.
    expect(topicVerdict(["domain", "everyday", "known"], true)).toBe("construction");
    expect(topicVerdict(["domain", "everyday", "known"])).toBe("everyday"); // outside a conversation, as before
    expect(topicVerdict(["domain", "everyday", "everyday"], true)).toBe("everyday");
    const w = vocabulary({ domain: ["mangelrug", "kundig"], everyday: ["whatsapp", "handy", "mail"], known: ["reicht"] });
    const understood = new Set(["whatsapp", "einschreib", "mangelrug", "kundig"]);
    // "WhatsApp" is a form of notice (word table) and an app (everyday topics): the other words decide.
    expect(questionTopic(["whatsapp", "handy"], understood, w)).toBe("everyday"); // whatsapp geht nich mehr aufm handy
    expect(questionTopic(["kundig", "whatsapp"], understood, w)).toBe("construction"); // kündigung per whatsapp
    expect(questionTopic(["mangelrug", "whatsapp", "reicht"], understood, w)).toBe("construction");
    expect(questionTopic(["einschreib", "mail", "whatsapp", "reicht"], understood, w, true)).toBe("construction");
  });

  it("refuses a request for a poem, speech, joke or greeting, whoever it is for", () => {
    const w = vocabulary({
      domain: ["dicht", "fug", "stundenzettel", "poli", "bauleit", "maur", "zimmer", "richtf"],
      everyday: ["geburtstag", "ruhestand"],
      known: ["schreib", "kurz"],
      requests: ["gedicht", "witz", "ansprach", "trinkspruch", "reimt"],
    });
    const verdict = (stems: string[]) => topicVerdict(stems.map((s) => stemKind(s, w)));
    // "Gedicht" ends in "dicht" but is the wanted text, also inside a compound.
    expect(stemKind("gedicht", w)).toBe("request");
    expect(stemKind("geburtstagsgedicht", w)).toBe("request");
    expect(verdict(["kurz", "gedicht", "60", "poli", "schreib"])).toBe("everyday"); // Gedicht zum 60. vom Polier
    expect(verdict(["ansprach", "bauleit", "ruhestand"])).toBe("everyday"); // Ansprache für den Bauleiter
    expect(verdict(["witz", "maur", "zimmer"])).toBe("everyday"); // Witz über Maurer und Zimmerer
    expect(verdict(["trinkspruch", "richtf", "dicht"])).toBe("everyday"); // Trinkspruch fürs Richtfest dichten
    // A site person or "abdichten" alone is no request.
    expect(verdict(["poli", "stundenzettel", "schreib"])).toBe("construction");
    expect(verdict(["dicht", "fug"])).toBe("construction");
  });

  it("parses the everyday-topics file, whose words are no construction words of the word table", () => {
    expect(parseEverydayTopics("# x\nKochen: backen, Grill\n\nkaputt\n!Texte: Gedicht")).toEqual([
      { topic: "Kochen", words: ["backen", "Grill"], request: false },
      { topic: "Texte", words: ["Gedicht"], request: true },
    ]);
    const topics = everydayTopics();
    expect(topics.some((t) => t.request)).toBe(true);
    expect(topics.length).toBeGreaterThanOrEqual(10);
    const fach = new Set(wordTable().domainWords.map((w) => w.toLowerCase()));
    expect(topics.flatMap((t) => t.words).filter((w) => fach.has(w.toLowerCase()))).toEqual([]);
  });
});
