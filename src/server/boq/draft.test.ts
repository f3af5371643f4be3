import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatEuro } from "../../common/format";
import { analyseTender, type Finding } from "../tender";
import { ownerQuestions, ozPhrase, questionFor, renderDraftEvaluation, topRisks } from "./draft";
import type { AnalysisSummary } from "./store";

const fixture = (name: string) => readFileSync(new URL(`../tender/fixtures/${name}`, import.meta.url));

async function rohbauSummary(): Promise<{ summary: AnalysisSummary; shortTexts: Map<string, string> }> {
  const a = await analyseTender(fixture("rohbau-27-preise.x84"), "rohbau-27-preise.x84", {
    base: { data: fixture("rohbau-27.x83"), fileName: "rohbau-27.x83" },
  });
  const { positions, status: _s, error: _e, format: _f, phase: _p, ...summary } = a;
  return { summary, shortTexts: new Map(positions.filter((p) => p.oz).map((p) => [p.oz, p.shortText])) };
}

const lvFinding = (fields: Partial<Finding>): Finding => ({
  ruleId: "fehlt-abdichtung-schutzschicht",
  scope: "lv",
  oz: null,
  kind: null,
  source: "rule",
  severity: "warnung",
  category: "vollstaendigkeit",
  title: "Abdichtung ohne Schutzschicht",
  why: "Warum.",
  nachtragspotenzial: false,
  ...fields,
});

