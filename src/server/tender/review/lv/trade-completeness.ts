// Work a trade normally needs – the estimator's checklist, one row per trade.
//
// A trade is recognised from the short texts of the LV's items (`recognise`, minus `exclude`).
// For each companion work the LV is searched – item short and long texts, titles, remarks and the
// preamble – for its `keywords`. A mention counts unless the sentence says the work is paid in a
// separate position ("wird gesondert vergütet", "siehe Pos. …"). Inside the trade's own items a
// mention counts only with inclusion wording ("einschließlich Schalung"): "Estrich auf
// Dämmschicht" does not say who supplies the Dämmschicht – unless `anyMention` is set, where the
// mention itself answers the question ("Baugrube mit Böschungswinkel 60°"). Only when nothing is
// found does the LV get a question.
//
// All patterns run on folded text: lowercase, umlauts as ae/oe/ue, ß as ss ("boeschung").
// To add a companion, append a row with a unique id and add a matching and a non-matching
// example to lv-rules.test.ts.

import type { Severity } from "../types";

export interface CompanionWork {
  /** Rule id of the question. */
  id: string;
  /** What is missing, as the finding's title names it: "Bewehrung (Betonstahl)". */
  label: string;
  /** Wording that shows the work is in the LV (or settled elsewhere). */
  keywords: RegExp;
  /** Only asked when one of the trade's items (short or long text) matches this. */
  onlyWhen?: RegExp;
  /** A further condition on one of the trade's positions (folded text). */
  when?: (text: string) => boolean;
  /** A mention inside the trade's own items answers the question even without "einschließlich". */
  anyMention?: boolean;
  /** A mention counts only in a sentence that also matches this ("Abdichtung" of the window
   *  joint, not of the bathroom). */
  context?: RegExp;
  severity: Severity;
  /** Why it matters for the calculation. */
  reason: string;
  /** The question to the owner, worded as a question, never as a certainty. */
  question: string;
  basis?: string;
}

export interface TradeCompleteness {
  /** The trade as the finding names it: "Stahlbetonarbeiten". */
  trade: string;
  /** Recognises the trade in an item's short text. */
  recognise: RegExp;
  /** Items whose short text matches this do not count for the trade. */
  exclude?: RegExp;
  /** Items of the trade needed before the trade counts as present; default 1. (Any LV needs
   *  MIN_LV_ITEMS items with text before it is checked for completeness at all.) */
  minItems?: number;
  companions: CompanionWork[];
}

/** The depth a text states ("Aushubtiefe bis 1,50 m", "Tiefe 0,80 m"), in metres; null when none. */
export function statedDepth(text: string): number | null {
  const m = /(?:tiefe|aushubtiefe|abtragstiefe)\s*(?:bis|ca\.?|von|=|:)?\s*(\d+(?:,\d+)?)\s*(cm|m)\b/.exec(text);
  if (!m) return null;
  const value = Number(m[1].replace(",", "."));
  return m[2] === "cm" ? value / 100 : value;
}

const DISPOSAL =
  /abfahr|abfuhr|abtransport|entsorg|deponie|verwert|kippe\b|wegschaff|aufladen|\bladen\b|(schutt|abfall|absetz)container|\bmulden?\b/;

