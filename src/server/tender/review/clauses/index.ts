// The clause review as part of the tender analysis: which texts are contract texts (the LV's
// Vorbemerkungen – AddText, AwardInfo dates, remarks – and the contract documents beside it), and
// how a checklist entry becomes a finding (kritisch → Risiko, prüfen → Warnung; üblich stays in the
// checklist only).

import type { ContractText } from "../../read/contract-documents";
import type { ParsedTender } from "../../types";
import type { Finding } from "../types";
import { reviewClauses, type ChecklistEntry, type ClauseReview, type ClauseSource } from "./review";

export type { ChecklistEntry, ClauseReview } from "./review";

export const LV_SOURCE = "Vorbemerkungen";

/** The LV's own contract texts: the preamble line by line, then remarks not already in it. */
export function lvSource(parsed: Pick<ParsedTender, "preamble" | "positions">): ClauseSource {
  const preamble = parsed.preamble ?? "";
  const lines = preamble.split("\n").filter((l) => l.trim());
  for (const p of parsed.positions) {
    if (p.kind !== "remark" || p.flags.notApplicable) continue;
    const text = [p.shortText, p.longText].filter(Boolean).join("\n");
    if (!text || preamble.includes(p.longText || p.shortText)) continue;
    lines.push(...text.split("\n").filter((l) => l.trim()));
  }
  return { document: LV_SOURCE, paragraphs: lines.map((text, i) => ({ text, page: null, paragraph: i + 1 })) };
}

/** A paragraph of contract text with where it stands, for the model pass (never saved). */
export interface ClauseText {
  document: string;
  location: string;
  text: string;
}

/** The contract texts as paragraphs with their place: what the model pass reads. */
export function clauseTexts(parsed: Pick<ParsedTender, "preamble" | "positions">, documents: ContractText[] = []): ClauseText[] {
  return [lvSource(parsed), ...documents].flatMap((s) =>
    s.paragraphs
      .filter((p) => !/\(AwardInfo\/Cnst/.test(p.text))
      .map((p) => ({
        document: s.document,
        location: p.page !== null ? `Seite ${p.page}, Absatz ${p.paragraph}` : `Absatz ${p.paragraph}`,
        text: p.text,
      })),
  );
}

export function reviewTenderClauses(parsed: Pick<ParsedTender, "preamble" | "positions">, documents: ContractText[] = []): ClauseReview {
  const itemTexts = parsed.positions.filter((p) => p.kind === "item").map((p) => p.shortText || p.longText.split("\n")[0] || "");
  return reviewClauses([lvSource(parsed), ...documents.map((d) => ({ document: d.document, paragraphs: d.paragraphs }))], undefined, {
    itemTexts,
  });
}

/** The rule id of a clause type's findings. */
export const clauseRuleId = (type: string) => `klausel-${type}`;
/** The wording models' findings of a type have their own id, so the experts' confirmation rate
 *  shows how the models fare apart from the checklist's rules. */
export const wordingRuleId = (type: string) => `formulierung-${type}`;

/** A finding for every entry that needs action (kritisch or prüfen). */
export function clauseFindings(entries: ChecklistEntry[]): Finding[] {
  return entries
    .filter((e) => e.verdict !== "üblich")
    .map((e) => ({
      ruleId: e.wording ? wordingRuleId(e.type) : clauseRuleId(e.type),
      scope: "lv" as const,
      oz: null,
      kind: null,
      source: e.source,
      severity: e.verdict === "kritisch" ? ("risiko" as const) : ("warnung" as const),
      category: "vertrag" as const,
      title: e.status === "nicht geregelt" ? `${e.name}: nicht geregelt` : `${e.name}: ${e.verdict === "kritisch" ? "kritisch" : "prüfen"}`,
      why: e.why,
      basis: e.yardstick,
      nachtragspotenzial: false,
      ...(e.quote ? { excerpt: e.quote } : {}),
      ...(e.figures ? { evidence: e.figures } : {}),
      clause: {
        type: e.type,
        verdict: e.verdict,
        status: e.status,
        ...(e.document ? { document: e.document } : {}),
        ...(e.location ? { location: e.location } : {}),
        ...(e.wording ? { wording: true } : {}),
      },
    }));
}