describe("draft evaluation", () => {
  it("opens with an executive summary: money at stake, top risks by amount, questions to the owner", async () => {
    const { summary: analysed, shortTexts } = await rohbauSummary();
    // An ordinary Bedarfsposition gets no finding (issue 24); one with a question shows its amount.
    const provisional: Finding = {
      ...lvFinding({ ruleId: "bedarfsposition", scope: "position", oz: "01.0030", category: "positionsart" }),
      potentialEur: 312,
      effect: "chance",
    };
    const summary = { ...analysed, findings: [...analysed.findings, provisional] };
    const html = renderDraftEvaluation({
      projectName: "MFH Lindenweg",
      companyName: "Alpha Bau",
      fileName: "rohbau-27.x83",
      phase: "84",
      summary,
      shortTexts,
      now: new Date("2026-03-01T10:00:00Z"),
    });
    const summaryAt = html.indexOf("<h2>Auf einen Blick</h2>");
    expect(summaryAt).toBeGreaterThan(0);
    expect(summaryAt).toBeLessThan(html.indexOf("<h2>Fragen und Befunde zum gesamten LV</h2>"));
    expect(html.indexOf("<h2>Fragen und Befunde zum gesamten LV</h2>")).toBeLessThan(html.indexOf("<h2>Befunde je Position</h2>"));
    // Risiko and Chance apart, never added; the decision with its reasons, surcharge and questions.
    expect(html).toContain("Risiko (möglicher Verlust)");
    expect(html).toContain(`<strong>${formatEuro(summary.money!.risk!.eur)}</strong>`);
    expect(html).toContain("Chance (Nachtragspotenzial)");
    expect(html).toContain(`<strong>${formatEuro(summary.money!.chance!.eur)}</strong>`);
    expect(html).toContain(`<p class="verdict"><strong>${summary.decision!.verdict}</strong></p>`);
    expect(html).toContain("Vorgeschlagener Wagniszuschlag");
    expect(html).toContain("Die größten Risiken");
    // Risks only (the 312 € Bedarfsposition is a chance), each position once.
    const top = html.slice(html.indexOf('<ol class="top">'), html.indexOf("</ol>", html.indexOf('<ol class="top">')));
    const named = [...top.matchAll(/<li><strong>OZ ([\d.]+)/g)].map((m) => m[1]);
    expect(new Set(named).size).toBe(named.length);
    expect(top).not.toContain("OZ 01.0030");
    expect(html).toContain("Fragen an den Auftraggeber vor Angebotsabgabe");
    // German plurals: never "1 Risiken".
    expect(html).not.toMatch(/\b1 (Risiken|Befunde|Warnungen|Hinweise|Wahlpositionen|Titeln|Losen|kritische)\b/);
    // One meaning of "Risiko": the money at stake. The severity reads "kritisch", never "n Risiken".
    expect(html).not.toMatch(/\d Risik(o|en)\b/);
    expect(html).not.toContain(">Risiko:</span>");
    expect(html).toMatch(/\d kritische? Befunde?/);
    // No package prices in the evaluation.
    expect(html).not.toMatch(/Kalkulationspaket|Ausführungspaket/);
    // Amounts per finding in the position table, with their effect.
    expect(html).toContain('<th class="num">Betrag (Risiko, Chance oder offen)</th>');
    expect(html).toContain(`<td class="num"><span class="eur">${formatEuro(312)}</span><br><span class="why">Chance</span></td>`);
    // Printable: A4 margins, repeated table headers, no cut rows.
    expect(html).toContain("@page { size: A4;");
    expect(html).toContain("thead { display: table-header-group; }");
    expect(html).toMatch(/tr, li, \.kpi, \.box \{ break-inside: avoid;/);
  });

  it("escapes LV text everywhere, including LV-wide and model findings", async () => {
    const { summary, shortTexts } = await rohbauSummary();
    const evil = "<img src=x onerror=alert(1)>";
    const html = renderDraftEvaluation({
      projectName: evil,
      companyName: evil,
      fileName: evil,
      phase: null,
      summary: {
        ...summary,
        boqName: evil,
        findings: [
          ...summary.findings,
          lvFinding({
            title: evil,
            why: evil,
            basis: evil,
            evidence: evil,
            relatedOz: [evil],
            source: "model",
            severity: "risiko",
            potentialEur: 12,
          }),
        ],
      },
      shortTexts: new Map([...shortTexts, ["01.0010", evil]]),
    });
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain('<span class="badge">KI-Hinweis</span>');
  });

  it("without prices says which price is missing, and has no money total", async () => {
    const a = await analyseTender(fixture("rohbau-27.x83"), "rohbau-27.x83");
    const { positions, status: _s, error: _e, format: _f, phase: _p, ...summary } = a;
    const html = renderDraftEvaluation({
      projectName: "P",
      companyName: null,
      fileName: "f",
      phase: "83",
      summary,
      shortTexts: new Map(positions.map((p) => [p.oz, p.shortText])),
    });
    // Estimated from the reference prices, marked as such, with the table's price level.
    expect(html).toContain("Schätzung (Richtwert)");
    expect(html).toContain("Preisstand 2. Quartal 2025 (kein neuerer Baupreisindex hinterlegt)");
    expect(html).not.toContain("Summe Risiko");
  });

  it("questions: one sentence each, LV-wide first, position findings of one rule together", () => {
    const findings: Finding[] = [
      { ...lvFinding({}), relatedOz: ["05.0010"] },
      lvFinding({
        ruleId: "modell",
        source: "model",
        title: "Ist für die Bodenplatte eine Perimeterdämmung vorgesehen?",
        category: "leistungsbeschreibung",
      }),
      lvFinding({
        ruleId: "vertragsstrafe-ohne-obergrenze",
        category: "vertrag",
        title: "Vertragsstrafe ohne Obergrenze",
        severity: "hinweis",
      }),
      { ...lvFinding({ ruleId: "bedarfsposition", scope: "position", oz: "01.0030", category: "positionsart" }), potentialEur: 312 },
      { ...lvFinding({ ruleId: "bedarfsposition", scope: "position", oz: "02.0050", category: "positionsart" }), potentialEur: 2520 },
      lvFinding({ ruleId: "unterlagen-folgen", scope: "position", oz: "03.0010", category: "unterlagen", severity: "risiko" }),
    ];
    // Bedarfspositionen are chances, not risks: the top risks are the risk findings.
    expect(topRisks(findings, 2).map((f) => f.oz)).toEqual(["03.0010"]);
    expect(ownerQuestions(findings)).toEqual([
      "Zu „Abdichtung ohne Schutzschicht“ zu OZ 05.0010: In welcher Position ist diese Leistung anzubieten, oder wird das LV um eine Position ergänzt?",
      "Ist für die Bodenplatte eine Perimeterdämmung vorgesehen?",
      "Zu „Vertragsstrafe ohne Obergrenze“: Welche Regelung gilt genau (Höhe, Obergrenze, Bezugstermine)?",
      "Mit welcher Menge und Wahrscheinlichkeit werden die Bedarfspositionen OZ 01.0030 und 02.0050 beauftragt?",
      "Wann werden die zu OZ 03.0010 noch ausstehenden Unterlagen nachgereicht, und wird die Angebotsfrist entsprechend verlängert?",
    ]);
    expect(questionFor([findings[3]])).toBe("Mit welcher Menge und Wahrscheinlichkeit wird die Bedarfsposition OZ 01.0030 beauftragt?");
  });

  it("asks what a clause raised for its wording means, naming where it stands", () => {
    const f = lvFinding({
      ruleId: "formulierung-baustelleneinrichtung",
      severity: "risiko",
      category: "vertrag",
      title: "Baustelleneinrichtung, Baustrom/-wasser, Umlagen: kritisch",
      why: "Formulierung wie bei Klauseln, die Kalkulatoren als kritisch beanstanden („ohne gesonderte Vergütung“) – kritisch",
      clause: {
        type: "baustelleneinrichtung",
        verdict: "kritisch",
        status: "geregelt",
        document: "BVB.txt",
        location: "Absatz 2",
        wording: true,
      },
    });
    expect(questionFor([f])).toBe(
      "Zu „Baustelleneinrichtung, Baustrom/-wasser, Umlagen: kritisch“ (BVB.txt, Absatz 2): Wie ist diese Klausel gemeint, und bleibt es insoweit bei der Regelung der VOB/B?",
    );
  });

  it("names many OZ briefly", () => {
    expect(ozPhrase(["1"])).toBe("OZ 1");
    expect(ozPhrase(["1", "2", "3"])).toBe("OZ 1, 2 und 3");
    expect(ozPhrase(["1", "2", "3", "4", "5", "6", "7", "8"])).toBe("OZ 1, 2, 3, 4, 5 und 3 weitere");
  });
});