export const TRADE_COMPLETENESS: TradeCompleteness[] = [
  {
    trade: "alle Gewerke",
    recognise: /./,
    minItems: 5,
    companions: [
      {
        id: "fehlt-baustelleneinrichtung",
        label: "Baustelleneinrichtung",
        keywords:
          /baustelleneinricht|baustellen-einricht|baustelle\w*\s+(einricht|raeum|vorhalt)|einrichten\s+(und\s+raeumen\s+)?der\s+baustelle|\bbe\s+(einricht|vorhalt|raeum)|baustellengemeinkosten|gemeinkosten\s+der\s+baustelle|bauzaun|baucontainer|tagesunterkunft|bauwagen/,
        anyMention: true,
        severity: "hinweis",
        reason:
          "Einrichten, Vorhalten und Räumen der Baustelle (Unterkünfte, Lager, Geräte, Baustrom/-wasser, Zaun) sind ein eigener Kostenblock.",
        question:
          "Ist die Baustelleneinrichtung an anderer Stelle ausgeschrieben (anderes Gewerk/Los, Stellung durch den Auftraggeber) oder vom Bieter in die Einheitspreise einzurechnen?",
        basis: "VOB/C DIN 18299 Abschnitt 0.2 und 4.1; § 7 Abs. 1 Nr. 1 VOB/A",
      },
    ],
  },
  {
    trade: "Erdarbeiten",
    recognise:
      /aushub|aushebe|ausheben|ausschacht|abgraben|boden\s+loesen|loesen\s+(und|,)|baugrube|bodenabtrag|oberboden|erdarbeit|abtragen\s+des\s+bodens|bodenmassen/,
    exclude: /verfuell|wiedereinbau|andecken|einbauen|abfahr|abfuhr|entsorg|deponie|laden\b/,
    companions: [
      {
        id: "fehlt-erdarbeiten-entsorgung",
        label: "Abfuhr/Entsorgung des Aushubs",
        keywords: DISPOSAL,
        onlyWhen: /aushub|ausheben|ausschacht|abgraben|boden\s+loesen|baugrube|bodenaushub|erdaushub/,
        anyMention: true,
        // Disposal of soil, not of Bauschutt.
        context: /boden|aushub|erd|zuordnungsklasse|\bz\s?[0-2]|laga|ueberschuss|ueberschuessig|baugrube/,
        severity: "warnung",
        reason:
          "Laden, Transport und Deponie- bzw. Verwertungsgebühren (je nach Zuordnungsklasse) machen oft mehr aus als das Lösen des Bodens.",
        question:
          "Ist die Abfuhr und Entsorgung des überschüssigen Bodens an anderer Stelle ausgeschrieben (anderes Gewerk/Los) oder vom Bieter einzurechnen – und mit welcher Zuordnungsklasse?",
        basis: "VOB/C DIN 18300 Abschnitt 0.2 und 4.2; § 7 Abs. 1 Nr. 6 VOB/A",
      },
      {
        id: "fehlt-erdarbeiten-baugrubensicherung",
        label: "Verbau oder Böschung der Baugrube",
        keywords: /verbau|boeschung|geboescht|boeschen|spundwand|baugrubensicherung|bohlwand|berliner|kanaldiele|unterfangung/,
        onlyWhen: /baugrube|kelleraushub|aushubtiefe|\btiefe\s+(bis|ueber|von)\s+\d/,
        // Up to 1,25 m a trench needs neither (DIN 4124 4.2.2); a topsoil strip is no pit at all.
        when: (text) => !/oberboden|mutterboden/.test(text) && (statedDepth(text) ?? Infinity) > 1.25,
        anyMention: true,
        severity: "hinweis",
        reason:
          "Ob die Baugrube geböscht oder verbaut wird, bestimmt Aushubmenge, Platzbedarf und Kosten; ein Verbau ist eine eigene Leistung.",
        question:
          "Ist die Baugrube geböscht herzustellen oder ist ein Verbau nötig – und ist dieser an anderer Stelle ausgeschrieben (anderes Gewerk/Los) oder vom Bieter einzurechnen?",
        basis: "VOB/C DIN 18300 Abschnitt 0.2 und DIN 4124; § 7 Abs. 1 Nr. 6 VOB/A",
      },
    ],
  },
  {
    trade: "Stahlbetonarbeiten",
    // Strength classes C16/20 … C50/60; lean concrete (C8/10, C12/15) is not reinforced.
    recognise: /stahlbeton|\bstb\b|\bstb-|ortbeton|betonwand|betonwaende|betondecke|\bc\s?(16|20|25|30|35|40|45|50)\/\d{2}\b/,
    exclude:
      /sauberkeitsschicht|magerbeton|unbewehrt|fertigteil|estrich|pflaster|bordstein|\bc\s?(8|12)\/\d{2}|betonstahl|bewehrung|schalung|sturz|stuerze|fuellbeton|sanier|abbruch|rueckbau|abbrechen|bohr|saeg|schneid|beschicht|anstrich|nachbehandl|daemm|abdicht|fugenblech|fugenband|erder/,
    companions: [
      {
        id: "fehlt-beton-bewehrung",
        label: "Bewehrung (Betonstahl)",
        keywords:
          /bewehrung|betonstahl|baustahl|stabstahl|stahlmatte|lagermatte|listenmatte|\bmatten\b|\bb\s?500|\bbst\s?500|\bstahllisten?\b/,
        severity: "warnung",
        reason: "Betonstahl macht im Hochbau typischerweise 60–200 kg je m³ Stahlbeton aus und ist ein wesentlicher Kostenanteil.",
        question:
          "Ist die Bewehrung an anderer Stelle ausgeschrieben (anderes Gewerk/Los, Beistellung durch den Auftraggeber) oder vom Bieter in die Betonpreise einzurechnen?",
        basis: "VOB/C DIN 18331 Abschnitt 0.2 und 5; § 7 Abs. 1 Nr. 1 VOB/A",
      },
      {
        id: "fehlt-beton-schalung",
        label: "Schalung",
        keywords: /schalung|geschalt|schalen\b|schaltafel|verlorene\s+schal|schalungsstein/,
        severity: "warnung",
        reason:
          "Schalung ist nach VOB/C gesondert abzurechnen (m² geschalte Fläche) und bei Wänden und Decken oft teurer als der Beton selbst.",
        question: "Ist die Schalung an anderer Stelle ausgeschrieben (anderes Gewerk/Los) oder vom Bieter in die Betonpreise einzurechnen?",
        basis: "VOB/C DIN 18331 Abschnitt 0.5 und 5; § 7 Abs. 1 Nr. 1 VOB/A",
      },
      {
        id: "fehlt-beton-nachbehandlung",
        label: "Nachbehandlung des Betons",
        keywords: /nachbehandl|verdunstungsschutz|feucht\s*halten|feuchthalten|curing|nachbehandlungsmittel/,
        anyMention: true,
        severity: "hinweis",
        reason:
          "Die Nachbehandlung nach DIN EN 13670/DIN 1045-3 ist geschuldet; Aufwand (Abdecken, Feuchthalten, Nachbehandlungsmittel, Winterschutz) hängt von Jahreszeit und Expositionsklasse ab.",
        question:
          "Ist die Nachbehandlung des Betons mit den Betonpreisen abgegolten oder werden besondere Maßnahmen (z. B. Abdeckungen, Wärmeschutz im Winter) an anderer Stelle ausgeschrieben?",
        basis: "VOB/C DIN 18331 Abschnitt 3; DIN EN 13670 / DIN 1045-3",
      },
    ],
  },
  {
    trade: "Mauerwerksarbeiten",
    recognise:
      /mauerwerk|mauern\b|\bks\b|kalksandstein|ziegelmauer|ziegel-mauer|mauerziegel|planziegel|hochlochziegel|vollziegel|ziegelwand|porenbeton|planstein|\bhlz\b|mauerstein|vormauer|verblendmauer/,
    exclude:
      /abbruch|rueckbau|abbrechen|durchbruch|schlitz|stemm|anker|sturz|stuerze|daemm|putz|sanier|verfug|reinig|ausbesser|dach|first|ortgang|traufe|abdicht|sperr|ringbalken|zulage/,
    companions: [
      {
        id: "fehlt-mauerwerk-stuerze",
        label: "Stürze/Ringbalken",
        keywords: /sturz|stuerze|ringbalken|ringanker|rollladenkasten|rolladenkasten|\bueberzug|oeffnungen?\s+ueberdeck/,
        severity: "hinweis",
        reason:
          "Öffnungen im Mauerwerk brauchen Stürze, Decken aufliegender Wände oft Ringbalken/Ringanker – je Stück bzw. Meter eine eigene Leistung.",
        question:
          "Sind Stürze und Ringbalken an anderer Stelle ausgeschrieben (Stahlbetonarbeiten, anderes Los) oder vom Bieter einzurechnen?",
        basis: "VOB/C DIN 18330 Abschnitt 0.2 und 4.2; § 7 Abs. 1 Nr. 1 VOB/A",
      },
      {
        id: "fehlt-mauerwerk-abdichtung",
        label: "Querschnittsabdichtung",
        keywords: /abdicht|sperrbahn|horizontalsperre|mauersperr|sperrschicht|bitumenbahn|besandete/,
        context: /wand|waende|mauer|querschnitt|horizontal|sperr|sockel|erdberuehrt/,
        severity: "hinweis",
        reason: "Wände auf Bodenplatten und im Erdreich brauchen eine Querschnittsabdichtung nach DIN 18533; sie ist eine eigene Leistung.",
        question:
          "Ist die Querschnittsabdichtung (Mauersperrbahn) unter den Wänden an anderer Stelle ausgeschrieben (Abdichtungsarbeiten, anderes Los) oder vom Bieter einzurechnen?",
        basis: "DIN 18533; VOB/C DIN 18330 Abschnitt 0.2",
      },
    ],
  },
  {
    trade: "Fensterarbeiten",
    recognise: /fenster|fenstertuer|fensterelement|pfosten-riegel|hebeschiebe|fassadenelement/,
    exclude:
      /fensterbank|fensterbaenke|anschluss|abdicht|reinig|anstrich|abbruch|ausbau|rueckbau|sanier|leibung|laibung|sturz|schutz|putz|wartung|einstell|dachflaechenfenster|fensterladen|sonnenschutz|rollladen|raffstore|insektenschutz/,
    companions: [
      {
        id: "fehlt-fenster-anschluss",
        label: "Bauanschluss/Abdichtung der Fensterfuge",
        keywords:
          /abdicht|dichtband|dichtstoff|kompriband|vorkomprimiert|quellband|multifunktionsband|fugendicht|anschlussfolie|anschlussband|fensterfolie|dampfsperr|dampfbrems|luftdicht|schlagregendicht|bauanschluss|anschlussfuge|montageleitfaden|ral[- ]?montage|ral[- ]?leitfaden|leitfaden\s+zur\s+(planung\s+und\s+)?(ausfuehrung|montage)/,
        context: /fenster|anschlussfuge|bauanschluss|baukoerperanschluss|laibung|leibung|\bral\b|montage/,
        severity: "warnung",
        reason:
          "Die luftdichte und schlagregendichte Anschlussfuge (innen dicht, außen diffusionsoffen, „RAL-Montage“) kostet je Fenster einen erheblichen Betrag und wird gern übersehen.",
        question:
          "Ist der Bauanschluss der Fenster (Abdichtung innen/außen, Fugendämmung) an anderer Stelle ausgeschrieben oder vom Bieter in die Fensterpreise einzurechnen?",
        basis: "VOB/C DIN 18355 und DIN 18360 Abschnitt 3; DIN 4108-7; § 7 Abs. 1 Nr. 1 VOB/A",
      },
    ],
  },
  {
    trade: "Estricharbeiten",
    recognise: /estrich/,
    exclude:
      /abbruch|rueckbau|entfern|schleif|grundier|sanier|ausgleich|spachtel|reparatur|randstreifen|daemm|fuge|trennlage|abdeck|belegreif|messung|zulage|kehle/,
    companions: [
      {
        id: "fehlt-estrich-daemmung",
        label: "Dämmschicht/Randstreifen unter dem Estrich",
        keywords: /daemm|trittschall|randstreifen|\beps\b|\bewm\b|mineralwolle|polystyrol/,
        onlyWhen: /schwimmend|heizestrich|auf\s+(der\s+)?(trittschall|waerme)?daemm|auf\s+daemmschicht/,
        context: /estrich|trittschall|fussboden|boden|randstreifen|randdaemm/,
        severity: "hinweis",
        reason: "Ein schwimmender Estrich liegt auf Wärme-/Trittschalldämmung mit Randstreifen; diese Schichten sind eigene Leistungen.",
        question:
          "Sind Dämmschicht und Randstreifen unter dem schwimmenden Estrich an anderer Stelle ausgeschrieben (anderes Gewerk/Los) oder vom Bieter einzurechnen?",
        basis: "VOB/C DIN 18353 Abschnitt 0.2; DIN 18560-2",
      },
    ],
  },
  {
    trade: "Dacharbeiten",
    recognise:
      /dachdeck|dacheindeck|dachziegel|dachstein|dachabdicht|flachdachabdicht|dachbahn|steildach|flachdach|dachlattung|konterlatt|unterdeckbahn|unterspannbahn|attika|dachrinne/,
    // "Attika Stahlbeton" is concrete work of the Rohbau, not roofing.
    exclude: /dachflaechenfenster|abbruch|rueckbau|reinig|wartung|inspektion|stahlbeton|\bbeton|\bstb\b|c\d{2}\/\d{2}|schalung|bewehrung/,
    companions: [
      {
        id: "fehlt-dach-absturzsicherung",
        label: "Absturzsicherung/Gerüst",
        keywords:
          /absturz|seitenschutz|dachfang|fanggeruest|geruest|sicherheitsnetz|schutznetz|auffangnetz|anschlagpunkt|anschlageinricht|sekurant|sicherungsseil|\bpsa\b|arbeitsbuehne|hubsteiger/,
        anyMention: true,
        severity: "hinweis",
        reason:
          "Arbeiten am Dach erfordern Absturzsicherungen (Seitenschutz, Dachfanggerüst oder Anschlageinrichtungen); Gerüste sind oft ein eigenes Gewerk.",
        question:
          "Sind Gerüst und Absturzsicherung an anderer Stelle ausgeschrieben (Gerüstbau, anderes Los) oder vom Bieter einzurechnen?",
        basis: "ASR A2.1; VOB/C DIN 18451; § 7 Abs. 1 Nr. 1 VOB/A",
      },
    ],
  },
  {
    trade: "Fassadenarbeiten",
    recognise: /wdvs|waermedaemmverbund|aussenputz|fassadenputz|fassadenanstrich|fassadenbekleidung|verblendmauerwerk|vorhangfassade/,
    exclude: /abbruch|rueckbau|reinig|ausbesser/,
    companions: [
      {
        id: "fehlt-fassade-geruest",
        label: "Fassadengerüst",
        keywords: /geruest|hubsteiger|arbeitsbuehne|hebebuehne|steiger/,
        anyMention: true,
        severity: "hinweis",
        reason: "Für Arbeiten an der Fassade ist ein Gerüst nötig; es wird je m² und Vorhaltewoche kalkuliert und ist oft ein eigenes Los.",
        question:
          "Ist das Fassadengerüst an anderer Stelle ausgeschrieben (Gerüstbau, anderes Los, Beistellung) oder vom Bieter einzurechnen?",
        basis: "VOB/C DIN 18451; DIN 18345 bzw. DIN 18350 Abschnitt 4.2",
      },
    ],
  },
  {
    trade: "Abbrucharbeiten",
    recognise: /abbruch|abbrechen|rueckbau|rueckbauen|abreissen|demontieren\s+und|ausbauen\s+und/,
    exclude: /entsorg|abfahr|deponie|container/,
    companions: [
      {
        id: "fehlt-abbruch-entsorgung",
        label: "Entsorgung des Abbruchmaterials",
        keywords: DISPOSAL,
        anyMention: true,
        // Disposal of Bauschutt and Abbruchmaterial, not of soil.
        context:
          /schutt|abbruch|rueckbau|abfall|baumisch|mischabfall|sortier|recycl|material|beton|mauerwerk|stahl|metall|schrott|holz|container|mulde/,
        severity: "warnung",
        reason:
          "Sortieren, Laden, Transport und Entsorgungsgebühren hängen von Menge und Belastung des Materials ab und sind ein großer Kostenanteil.",
        question:
          "Ist die Entsorgung des Abbruchmaterials an anderer Stelle ausgeschrieben (anderes Gewerk/Los) oder vom Bieter einzurechnen?",
        basis: "VOB/C DIN 18459 Abschnitt 0.2 und 4.2; § 7 Abs. 1 Nr. 6 VOB/A",
      },
    ],
  },
];
