// Writes the planted LVs of the pre-check quality corpus as GAEB DA XML 3.3 (X83):
//
//   npx tsx tests/quality/build-corpus.ts
//
// The .x83 files are committed; this script documents how they were made and re-creates them
// after a change here. What an expert expects of each LV is NOT generated: it is written by hand
// in tests/quality/corpus/<name>.expected.json (see tests/quality/README.md).

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const OUT = join(dirname(fileURLToPath(import.meta.url)), "corpus");
const NS = "http://www.gaeb.de/GAEB_DA_XML/DA83/3.3";

interface Item {
  rno: string;
  short: string;
  long?: string[];
  qty?: number;
  unit: string;
  provis?: "WithoutTotal" | "WithTotal";
  aln?: [group: string, serial: number];
  lumpSum?: boolean;
}
interface Title {
  rno: string;
  label: string;
  children: Node[];
  notAppl?: boolean;
}
interface Remark {
  remark: string[];
}
type Node = Item | Title | Remark;

interface Lv {
  name: string;
  project: string;
  boq: string;
  /** BoQInfo/AddText: heading and paragraphs. */
  addText?: { heading: string; paragraphs: string[] };
  cnst?: { start: string; end: string };
  body: Node[];
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const p = (s: string) => `<p><span>${esc(s)}</span></p>`;

function itemXml(it: Item, id: string): string {
  const flags =
    (it.lumpSum ? "<LumpSumItem>Yes</LumpSumItem>" : "") +
    (it.provis ? `<Provis>${it.provis}</Provis>` : "") +
    (it.aln ? `<ALNGroupNo>${it.aln[0]}</ALNGroupNo><ALNSerNo>${it.aln[1]}</ALNSerNo>` : "");
  const qty = it.qty === undefined ? "" : `<Qty>${it.qty.toFixed(3)}</Qty>`;
  const long = it.long?.length ? `<DetailTxt>${it.long.map((l) => `<Text>${p(l)}</Text>`).join("")}</DetailTxt>` : "";
  return (
    `\n            <Item ID="${id}" RNoPart="${it.rno}">${flags}${qty}<QU>${esc(it.unit)}</QU>` +
    `<Description><CompleteText>${long}<OutlineText><OutlTxt><TextOutlTxt>${p(it.short)}</TextOutlTxt></OutlTxt></OutlineText></CompleteText></Description></Item>`
  );
}

function remarkXml(r: Remark, id: string): string {
  return `\n          <Remark ID="${id}"><Description><CompleteText><DetailTxt>${r.remark.map((l) => `<Text>${p(l)}</Text>`).join("")}</DetailTxt></CompleteText></Description></Remark>`;
}

function bodyXml(nodes: Node[], path: string): string {
  let out = "";
  let items = "";
  const flush = () => {
    if (items) out += `\n          <Itemlist>${items}\n          </Itemlist>`;
    items = "";
  };
  for (const node of nodes) {
    if ("children" in node) {
      flush();
      const oz = path ? `${path}.${node.rno}` : node.rno;
      out +=
        `\n        <BoQCtgy ID="C${oz.replace(/\./g, "")}" RNoPart="${node.rno}"><LblTx>${p(node.label)}</LblTx>` +
        `${node.notAppl ? "<NotApplBoQ>Yes</NotApplBoQ>" : ""}<BoQBody>${bodyXml(node.children, oz)}\n        </BoQBody></BoQCtgy>`;
    } else if ("remark" in node) {
      flush();
      out += remarkXml(node, `R${path.replace(/\./g, "")}${out.length}`);
    } else {
      items += itemXml(node, `I${path.replace(/\./g, "")}${node.rno}${items.length}`);
    }
  }
  flush();
  return out;
}

function gaeb(lv: Lv): string {
  const addText = lv.addText
    ? `\n      <AddText><OutlineAddText>${p(lv.addText.heading)}</OutlineAddText><DetailAddText>${lv.addText.paragraphs.map(p).join("")}</DetailAddText></AddText>`
    : "";
  const cnst = lv.cnst ? `<CnstStart>${lv.cnst.start}</CnstStart><CnstEnd>${lv.cnst.end}</CnstEnd>` : "";
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<GAEB xmlns="${NS}">\n` +
    `  <GAEBInfo><Version>3.3</Version><VersDate>2021-05</VersDate><Date>2026-03-20</Date><ProgSystem>bauklar Qualitätskorpus</ProgSystem></GAEBInfo>\n` +
    `  <PrjInfo><NamePrj>${esc(lv.project)}</NamePrj><LblPrj>${esc(lv.project)}</LblPrj><Cur>EUR</Cur></PrjInfo>\n` +
    `  <Award><DP>83</DP><AwardInfo><Cur>EUR</Cur>${cnst}</AwardInfo>\n` +
    `    <BoQ ID="LV"><BoQInfo><Name>${esc(lv.boq)}</Name><LblBoQ>${esc(lv.boq)}</LblBoQ>` +
    `<BoQBkdn><Type>BoQLevel</Type><Length>2</Length><Num>Yes</Num></BoQBkdn><BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn>${addText}\n    </BoQInfo>\n` +
    `      <BoQBody>${bodyXml(lv.body, "")}\n      </BoQBody>\n    </BoQ>\n  </Award>\n</GAEB>\n`
  );
}

// ── Shared building blocks ──────────────────────────────────────────────────────────────────

const be = (rno = "0010"): Item => ({
  rno,
  short: "Baustelleneinrichtung einrichten, vorhalten und räumen",
  long: [
    "Baustelleneinrichtung für alle Leistungen dieses LV einschließlich Tagesunterkünften, Sanitärcontainer, Lagerflächen und Baustromverteilung ab Übergabepunkt.",
  ],
  qty: 1,
  unit: "psch",
  lumpSum: true,
});
const bauzaun = (rno: string, qty: number): Item => ({
  rno,
  short: "Bauzaun stellen und vorhalten",
  long: ["Mobiler Bauzaun, Höhe 2,00 m, mit Fußplatten liefern, aufstellen, für die Bauzeit vorhalten und wieder abbauen."],
  qty,
  unit: "m",
});
const stunden = (rno: string, short: string, qty: number): Item => ({
  rno,
  short,
  long: ["Stundenlohnarbeiten nur auf Anordnung der Bauleitung; Nachweis durch Stundenlohnzettel."],
  qty,
  unit: "h",
});

// ── The LVs ─────────────────────────────────────────────────────────────────────────────────

const LVS: Lv[] = [
  // Planted: Oberboden with swapped decimal separators. Otherwise complete; 100 St items that
  // the old round-quantity rule flagged.
  {
    name: "kita-rohbau-mengen",
    project: "Neubau Kindertagesstätte Sonnenhof",
    boq: "LV 200 Rohbauarbeiten Kita Sonnenhof",
    body: [
      {
        rno: "01",
        label: "Baustelleneinrichtung",
        children: [
          be(),
          bauzaun("0020", 160),
          stunden("0030", "Stundenlohnarbeiten Facharbeiter", 40),
          stunden("0040", "Stundenlohnarbeiten Helfer", 40),
        ],
      },
      {
        rno: "02",
        label: "Erdarbeiten",
        children: [
          {
            rno: "0010",
            short: "Oberboden abtragen und seitlich lagern",
            long: ["Oberboden in einer Stärke von ca. 30 cm abtragen und in Mieten seitlich lagern."],
            qty: 12345678.012,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Baugrube ausheben, Homogenbereich B1",
            long: [
              "Baugrube mit geböschten Wänden ausheben, Böschungswinkel 45°, Aushubtiefe bis 1,50 m.",
              "Boden Homogenbereich B1 gemäß Baugrundgutachten.",
            ],
            qty: 1860,
            unit: "m3",
          },
          {
            rno: "0030",
            short: "Aushub laden, abfahren und entsorgen",
            long: ["Überschüssigen Boden laden, abfahren und verwerten, Zuordnungsklasse Z 0."],
            qty: 1420,
            unit: "m3",
          },
          {
            rno: "0040",
            short: "Arbeitsraum verfüllen und verdichten",
            long: ["Arbeitsraum lagenweise mit seitlich gelagertem Boden verfüllen, Verdichtungsgrad DPr 97 %."],
            qty: 310,
            unit: "m3",
          },
          {
            rno: "0050",
            short: "Oberboden andecken",
            long: ["Gelagerten Oberboden auf Freiflächen andecken, d = 20 cm."],
            qty: 640,
            unit: "m2",
          },
        ],
      },
      {
        rno: "03",
        label: "Beton- und Stahlbetonarbeiten",
        children: [
          {
            rno: "0010",
            short: "Sauberkeitsschicht C12/15, d = 5 cm",
            long: ["Sauberkeitsschicht aus unbewehrtem Beton C12/15 unter Fundamenten und Bodenplatte."],
            qty: 720,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Streifenfundamente C25/30",
            long: ["Streifenfundamente aus Stahlbeton C25/30, XC2, in Erdschalung betoniert."],
            qty: 64.5,
            unit: "m3",
          },
          {
            rno: "0030",
            short: "Bodenplatte C30/37, d = 25 cm",
            long: [
              "Bodenplatte aus Stahlbeton C30/37, XC2, Dicke 25 cm, Oberfläche flügelgeglättet.",
              "Einschließlich Nachbehandlung nach DIN 1045-3.",
            ],
            qty: 168,
            unit: "m3",
          },
          {
            rno: "0040",
            short: "Randschalung Bodenplatte",
            long: ["Randschalung der Bodenplatte herstellen, vorhalten und beseitigen, Höhe bis 25 cm."],
            qty: 112,
            unit: "m2",
          },
          {
            rno: "0050",
            short: "Stahlbetondecke C25/30, d = 22 cm",
            long: ["Deckenplatte aus Stahlbeton C25/30, XC1, Dicke 22 cm."],
            qty: 151.8,
            unit: "m3",
          },
          {
            rno: "0060",
            short: "Deckenschalung",
            long: ["Deckenschalung herstellen, vorhalten und beseitigen, Deckenuntersicht glatt."],
            qty: 655,
            unit: "m2",
          },
          {
            rno: "0070",
            short: "Betonstahl B500B liefern und verlegen",
            long: ["Betonstahl B500B, Stabstahl, liefern, schneiden, biegen und verlegen.", "Abrechnung nach Stahllisten."],
            qty: 36.4,
            unit: "t",
          },
          {
            rno: "0080",
            short: "Betonstahlmatten B500A liefern und verlegen",
            long: ["Lagermatten liefern, zuschneiden und verlegen."],
            qty: 14.2,
            unit: "t",
          },
        ],
      },
      {
        rno: "04",
        label: "Mauerwerksarbeiten",
        children: [
          {
            rno: "0010",
            short: "Mauersperrbahn unter Wänden",
            long: ["Querschnittsabdichtung mit besandeter Bitumenbahn R500 unter Mauerwerkswänden."],
            qty: 210,
            unit: "m",
          },
          {
            rno: "0020",
            short: "Ziegel-Mauerwerk, d = 36,5 cm",
            long: ["Außenmauerwerk aus Planziegeln mit Dämmstofffüllung, Dünnbettmörtel, Dicke 36,5 cm."],
            qty: 560,
            unit: "m2",
          },
          {
            rno: "0030",
            short: "Kalksandstein-Mauerwerk, d = 17,5 cm",
            long: ["Innenmauerwerk aus KS 12-1,8, Dünnbettmörtel, Dicke 17,5 cm."],
            qty: 380,
            unit: "m2",
          },
          {
            rno: "0040",
            short: "Fertigteilsturz liefern und einbauen",
            long: ["Ziegel-Flachsturz, Länge bis 1,76 m."],
            qty: 54,
            unit: "St",
          },
          {
            rno: "0050",
            short: "Ringbalken in U-Schalen",
            long: ["Ringbalken in Ziegel-U-Schalen einschließlich Bewehrung und Beton C25/30."],
            qty: 142,
            unit: "m",
          },
        ],
      },
      {
        rno: "05",
        label: "Bohr- und Befestigungsarbeiten",
        children: [
          {
            rno: "0010",
            short: "Kernbohrung DN 100 in Stahlbeton",
            long: ["Kernbohrung bis 30 cm Bauteildicke herstellen, Bohrkern entsorgen."],
            qty: 100,
            unit: "St",
          },
          {
            rno: "0020",
            short: "Schwerlastdübel M12 setzen",
            long: ["Schwerlastdübel M12 in Beton setzen, Bohrloch reinigen."],
            qty: 100,
            unit: "St",
          },
          { rno: "0030", short: "Mauerwerksanker setzen", long: ["Edelstahl-Mauerwerksanker in Lagerfugen einlegen."], qty: 6, unit: "St" },
          { rno: "0040", short: "Leerrohre DN 50 einlegen", long: ["Leerrohre für Medien in Bodenplatte einlegen."], qty: 4, unit: "St" },
        ],
      },
    ],
  },

  // Planted: 450 000 m NYY. A normal Elektro LV otherwise (100 Steckdosen are normal).
  {
    name: "elektro-nyy",
    project: "Neubau Verwaltungsgebäude Stadtwerke",
    boq: "LV 440 Elektroinstallation",
    body: [
      { rno: "01", label: "Baustelleneinrichtung", children: [{ ...be(), short: "Baustelleneinrichtung Elektro einrichten und räumen" }] },
      {
        rno: "02",
        label: "Kabel und Leitungen",
        children: [
          {
            rno: "0010",
            short: "Kabel NYY-J 5x16 mm² verlegen",
            long: ["Kabel NYY-J 5x16 mm² liefern und auf Kabelrinne verlegen, Hauptverteilung bis Unterverteilungen."],
            qty: 450000,
            unit: "m",
          },
          {
            rno: "0020",
            short: "Mantelleitung NYM-J 3x1,5 mm² verlegen",
            long: ["Mantelleitung NYM-J 3x1,5 mm² liefern und in vorhandenen Leerrohren oder auf Putz verlegen."],
            qty: 2600,
            unit: "m",
          },
          {
            rno: "0030",
            short: "Mantelleitung NYM-J 5x2,5 mm² verlegen",
            long: ["Mantelleitung NYM-J 5x2,5 mm² liefern und verlegen."],
            qty: 1150,
            unit: "m",
          },
          {
            rno: "0040",
            short: "Kabelrinne 300 x 60 mm montieren",
            long: ["Kabelrinne aus feuerverzinktem Stahl, gelocht, einschließlich Abhängungen, Formteile und Deckel."],
            qty: 320,
            unit: "m",
          },
          {
            rno: "0050",
            short: "Fundamenterder V4A 10 mm einbauen",
            long: ["Fundamenterder aus Edelstahl V4A, Rundstahl 10 mm, in Bodenplatte einlegen und mit Bewehrung verbinden."],
            qty: 185,
            unit: "m",
          },
        ],
      },
      {
        rno: "03",
        label: "Installationsgeräte",
        children: [
          {
            rno: "0010",
            short: "Schutzkontaktsteckdose, zweifach, UP",
            long: ["Schutzkontakt-Doppelsteckdose, Unterputz, reinweiß, einschließlich Gerätedose."],
            qty: 100,
            unit: "St",
          },
          {
            rno: "0020",
            short: "Aus-/Wechselschalter, UP",
            long: ["Universal-Aus-/Wechselschalter, Unterputz, reinweiß."],
            qty: 100,
            unit: "St",
          },
          {
            rno: "0030",
            short: "Präsenzmelder Decke, DALI",
            long: ["Präsenzmelder für Deckenmontage, DALI-Schnittstelle, Erfassungsbereich 8 m."],
            qty: 36,
            unit: "St",
          },
          {
            rno: "0040",
            short: "Netzwerkdose Cat 6A, 2-fach",
            long: ["Anschlussdose Cat 6A, zweifach, geschirmt, Unterputz."],
            qty: 120,
            unit: "St",
          },
        ],
      },
      {
        rno: "04",
        label: "Leuchten und Verteiler",
        children: [
          {
            rno: "0010",
            short: "LED-Einbauleuchte 62,5 x 62,5",
            long: ["LED-Rasterleuchte für Systemdecke, 3 400 lm, 4 000 K, UGR < 19, DALI."],
            qty: 84,
            unit: "St",
          },
          {
            rno: "0020",
            short: "Sicherheitsleuchte, Einzelbatterie",
            long: ["Sicherheits- und Rettungszeichenleuchte, LED, Einzelbatterie 3 h."],
            qty: 22,
            unit: "St",
          },
          {
            rno: "0030",
            short: "Unterverteilung, 4-reihig, komplett",
            long: ["Unterverteilung Aufputz, 4-reihig, mit Bestückung nach Verteilerplan."],
            qty: 6,
            unit: "St",
          },
          {
            rno: "0040",
            short: "Brandschottung Kabeldurchführung",
            long: ["Kabelabschottung S90 in Massivwand, einschließlich Kennzeichnung."],
            qty: 28,
            unit: "St",
          },
          stunden("0050", "Stundenlohnarbeiten Elektromonteur", 60),
        ],
      },
    ],
  },

  // Planted: no Baustelleneinrichtung, no Abfuhr of the Aushub, Stahlbeton without Bewehrung
  // ("wird gesondert vergütet", but there is no such position).
  {
    name: "rohbau-luecken",
    project: "Anbau Feuerwehrgerätehaus Nordheim",
    boq: "LV 100 Rohbau Anbau Fahrzeughalle",
    body: [
      {
        rno: "01",
        label: "Erdarbeiten",
        children: [
          {
            rno: "0010",
            short: "Oberboden abtragen und seitlich lagern",
            long: ["Oberboden d = 30 cm abtragen und seitlich in Mieten lagern."],
            qty: 420,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Baugrube ausheben, Homogenbereich B2",
            long: [
              "Baugrube mit geböschten Wänden ausheben, Böschungswinkel 45°, Tiefe bis 1,80 m.",
              "Aushub seitlich auf der Baustelle lagern.",
            ],
            qty: 760,
            unit: "m3",
          },
          {
            rno: "0030",
            short: "Fundamentgräben ausheben",
            long: ["Fundamentgräben für Streifenfundamente ausheben, Breite bis 0,80 m, Aushub seitlich lagern."],
            qty: 95,
            unit: "m3",
          },
          {
            rno: "0040",
            short: "Arbeitsraum verfüllen und verdichten",
            long: ["Arbeitsraum lagenweise mit gelagertem Boden verfüllen und verdichten."],
            qty: 180,
            unit: "m3",
          },
          {
            rno: "0050",
            short: "Frostschutzschicht 0/32 einbauen",
            long: ["Frostschutzschicht unter der Bodenplatte, d = 30 cm, verdichtet Ev2 ≥ 100 MN/m²."],
            qty: 126,
            unit: "m3",
          },
        ],
      },
      {
        rno: "02",
        label: "Beton- und Stahlbetonarbeiten",
        children: [
          {
            rno: "0010",
            short: "Sauberkeitsschicht C12/15, d = 5 cm",
            long: ["Sauberkeitsschicht aus unbewehrtem Beton C12/15."],
            qty: 430,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Streifenfundamente C25/30",
            long: [
              "Streifenfundamente aus Stahlbeton C25/30, XC2, gegen Erdreich betoniert.",
              "Bewehrung wird gesondert vergütet.",
              "Einschließlich Nachbehandlung.",
            ],
            qty: 58,
            unit: "m3",
          },
          {
            rno: "0030",
            short: "Bodenplatte C30/37, d = 25 cm",
            long: [
              "Bodenplatte aus Stahlbeton C30/37, XC4, XF1, Dicke 25 cm, Oberfläche flügelgeglättet.",
              "Bewehrung wird gesondert vergütet.",
              "Einschließlich Nachbehandlung.",
            ],
            qty: 104,
            unit: "m3",
          },
          {
            rno: "0040",
            short: "Randschalung Bodenplatte",
            long: ["Randschalung herstellen, vorhalten und beseitigen, Höhe bis 25 cm."],
            qty: 84,
            unit: "m2",
          },
          {
            rno: "0050",
            short: "Stahlbetonwände C25/30, d = 25 cm",
            long: [
              "Wände aus Stahlbeton C25/30, XC4, Dicke 25 cm, Höhe bis 4,50 m.",
              "Bewehrung wird gesondert vergütet.",
              "Einschließlich Nachbehandlung.",
            ],
            qty: 72,
            unit: "m3",
          },
          {
            rno: "0060",
            short: "Wandschalung, glatt",
            long: ["Wandschalung beidseitig herstellen, vorhalten und beseitigen, Sichtbetonklasse SB 2."],
            qty: 560,
            unit: "m2",
          },
          {
            rno: "0070",
            short: "Fugenblech in Arbeitsfugen",
            long: ["Fugenblech, beschichtet, 150 mm, in Arbeitsfugen einbauen."],
            qty: 66,
            unit: "m",
          },
        ],
      },
      {
        rno: "03",
        label: "Mauerwerksarbeiten",
        children: [
          { rno: "0010", short: "Mauersperrbahn unter Wänden", long: ["Querschnittsabdichtung mit Bitumenbahn R500."], qty: 48, unit: "m" },
          {
            rno: "0020",
            short: "Kalksandstein-Mauerwerk, d = 24 cm",
            long: ["Mauerwerk aus KS 20-2,0, Dünnbettmörtel, Dicke 24 cm."],
            qty: 190,
            unit: "m2",
          },
          {
            rno: "0030",
            short: "Stahlbetonsturz, Fertigteil",
            long: ["Fertigteilsturz aus Stahlbeton für Wanddicke 24 cm, Länge bis 2,01 m."],
            qty: 9,
            unit: "St",
          },
          stunden("0040", "Stundenlohnarbeiten Facharbeiter", 24),
        ],
      },
    ],
  },

  // Planted: hard contract clauses in BoQInfo/AddText.
  {
    name: "vertrag-hart",
    project: "Sanierung und Erweiterung Grundschule Am Park",
    boq: "Los 3 Rohbauarbeiten Erweiterung",
    addText: {
      heading: "Besondere Vertragsbedingungen",
      paragraphs: [
        "Es gelten die VOB/B und die VOB/C in der bei Angebotsabgabe gültigen Fassung, soweit nachstehend nichts anderes vereinbart ist.",
        "Ausführungsfristen: Beginn der Ausführung am 02.03.2026, Fertigstellung aller Leistungen bis 31.10.2027.",
        "Die Preise sind Festpreise für die gesamte Ausführungszeit; eine Preisgleitung wird nicht vereinbart.",
        "Überschreitet der Auftragnehmer die Fertigstellungsfrist, hat er eine Vertragsstrafe von 0,3 % der Netto-Auftragssumme je Werktag zu zahlen, insgesamt höchstens 10 % der Netto-Auftragssumme.",
        "Als Sicherheit für die Vertragserfüllung ist eine Bürgschaft über 10 % der Auftragssumme auf erstes Anfordern zu stellen.",
        "Die Verjährungsfrist für Mängelansprüche beträgt 10 Jahre ab Abnahme.",
        "Maßnahmen zum Schutz gegen Frost und Schnee (Winterbau) sind in die Einheitspreise einzurechnen.",
        "Die Abrechnung erfolgt nach theoretischen Massen laut Ausführungsplanung; ein örtliches Aufmaß findet nicht statt.",
        "Skonto: 3 % bei Zahlung innerhalb von 14 Kalendertagen.",
      ],
    },
    body: [
      { rno: "01", label: "Baustelleneinrichtung", children: [be(), bauzaun("0020", 140)] },
      {
        rno: "02",
        label: "Abbrucharbeiten",
        children: [
          {
            rno: "0010",
            short: "Abbruch Mauerwerk, d = 24 cm",
            long: ["Mauerwerk aus Vollziegeln abbrechen, Material sortenrein trennen."],
            qty: 85,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Bauschutt laden, abfahren und entsorgen",
            long: ["Bauschutt laden, abfahren und einer zugelassenen Recyclinganlage zuführen, einschließlich Gebühren."],
            qty: 42,
            unit: "t",
          },
        ],
      },
      {
        rno: "03",
        label: "Beton- und Stahlbetonarbeiten",
        children: [
          {
            rno: "0010",
            short: "Bodenplatte C30/37, d = 25 cm",
            long: ["Bodenplatte aus Stahlbeton C30/37, XC2, Dicke 25 cm.", "Nachbehandlung nach DIN 1045-3."],
            qty: 96,
            unit: "m3",
          },
          { rno: "0020", short: "Randschalung Bodenplatte", long: ["Randschalung herstellen und beseitigen."], qty: 62, unit: "m2" },
          {
            rno: "0030",
            short: "Stahlbetondecke C25/30, d = 20 cm",
            long: ["Deckenplatte aus Stahlbeton C25/30, Dicke 20 cm, einschließlich Deckenschalung.", "Nachbehandlung nach DIN 1045-3."],
            qty: 78,
            unit: "m3",
          },
          {
            rno: "0040",
            short: "Betonstahl B500B liefern und verlegen",
            long: ["Betonstahl B500B liefern, schneiden, biegen und verlegen."],
            qty: 22.5,
            unit: "t",
          },
        ],
      },
      {
        rno: "04",
        label: "Mauerwerksarbeiten",
        children: [
          { rno: "0010", short: "Mauersperrbahn unter Wänden", long: ["Querschnittsabdichtung mit Bitumenbahn R500."], qty: 96, unit: "m" },
          {
            rno: "0020",
            short: "Kalksandstein-Mauerwerk, d = 17,5 cm",
            long: ["Mauerwerk aus KS 12-1,8, Dicke 17,5 cm."],
            qty: 310,
            unit: "m2",
          },
          {
            rno: "0030",
            short: "Fertigteilsturz liefern und einbauen",
            long: ["Stahlbeton-Fertigteilsturz, Länge bis 1,51 m."],
            qty: 18,
            unit: "St",
          },
          stunden("0040", "Stundenlohnarbeiten Facharbeiter", 30),
        ],
      },
    ],
  },

  // Fair contract clauses: nothing here may be flagged.
  {
    name: "vertrag-fair",
    project: "Neubau Bauhof Gemeinde Waldbrunn",
    boq: "LV 100 Rohbau Bauhof",
    addText: {
      heading: "Vorbemerkungen und Vertragsbedingungen",
      paragraphs: [
        "Es gelten die VOB/B und die VOB/C in der bei Angebotsabgabe gültigen Fassung.",
        "Ausführungsfrist: Beginn innerhalb von 12 Werktagen nach Zuschlag, Fertigstellung innerhalb von 9 Monaten nach Beginn.",
        "Die Preise sind Festpreise.",
        "Vertragsstrafe: 0,2 % der Abrechnungssumme je Werktag, höchstens 5 % der Abrechnungssumme.",
        "Sicherheit für die Vertragserfüllung: 5 % der Auftragssumme als selbstschuldnerische Bürgschaft. Sicherheit für Mängelansprüche: 3 % der Abrechnungssumme.",
        "Von Abschlagszahlungen werden 10 % einbehalten, bis die vereinbarte Sicherheit erreicht ist.",
        "Die Verjährungsfrist für Mängelansprüche beträgt abweichend von § 13 Abs. 4 VOB/B 5 Jahre.",
        "Nebenleistungen nach VOB/C sind in die Einheitspreise einzurechnen, Besondere Leistungen werden nur vergütet, wenn sie im Leistungsverzeichnis beschrieben sind.",
        "Das Abführen von Niederschlagswasser aus der Baugrube ist einzurechnen.",
        "Abgerechnet wird nach Aufmaß; Betonstahl nach Stahllisten.",
      ],
    },
    body: [
      {
        rno: "01",
        label: "Baustelleneinrichtung",
        children: [be(), bauzaun("0020", 180), stunden("0030", "Stundenlohnarbeiten Facharbeiter", 20)],
      },
      {
        rno: "02",
        label: "Erdarbeiten",
        children: [
          {
            rno: "0010",
            short: "Oberboden abtragen und seitlich lagern",
            long: ["Oberboden d = 20 cm abtragen und seitlich lagern."],
            qty: 980,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Baugrube ausheben",
            long: ["Baugrube geböscht ausheben, Tiefe bis 1,20 m, Homogenbereich B1."],
            qty: 640,
            unit: "m3",
          },
          {
            rno: "0030",
            short: "Aushub laden, abfahren und verwerten",
            long: ["Überschüssigen Boden abfahren und verwerten, Z 0."],
            qty: 480,
            unit: "m3",
          },
        ],
      },
      {
        rno: "03",
        label: "Beton- und Stahlbetonarbeiten",
        children: [
          {
            rno: "0010",
            short: "Streifenfundamente C25/30",
            long: ["Streifenfundamente aus Stahlbeton C25/30, XC2.", "Einschließlich Nachbehandlung."],
            qty: 46,
            unit: "m3",
          },
          {
            rno: "0020",
            short: "Bodenplatte C30/37, d = 20 cm",
            long: ["Bodenplatte aus Stahlbeton C30/37, Dicke 20 cm.", "Einschließlich Nachbehandlung."],
            qty: 138,
            unit: "m3",
          },
          { rno: "0030", short: "Randschalung Bodenplatte", long: ["Randschalung herstellen und beseitigen."], qty: 96, unit: "m2" },
          {
            rno: "0040",
            short: "Betonstahl B500B liefern und verlegen",
            long: ["Betonstahl B500B, Stabstahl und Matten, liefern und verlegen."],
            qty: 19.8,
            unit: "t",
          },
        ],
      },
      {
        rno: "04",
        label: "Mauerwerksarbeiten",
        children: [
          {
            rno: "0010",
            short: "Mauersperrbahn unter Wänden",
            long: ["Querschnittsabdichtung mit Bitumenbahn R500."],
            qty: 120,
            unit: "m",
          },
          {
            rno: "0020",
            short: "Porenbeton-Mauerwerk, d = 30 cm",
            long: ["Außenmauerwerk aus Porenbeton-Plansteinen PP2-0,35, Dicke 30 cm."],
            qty: 420,
            unit: "m2",
          },
          { rno: "0030", short: "Porenbeton-Flachsturz", long: ["Flachsturz aus Porenbeton, Länge bis 1,75 m."], qty: 16, unit: "St" },
        ],
      },
    ],
  },

  // Planted: OZ twice, the same text twice in one title, an empty title, alternatives without
  // base (GAEB flags, and a text reference to a position that does not exist), many
  // Bedarfspositionen. Repeated texts per Haus A/Haus B and the Vorbemerkungen title are normal.
  {
    name: "struktur-dubletten",
    project: "Umbau Rathaus Oberstadt",
    boq: "LV 330 Putz- und Trockenbauarbeiten",
    body: [
      {
        rno: "00",
        label: "Vorbemerkungen",
        children: [
          { remark: ["Die Arbeiten erfolgen im laufenden Betrieb der Verwaltung.", "Lärmintensive Arbeiten nur zwischen 7 und 10 Uhr."] },
        ],
      },
      { rno: "01", label: "Baustelleneinrichtung", children: [be()] },
      {
        rno: "02",
        label: "Haus A – Putzarbeiten",
        children: [
          {
            rno: "0010",
            short: "Kalkzementputz innen, Q2",
            long: ["Innenputz als Kalkzement-Maschinenputz, einlagig, d = 15 mm, Oberfläche geglättet."],
            qty: 420,
            unit: "m2",
          },
          { rno: "0020", short: "Kantenprofil setzen", long: ["Kantenschutzprofil aus verzinktem Stahl setzen."], qty: 160, unit: "m" },
          {
            rno: "0030",
            short: "Putzträger über Schlitzen",
            long: ["Putzträger aus Streckmetall über Installationsschlitzen befestigen."],
            qty: 35,
            unit: "m",
          },
          {
            rno: "0030",
            short: "Gewebeeinlage im Putz",
            long: ["Armierungsgewebe vollflächig in den Putz einbetten."],
            qty: 120,
            unit: "m2",
          },
          {
            rno: "0040",
            short: "Zulage für Laibungen bis 25 cm Tiefe",
            long: ["Zulage zu Pos. 02.0010 für Fenster- und Türlaibungen."],
            qty: 140,
            unit: "m",
            provis: "WithTotal",
          },
        ],
      },
      {
        rno: "03",
        label: "Haus B – Putz- und Trockenbauarbeiten",
        children: [
          {
            rno: "0010",
            short: "Gipskarton-Ständerwand, d = 100 mm",
            long: ["Metallständerwand CW 75, beidseitig einlagig beplankt mit GKB 12,5 mm, Mineralwolle 60 mm, Q2."],
            qty: 120,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Kalkzementputz innen, Q2",
            long: ["Innenputz als Kalkzement-Maschinenputz, einlagig, d = 15 mm, Oberfläche geglättet."],
            qty: 380,
            unit: "m2",
          },
          { rno: "0030", short: "Kantenprofil setzen", long: ["Kantenschutzprofil aus verzinktem Stahl setzen."], qty: 140, unit: "m" },
          {
            rno: "0040",
            short: "Unterdecke GK, abgehängt",
            long: ["Abgehängte Unterdecke aus Gipskarton 12,5 mm auf Metallunterkonstruktion, Q2."],
            qty: 260,
            unit: "m2",
          },
          {
            rno: "0050",
            short: "Gipskarton-Ständerwand, d = 100 mm",
            long: ["Metallständerwand CW 75, beidseitig einlagig beplankt mit GKB 12,5 mm, Mineralwolle 60 mm, Q2."],
            qty: 85,
            unit: "m2",
          },
          {
            rno: "0060",
            short: "Revisionsöffnung in Unterdecke",
            long: ["Revisionsklappe 300 x 300 mm in GK-Unterdecke einbauen."],
            qty: 12,
            unit: "St",
            provis: "WithoutTotal",
          },
          {
            rno: "0070",
            short: "Zulage Feuchtraumplatte",
            long: ["Zulage zu Pos. 03.0010 für imprägnierte Platten GKBI."],
            qty: 40,
            unit: "m2",
            provis: "WithoutTotal",
          },
        ],
      },
      { rno: "04", label: "Bodenbeläge", children: [] },
      {
        rno: "05",
        label: "Wandbekleidungen",
        children: [
          {
            rno: "0010",
            short: "Wandbekleidung Akustikpaneel, Eiche",
            long: ["Akustik-Wandpaneel mit Eichenfurnier auf Unterkonstruktion."],
            qty: 48,
            unit: "m2",
            aln: ["2", 1],
          },
          {
            rno: "0020",
            short: "Wandbekleidung Akustikpaneel, Textil",
            long: ["Akustik-Wandpaneel mit Textilbespannung auf Unterkonstruktion."],
            qty: 48,
            unit: "m2",
            aln: ["2", 2],
          },
          {
            rno: "0030",
            short: "Trockenputz GK auf Mauerwerk",
            long: ["Gipskarton-Verbundplatte im Ansetzverfahren."],
            qty: 90,
            unit: "m2",
            aln: ["3", 0],
          },
          {
            rno: "0040",
            short: "Vorsatzschale CW 50",
            long: ["Vorsatzschale als Ständerkonstruktion CW 50, einlagig beplankt."],
            qty: 90,
            unit: "m2",
            aln: ["3", 1],
          },
          {
            rno: "0050",
            short: "Vorsatzschale, Holzunterkonstruktion",
            long: ["Wahlposition zu Pos. 05.0090: Vorsatzschale auf Holzlattung, einlagig beplankt."],
            qty: 30,
            unit: "m2",
          },
          {
            rno: "0060",
            short: "Reinigung der Arbeitsbereiche",
            long: ["Zwischenreinigung der Arbeitsbereiche nach Anweisung."],
            qty: 10,
            unit: "h",
            provis: "WithTotal",
          },
          stunden("0070", "Stundenlohnarbeiten Trockenbauer", 30),
        ],
      },
    ],
  },

  // Planted: Fenster without Bauanschluss, floating Estrich without Dämmschicht.
  {
    name: "ausbau-fenster-estrich",
    project: "Neubau Reihenhäuser Am Mühlbach, Haus 1–4",
    boq: "LV 500 Fenster, Estrich, Fliesen",
    body: [
      { rno: "01", label: "Baustelleneinrichtung", children: [be()] },
      {
        rno: "02",
        label: "Fensterarbeiten",
        children: [
          {
            rno: "0010",
            short: "Kunststofffenster, 2-flügelig, 1,26 x 1,40 m",
            long: ["Kunststofffenster, Dreh-/Drehkipp, Dreifachverglasung Ug = 0,6, Uw ≤ 0,9, Farbe weiß."],
            qty: 24,
            unit: "St",
          },
          {
            rno: "0020",
            short: "Kunststofffenster, 1-flügelig, 0,76 x 1,26 m",
            long: ["Kunststofffenster, Drehkipp, Dreifachverglasung, Farbe weiß."],
            qty: 32,
            unit: "St",
          },
          {
            rno: "0030",
            short: "Fenstertür, 1-flügelig, 1,01 x 2,26 m",
            long: ["Kunststoff-Fenstertür, Drehkipp, barrierefreie Schwelle."],
            qty: 8,
            unit: "St",
          },
          {
            rno: "0040",
            short: "Fensterbank innen, Naturstein",
            long: ["Fensterbank aus Jura-Kalkstein, d = 2 cm, Tiefe bis 25 cm."],
            qty: 64,
            unit: "St",
          },
          {
            rno: "0050",
            short: "Fensterbank außen, Aluminium",
            long: ["Fensterbank aus Aluminium, pulverbeschichtet, mit Endkappen."],
            qty: 64,
            unit: "St",
          },
        ],
      },
      {
        rno: "03",
        label: "Estricharbeiten",
        children: [
          {
            rno: "0010",
            short: "Zementestrich CT-C25-F4, schwimmend, d = 50 mm",
            long: ["Zementestrich als schwimmender Estrich, Nenndicke 50 mm, für Bodenbeläge."],
            qty: 620,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Heizestrich CT-C25-F4, d = 65 mm",
            long: ["Zementestrich als Heizestrich Bauart A, Nenndicke 65 mm über Rohr."],
            qty: 280,
            unit: "m2",
          },
          { rno: "0030", short: "Bewegungsfuge im Estrich", long: ["Bewegungsfuge mit Fugenprofil herstellen."], qty: 46, unit: "m" },
        ],
      },
      {
        rno: "04",
        label: "Fliesenarbeiten",
        children: [
          {
            rno: "0010",
            short: "Bodenfliesen Feinsteinzeug 30 x 60",
            long: ["Feinsteinzeug-Bodenfliesen im Dünnbett verlegen, verfugen."],
            qty: 190,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Wandfliesen Steingut 30 x 60",
            long: ["Wandfliesen im Dünnbett verlegen, verfugen."],
            qty: 240,
            unit: "m2",
          },
          {
            rno: "0030",
            short: "Verbundabdichtung in Bädern",
            long: ["Flüssige Verbundabdichtung im Spritzwasserbereich, W1-I, einschließlich Dichtbänder."],
            qty: 120,
            unit: "m2",
          },
          stunden("0040", "Stundenlohnarbeiten Fliesenleger", 16),
        ],
      },
    ],
  },

  // Planted: Mauerwerk without Stürze and Querschnittsabdichtung, Dach without Absturzsicherung,
  // interior walls as "1 psch".
  {
    name: "efh-mauerwerk-dach",
    project: "Neubau Einfamilienhaus Familie Berger",
    boq: "LV 300 Mauerwerk und Dachdeckung",
    body: [
      { rno: "01", label: "Baustelleneinrichtung", children: [be(), stunden("0020", "Stundenlohnarbeiten Maurer", 20)] },
      {
        rno: "02",
        label: "Mauerwerksarbeiten",
        children: [
          {
            rno: "0010",
            short: "Ziegel-Mauerwerk, d = 36,5 cm",
            long: ["Außenmauerwerk aus Planziegeln mit Dämmstofffüllung, λ = 0,08, Dünnbettmörtel."],
            qty: 245,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Kalksandstein-Mauerwerk Innenwände, d = 11,5 cm",
            long: ["Nichttragende Innenwände aus KS 12-1,8, Dünnbettmörtel, Dicke 11,5 cm, für alle Geschosse."],
            qty: 1,
            unit: "psch",
            lumpSum: true,
          },
          {
            rno: "0030",
            short: "Kalksandstein-Mauerwerk, d = 17,5 cm",
            long: ["Tragende Innenwände aus KS 20-2,0, Dicke 17,5 cm."],
            qty: 130,
            unit: "m2",
          },
          {
            rno: "0040",
            short: "Schlitze und Durchbrüche im Mauerwerk",
            long: ["Schlitze und Durchbrüche für die Haustechnik nach Angabe herstellen."],
            qty: 1,
            unit: "psch",
            lumpSum: true,
          },
          {
            rno: "0050",
            short: "Mauerwerksanker einlegen",
            long: ["Edelstahl-Flachanker für Wandanschlüsse einlegen."],
            qty: 40,
            unit: "St",
          },
        ],
      },
      {
        rno: "03",
        label: "Dachdeckungsarbeiten",
        children: [
          {
            rno: "0010",
            short: "Unterdeckbahn verlegen",
            long: ["Diffusionsoffene Unterdeckbahn, sd ≤ 0,1 m, mit Klebeband verkleben."],
            qty: 210,
            unit: "m2",
          },
          { rno: "0020", short: "Konterlattung 40/60 mm", long: ["Konterlattung aus Nadelholz S10, imprägniert."], qty: 210, unit: "m2" },
          {
            rno: "0030",
            short: "Dachlattung 30/50 mm",
            long: ["Dachlattung aus Nadelholz S10, Lattenabstand nach Herstellerangabe."],
            qty: 210,
            unit: "m2",
          },
          {
            rno: "0040",
            short: "Dachziegel eindecken, Flachdachpfanne",
            long: ["Dachdeckung mit Tondachziegeln, Flachdachpfanne, engobiert."],
            qty: 210,
            unit: "m2",
          },
          {
            rno: "0050",
            short: "First mit Firstziegeln, trocken",
            long: ["First trocken mit Firstrolle und Firstziegeln."],
            qty: 14,
            unit: "m",
          },
          { rno: "0060", short: "Ortgang mit Ortgangziegeln", long: ["Ortgang mit Ortgangziegeln links und rechts."], qty: 36, unit: "m" },
          {
            rno: "0070",
            short: "Dachrinne halbrund, Titanzink, NG 333",
            long: ["Hängedachrinne aus Titanzink einschließlich Rinnenhaltern."],
            qty: 28,
            unit: "m",
          },
        ],
      },
    ],
  },

  // Planted: Wandschalung far below the walls' faces, too little Betonstahl, Perimeterdämmung
  // on a third of the waterproofed wall. The Decken are consistent.
  {
    name: "buero-rohbau-verhaeltnisse",
    project: "Neubau Bürogebäude Gewerbepark Süd",
    boq: "LV 100 Rohbau Untergeschoss",
    body: [
      { rno: "01", label: "Baustelleneinrichtung", children: [be(), bauzaun("0020", 210)] },
      {
        rno: "02",
        label: "Erdarbeiten",
        children: [
          {
            rno: "0010",
            short: "Baugrube ausheben, Homogenbereich B1",
            long: ["Baugrube geböscht ausheben, Böschungswinkel 60°, Tiefe bis 3,50 m."],
            qty: 2850,
            unit: "m3",
          },
          {
            rno: "0020",
            short: "Aushub laden, abfahren und entsorgen",
            long: ["Überschüssigen Boden laden, abfahren und verwerten, Z 1.1."],
            qty: 2240,
            unit: "m3",
          },
          {
            rno: "0030",
            short: "Arbeitsraum verfüllen und verdichten",
            long: ["Arbeitsraum lagenweise verfüllen und verdichten."],
            qty: 480,
            unit: "m3",
          },
        ],
      },
      {
        rno: "03",
        label: "Beton- und Stahlbetonarbeiten",
        children: [
          {
            rno: "0010",
            short: "Bodenplatte C30/37, d = 30 cm",
            long: ["Bodenplatte aus Stahlbeton C30/37, XC4, XF1, Dicke 30 cm.", "Nachbehandlung nach DIN 1045-3."],
            qty: 255,
            unit: "m3",
          },
          {
            rno: "0020",
            short: "Stahlbetonwände C30/37, d = 25 cm",
            long: ["Kelleraußenwände aus Stahlbeton C30/37, Dicke 25 cm, Höhe bis 3,00 m.", "Nachbehandlung nach DIN 1045-3."],
            qty: 100,
            unit: "m3",
          },
          {
            rno: "0030",
            short: "Wandschalung, glatt",
            long: ["Wandschalung für Ortbetonwände herstellen, vorhalten und beseitigen."],
            qty: 120,
            unit: "m2",
          },
          {
            rno: "0040",
            short: "Stahlbetondecke C25/30, d = 20 cm",
            long: ["Deckenplatte aus Stahlbeton C25/30, Dicke 20 cm.", "Nachbehandlung nach DIN 1045-3."],
            qty: 90,
            unit: "m3",
          },
          { rno: "0050", short: "Deckenschalung", long: ["Deckenschalung herstellen, vorhalten und beseitigen."], qty: 430, unit: "m2" },
          {
            rno: "0060",
            short: "Betonstahl B500B liefern und verlegen",
            long: ["Betonstahl B500B liefern, schneiden, biegen und verlegen."],
            qty: 4,
            unit: "t",
          },
        ],
      },
      {
        rno: "04",
        label: "Abdichtungsarbeiten",
        children: [
          {
            rno: "0010",
            short: "Abdichtung erdberührter Wände nach DIN 18533",
            long: ["Abdichtung der Kelleraußenwände mit PMBC, W1.2-E."],
            qty: 420,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Perimeterdämmung XPS, d = 140 mm",
            long: ["Perimeterdämmung der Kelleraußenwände aus XPS, WLS 035."],
            qty: 140,
            unit: "m2",
          },
          {
            rno: "0030",
            short: "Noppenbahn als Schutzschicht",
            long: ["Noppenbahn aus HDPE als Schutz- und Dränschicht."],
            qty: 420,
            unit: "m2",
          },
          {
            rno: "0040",
            short: "Perimeterdämmung XPS unter Bodenplatte, d = 120 mm",
            long: ["Lastabtragende Perimeterdämmung unter der Bodenplatte."],
            qty: 850,
            unit: "m2",
          },
        ],
      },
    ],
  },

  // A clean, medium Sanierungs-LV: nothing but the honest things may be flagged.
  {
    name: "sanierung-schule-sauber",
    project: "Sanierung Gymnasium am Schlossberg, Bauteil C",
    boq: "LV 200 Rückbau, Putz, Trockenbau, Maler",
    addText: {
      heading: "Vorbemerkungen",
      paragraphs: [
        "Es gelten die VOB/B und die VOB/C in der bei Angebotsabgabe gültigen Fassung.",
        "Ausführungszeit: Sommerferien 2026, Beginn 20.07.2026, Fertigstellung 28.08.2026.",
        "Die Preise sind Festpreise bis zur Fertigstellung.",
        "Vertragsstrafe: 0,2 % der Abrechnungssumme je Werktag, insgesamt höchstens 5 % der Abrechnungssumme.",
        "Sicherheit für Mängelansprüche: 3 % der Abrechnungssumme.",
        "Bauzeitgerüste und Schutzabdeckungen für die eigenen Leistungen sind einzurechnen.",
      ],
    },
    body: [
      {
        rno: "01",
        label: "Baustelleneinrichtung",
        children: [be(), stunden("0020", "Stundenlohnarbeiten Facharbeiter", 40), stunden("0030", "Stundenlohnarbeiten Helfer", 40)],
      },
      {
        rno: "02",
        label: "Rückbau",
        children: [
          {
            rno: "0010",
            short: "Abbruch nichttragender Innenwände, d = 11,5 cm",
            long: ["Mauerwerkswände abbrechen, Material trennen."],
            qty: 145,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Rückbau abgehängte Decken",
            long: ["Mineralfaser-Rasterdecken einschließlich Unterkonstruktion ausbauen."],
            qty: 610,
            unit: "m2",
          },
          {
            rno: "0030",
            short: "Bauschutt laden, abfahren und entsorgen",
            long: ["Bauschutt und Baumischabfall laden, abfahren und entsorgen, einschließlich Gebühren."],
            qty: 38,
            unit: "t",
          },
          {
            rno: "0040",
            short: "Schutzabdeckung Fußböden",
            long: ["Vorhandene Bodenbeläge mit Abdeckvlies schützen."],
            qty: 900,
            unit: "m2",
          },
        ],
      },
      {
        rno: "03",
        label: "Klassenräume Ebene 1",
        children: [
          {
            rno: "0010",
            short: "Putzausbesserung an Wänden",
            long: ["Schadhafte Putzstellen abschlagen und mit Kalkzementputz schließen, Q2."],
            qty: 60,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Gipskarton-Ständerwand, d = 125 mm",
            long: ["Metallständerwand CW 75, beidseitig doppelt beplankt, Mineralwolle 60 mm, Q2."],
            qty: 140,
            unit: "m2",
          },
          {
            rno: "0030",
            short: "Akustikdecke, abgehängt",
            long: ["Gelochte Gipskarton-Akustikdecke auf Metallunterkonstruktion."],
            qty: 310,
            unit: "m2",
          },
          {
            rno: "0040",
            short: "Dispersionsanstrich Wände",
            long: ["Wandflächen grundieren und zweimal mit Dispersionsfarbe, Nassabriebklasse 2, streichen."],
            qty: 860,
            unit: "m2",
          },
          {
            rno: "0050",
            short: "Dübel und Befestigungsmittel für Tafeln",
            long: ["Schwerlastdübel für Tafel- und Regalbefestigungen setzen."],
            qty: 100,
            unit: "St",
          },
        ],
      },
      {
        rno: "04",
        label: "Klassenräume Ebene 2",
        children: [
          {
            rno: "0010",
            short: "Putzausbesserung an Wänden",
            long: ["Schadhafte Putzstellen abschlagen und mit Kalkzementputz schließen, Q2."],
            qty: 45,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Gipskarton-Ständerwand, d = 125 mm",
            long: ["Metallständerwand CW 75, beidseitig doppelt beplankt, Mineralwolle 60 mm, Q2."],
            qty: 95,
            unit: "m2",
          },
          {
            rno: "0030",
            short: "Akustikdecke, abgehängt",
            long: ["Gelochte Gipskarton-Akustikdecke auf Metallunterkonstruktion."],
            qty: 300,
            unit: "m2",
          },
          {
            rno: "0040",
            short: "Dispersionsanstrich Wände",
            long: ["Wandflächen grundieren und zweimal mit Dispersionsfarbe, Nassabriebklasse 2, streichen."],
            qty: 820,
            unit: "m2",
          },
          {
            rno: "0050",
            short: "Dübel und Befestigungsmittel für Tafeln",
            long: ["Schwerlastdübel für Tafel- und Regalbefestigungen setzen."],
            qty: 100,
            unit: "St",
          },
        ],
      },
      {
        rno: "05",
        label: "Flure und Treppenhaus",
        children: [
          {
            rno: "0010",
            short: "Brandschutzbekleidung Stahlträger F90",
            long: ["Kastenbekleidung aus Brandschutzplatten, F 90, dreiseitig."],
            qty: 48,
            unit: "m",
          },
          {
            rno: "0020",
            short: "Latexanstrich Flurwände",
            long: ["Strapazierfähiger Latexanstrich, Nassabriebklasse 1."],
            qty: 540,
            unit: "m2",
          },
          {
            rno: "0030",
            short: "Deckenanstrich Treppenhaus",
            long: ["Deckenflächen zweimal mit Dispersionsfarbe streichen."],
            qty: 120,
            unit: "m2",
          },
        ],
      },
    ],
  },

  // Big but plausible quantities (Tiefgarage under a residential block): no magnitude finding.
  {
    name: "tiefgarage-gross",
    project: "Wohnquartier Stadtgärten, Tiefgarage",
    boq: "LV 100 Erd- und Rohbauarbeiten Tiefgarage",
    cnst: { start: "2026-05-04", end: "2027-03-31" },
    addText: {
      heading: "Vorbemerkungen",
      paragraphs: [
        "Es gelten die VOB/B und VOB/C.",
        "Für Betonstahl gilt die Stoffpreisgleitklausel (Formblatt 225).",
        "Die Nachbehandlung des Betons nach DIN 1045-3 ist in die Betonpreise einzurechnen.",
      ],
    },
    body: [
      {
        rno: "01",
        label: "Baustelleneinrichtung",
        children: [
          be(),
          bauzaun("0020", 620),
          {
            rno: "0030",
            short: "Turmdrehkran vorhalten",
            long: ["Turmdrehkran, Ausladung 50 m, je Monat vorhalten."],
            qty: 11,
            unit: "Mon",
          },
        ],
      },
      {
        rno: "02",
        label: "Erd- und Verbauarbeiten",
        children: [
          {
            rno: "0010",
            short: "Oberboden abtragen und abfahren",
            long: ["Oberboden d = 30 cm abtragen, laden und zur Wiederverwertung abfahren."],
            qty: 6150,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Baugrube ausheben, Homogenbereich B2",
            long: ["Baugrubenaushub innerhalb des Verbaus, Tiefe bis 7,50 m."],
            qty: 45230,
            unit: "m3",
          },
          {
            rno: "0030",
            short: "Aushub laden, abfahren und entsorgen, Z 1.1",
            long: ["Boden laden, abfahren und verwerten, Zuordnungsklasse Z 1.1, einschließlich Gebühren."],
            qty: 38740,
            unit: "m3",
          },
          {
            rno: "0040",
            short: "Bohrpfahlwand, überschnitten, D = 90 cm",
            long: ["Überschnittene Bohrpfahlwand als Baugrubenverbau herstellen."],
            qty: 2140,
            unit: "m2",
          },
          {
            rno: "0050",
            short: "Grundwasserabsenkung betreiben",
            long: ["Grundwasserabsenkung mit Brunnen betreiben, je Tag."],
            qty: 180,
            unit: "d",
            provis: "WithTotal",
          },
        ],
      },
      {
        rno: "03",
        label: "Beton- und Stahlbetonarbeiten",
        children: [
          {
            rno: "0010",
            short: "Bodenplatte C30/37 WU, d = 60 cm",
            long: ["Bodenplatte als WU-Konstruktion aus Stahlbeton C30/37, Dicke 60 cm."],
            qty: 3720,
            unit: "m3",
          },
          {
            rno: "0020",
            short: "Stahlbetonwände C30/37 WU, d = 30 cm",
            long: ["Außenwände als WU-Konstruktion, Dicke 30 cm, Höhe bis 3,20 m."],
            qty: 1340,
            unit: "m3",
          },
          {
            rno: "0030",
            short: "Wandschalung, glatt",
            long: ["Wandschalung beidseitig herstellen, vorhalten und beseitigen."],
            qty: 8680,
            unit: "m2",
          },
          {
            rno: "0040",
            short: "Stahlbetondecke C35/45, d = 40 cm",
            long: ["Decke über Tiefgarage aus Stahlbeton C35/45, XD3, Dicke 40 cm."],
            qty: 2480,
            unit: "m3",
          },
          { rno: "0050", short: "Deckenschalung", long: ["Deckenschalung herstellen, vorhalten und beseitigen."], qty: 6050, unit: "m2" },
          { rno: "0060", short: "Stahlbetonstützen C35/45", long: ["Stützen 40 x 40 cm aus Stahlbeton."], qty: 96, unit: "m3" },
          {
            rno: "0070",
            short: "Betonstahl B500B liefern und verlegen",
            long: ["Betonstahl B500B, Stabstahl, alle Durchmesser."],
            qty: 905,
            unit: "t",
          },
          {
            rno: "0080",
            short: "Betonstahlmatten B500A liefern und verlegen",
            long: ["Lagermatten liefern und verlegen."],
            qty: 212,
            unit: "t",
          },
        ],
      },
    ],
  },

  // Written after the rules, with wording the rules were not tuned on (expectations fixed
  // before the first run): other phrasings of the same contract clauses.
  {
    name: "vertrag-varianten",
    project: "Neubau Sporthalle Realschule Talblick",
    boq: "LV 100 Rohbau Sporthalle",
    addText: {
      heading: "Zusätzliche Vertragsbedingungen",
      paragraphs: [
        "Allgemeines: Grundlage des Vertrages sind die VOB Teile B und C.",
        "Termine: Arbeitsbeginn KW 18/2026, Fertigstellung KW 30/2027.",
        "Preisgleitklausel: keine.",
        "Die Vertragsstrafe beträgt je Werktag der Überschreitung 0,25 v. H. der Netto-Schlussrechnungssumme; sie wird auf 5 v. H. begrenzt.",
        "Eine Vertragsstrafe für Zwischentermine wird nicht vereinbart.",
        "Gewährleistungsfrist: 6 Jahre nach Abnahme, für Dachabdichtungen 10 Jahre.",
        "Mängelbürgschaft: 5 % der Schlussrechnungssumme.",
        "Vertragserfüllungsbürgschaft: 7,5 % der Auftragssumme.",
        "Die Kosten für Baustrom, Bauwasser und die Bauleistungsversicherung werden anteilig mit 1,2 % von der Schlussrechnung abgezogen.",
        "Das Umsetzen der Schutzzäune für den Anliegerverkehr ist mit den Einheitspreisen abgegolten.",
        "Die Leistungsmengen werden aus den Ausführungsplänen ermittelt; ein gemeinsames Aufmaß erfolgt nur bei Abweichungen.",
      ],
    },
    body: [
      { rno: "01", label: "Baustelleneinrichtung", children: [be(), bauzaun("0020", 260)] },
      {
        rno: "02",
        label: "Erdarbeiten",
        children: [
          { rno: "0010", short: "Baugrube ausheben", long: ["Baugrube geböscht ausheben, Tiefe bis 1,50 m."], qty: 1320, unit: "m3" },
          {
            rno: "0020",
            short: "Aushub abfahren und verwerten",
            long: ["Boden laden, abfahren und verwerten, Z 0."],
            qty: 1050,
            unit: "m3",
          },
        ],
      },
      {
        rno: "03",
        label: "Stahlbetonarbeiten",
        children: [
          {
            rno: "0010",
            short: "Einzelfundamente C25/30",
            long: ["Einzelfundamente aus Stahlbeton C25/30, einschließlich Nachbehandlung."],
            qty: 84,
            unit: "m3",
          },
          {
            rno: "0020",
            short: "Bodenplatte C25/30, d = 20 cm",
            long: ["Bodenplatte aus Stahlbeton C25/30, Dicke 20 cm, einschließlich Nachbehandlung."],
            qty: 236,
            unit: "m3",
          },
          { rno: "0030", short: "Randschalung", long: ["Randschalung Bodenplatte und Fundamente."], qty: 180, unit: "m2" },
          { rno: "0040", short: "Betonstahl B500B", long: ["Betonstahl liefern und verlegen."], qty: 31, unit: "t" },
        ],
      },
    ],
  },

  // The same for trades: other words for the same work.
  {
    name: "rohbau-varianten",
    project: "Wohnanlage Birkenweg, Haus 2",
    boq: "LV 100 Erd-, Maurer- und Betonarbeiten",
    body: [
      {
        rno: "01",
        label: "Baustelleneinrichtung",
        children: [
          {
            rno: "0010",
            short: "Baustelle einrichten und räumen",
            long: ["Einrichten und Räumen der Baustelle mit allen Geräten und Unterkünften."],
            qty: 1,
            unit: "psch",
            lumpSum: true,
          },
        ],
      },
      {
        rno: "02",
        label: "Erdarbeiten",
        children: [
          {
            rno: "0010",
            short: "Kellergeschoss ausschachten",
            long: [
              "Aushub für das Kellergeschoss, Homogenbereich B1, Tiefe bis 2,80 m, Böschungen 60°.",
              "Aushubmaterial auf der Baustelle zwischenlagern.",
            ],
            qty: 980,
            unit: "m3",
          },
          {
            rno: "0020",
            short: "Hinterfüllung der Kellerwände",
            long: ["Arbeitsraum mit Kiessand 0/32 lagenweise hinterfüllen und verdichten."],
            qty: 210,
            unit: "m3",
          },
        ],
      },
      {
        rno: "03",
        label: "Beton- und Stahlbetonarbeiten",
        children: [
          {
            rno: "0010",
            short: "Ortbeton C 30/37 für Kellerwände, d = 30 cm",
            long: ["Kelleraußenwände aus Ortbeton C 30/37, WU, Dicke 30 cm."],
            qty: 60,
            unit: "m3",
          },
          { rno: "0020", short: "Schalung Kellerwände, zweiseitig", long: ["Wandschalung zweiseitig, glatt."], qty: 390, unit: "m2" },
          {
            rno: "0030",
            short: "Ortbeton C 25/30 für Decke über KG, d = 20 cm",
            long: ["Decke über Kellergeschoss aus Ortbeton C 25/30, Dicke 20 cm, einschließlich Schalung."],
            qty: 36,
            unit: "m3",
          },
          {
            rno: "0040",
            short: "Bewehrungsstahl BSt 500 S, geschnitten und gebogen",
            long: ["Bewehrungsstahl liefern und verlegen."],
            qty: 9,
            unit: "t",
          },
        ],
      },
      {
        rno: "04",
        label: "Maurerarbeiten",
        children: [
          {
            rno: "0010",
            short: "Horizontalsperre unter Wänden",
            long: ["Horizontalsperre aus besandeter Bitumenbahn."],
            qty: 95,
            unit: "m",
          },
          {
            rno: "0020",
            short: "Hintermauerwerk aus Hochlochziegeln HLz 12-0,9, 24 cm",
            long: ["Mauerwerk aus Hochlochziegeln, Normalmörtel MG IIa."],
            qty: 310,
            unit: "m2",
          },
          {
            rno: "0030",
            short: "Innenwände KS-L 11,5 cm",
            long: ["Nichttragende Innenwände aus Kalksand-Lochsteinen."],
            qty: 180,
            unit: "m2",
          },
          { rno: "0040", short: "Stahlbeton-Fertigteilstürze", long: ["Fertigteilstürze für Wanddicke 24 cm."], qty: 22, unit: "St" },
          stunden("0050", "Stundenlohnarbeiten Maurer", 20),
        ],
      },
    ],
  },

  // Blind as well: the rules the other LVs do not exercise.
  {
    name: "fassade-sanierung-luecken",
    project: "Energetische Sanierung Wohnblock Lindenhof 3–7",
    boq: "LV 300 Fassade, Balkone, Aufzugsanbau",
    addText: {
      heading: "Vorbemerkungen",
      paragraphs: [
        "Die Arbeiten werden im bewohnten Zustand ausgeführt; Zugänge zu den Wohnungen sind jederzeit freizuhalten.",
        "Arbeitszeiten: Montag bis Freitag 7 bis 18 Uhr. Lärmintensive Arbeiten sind den Mietern zwei Tage vorher anzukündigen.",
        "Bei Terminüberschreitung wird eine Vertragsstrafe in Höhe von 0,15 % der Auftragssumme pro Arbeitstag fällig.",
        "Lagerflächen stehen im Innenhof in begrenztem Umfang zur Verfügung; Baustrom und Bauwasser werden vom Auftraggeber an einem Übergabepunkt bereitgestellt.",
      ],
    },
    body: [
      { rno: "01", label: "Baustelleneinrichtung", children: [be()] },
      {
        rno: "02",
        label: "Abbruch",
        children: [
          {
            rno: "0010",
            short: "Abbruch Balkonplatten aus Stahlbeton",
            long: ["Vorhandene Balkonkragplatten abbrechen, Bewehrung trennen."],
            qty: 230,
            unit: "m2",
          },
          { rno: "0020", short: "Rückbau vorhandener Balkongeländer", long: ["Stahlgeländer demontieren."], qty: 160, unit: "m" },
        ],
      },
      {
        rno: "03",
        label: "Wärmedämmverbundsystem",
        children: [
          {
            rno: "0010",
            short: "WDVS Mineralwolle 140 mm, mineralischer Oberputz",
            long: ["Wärmedämmverbundsystem mit Mineralwolle-Lamellen, WLS 040, geklebt und gedübelt, Oberputz Kratzputz 2 mm."],
            qty: 1850,
            unit: "m2",
          },
          {
            rno: "0020",
            short: "Sockeldämmung XPS 100 mm",
            long: ["Sockeldämmung aus XPS bis 30 cm unter Gelände."],
            qty: 180,
            unit: "m2",
          },
          {
            rno: "0030",
            short: "Fensterbankverlängerung Aluminium",
            long: ["Vorhandene Fensterbänke mit Aluminium-Aufsteckprofilen verlängern."],
            qty: 100,
            unit: "St",
          },
        ],
      },
      {
        rno: "04",
        label: "Balkone neu",
        children: [
          {
            rno: "0010",
            short: "Balkonplatten aus Ortbeton C30/37 XF4, d = 18 cm",
            long: ["Balkonplatten aus Stahlbeton C30/37, XC4, XF4, Dicke 18 cm, mit Gefälle, einschließlich Nachbehandlung."],
            qty: 42,
            unit: "m3",
          },
          {
            rno: "0020",
            short: "Betonstahl B500B liefern und verlegen",
            long: ["Betonstahl liefern, schneiden, biegen und verlegen."],
            qty: 5.5,
            unit: "t",
          },
          {
            rno: "0030",
            short: "Balkongeländer Stahl verzinkt",
            long: ["Geländer aus Flachstahl, feuerverzinkt, Höhe 1,00 m."],
            qty: 160,
            unit: "m",
          },
        ],
      },
      {
        rno: "05",
        label: "Erdarbeiten Aufzugsanbau",
        children: [
          {
            rno: "0010",
            short: "Baugrube für Aufzugsanbau ausheben",
            long: ["Baugrube ausheben, Tiefe bis 2,50 m, Homogenbereich B1."],
            qty: 160,
            unit: "m3",
          },
          { rno: "0020", short: "Aushub abfahren und entsorgen", long: ["Aushub laden, abfahren und verwerten."], qty: 160, unit: "m3" },
        ],
      },
      {
        rno: "06",
        label: "Schutzmaßnahmen",
        children: [
          {
            rno: "0010",
            short: "Schutzabdeckung Fenster und Türen mit Folie",
            long: ["Fenster, Türen und Belagsflächen mit Folie abkleben und schützen."],
            qty: 5000,
            unit: "m2",
          },
          stunden("0020", "Stundenlohnarbeiten Facharbeiter", 100),
        ],
      },
    ],
  },
];

mkdirSync(OUT, { recursive: true });
for (const lv of LVS) {
  writeFileSync(join(OUT, `${lv.name}.x83`), gaeb(lv));
  console.log(`${lv.name}.x83`);
}
