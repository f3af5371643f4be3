// The pre-check rules for the estimator (Kalkulator), one row per rule.
//
// To add a rule, append a row: id, German title, severity, category, `test` (a predicate) or
// `patterns` (regexes on the folded owner text, see PrecheckRule), German `why`, and `basis` where
// a VOB provision applies. Then add one matching and one non-matching example to
// rules.test.ts – the test fails for rules without examples.
//
// Severity: "hinweis" = beachten, "warnung" = klären oder gezielt einpreisen,
// "risiko" = erhebliches Kosten- oder Vertragsrisiko.

import { fold } from "../text";
import { isImplausible } from "./lv/quantity-ranges";
import { isDocumentProvided } from "./provided-documents";
import { headline, isLumpSum, normaliseUnit, unitClass } from "./position-facts";
import type { BoqNode } from "../types";
import type { PrecheckRule } from "./types";

/** Brand names often written into LVs instead of a neutral description; extend by appending a
 *  name. Matched as word beginnings, so compounds like "Rigipsplatte" count too. */
const BRAND_NAMES = `
  Knauf Rigips Siniat Fermacell Sika Schöck Hilti Fischer Würth Wienerberger Poroton Ytong Xella
  Silka Porotherm Unipor Rockwool Isover Kingspan Geberit Viega Grohe Hansgrohe Kaldewei Villeroy
  Keramag Duravit Uponor Rehau Buderus Viessmann Vaillant Dyckerhoff Remmers Schlüter Ardex Mapei
  Baumit Caparol Brillux Jansen Velux Hörmann Kömmerling Schüco Gira Busch-Jaeger Dörken Bauder
  Halfen
`
  .trim()
  .split(/\s+/);

const brandPattern = new RegExp(`\\b(${BRAND_NAMES.map((b) => fold(b).replace(/[-.]/g, "\\$&")).join("|")})`);
/** Work that is normally offered as a lump sum: no quantity risk worth a warning. */
export const USUAL_LUMP_SUM =
  /baustelleneinricht|\bbe\b|einricht|raeumen|inbetriebnahme|einregul|abgleich|einweis|druckprob|dichtheitspr|erstpruef|abnahmepruef|messprotokoll|spuel|vertikaltransport|materialtransport|transport|dokumentation|bestandsplaen|revisionsunterlag|bauschild|baustrom|bauwasser|winterbau|werkplan|werkstattplan|montageplan|werkstattzeichnung|montagezeichnung|verkehrssicherung/;

const hasQuantity = (p: BoqNode) => p.qty !== null && p.qty > 0;

/** The text says the material is free of the matched pollutant: "teerfrei", "asbestfrei", "frei
 *  von Schadstoffen", or a measured value under a limit ("PAK < 25 mg/kg", "PAK unter 25 mg/kg"). */
function statedFreeOf(matched: string, text: string): boolean {
  const what = /^(pak|teer)/.test(matched) ? "(?:teer|pak)" : /^asbest/.test(matched) ? "asbest" : null;
  if (/\b(?:schadstofffrei|frei\s+von\s+schadstoffen)\b/.test(text)) return true;
  if (!what) return false;
  return (
    new RegExp(String.raw`\b${what}(?:-)?frei\b|\bfrei\s+von\s+${what}`).test(text) ||
    new RegExp(String.raw`\b${what}\w*\s*(?:<|unter|kleiner\s+als)\s*\d+(?:,\d+)?\s*mg\/kg`).test(text)
  );
}

const OR_EQUIVALENT = /gleichwertig|\bglw\b|gleichw\./;

const QTY_PLACEHOLDER_UNITS = new Set(["area", "volume", "length", "mass"]);
/** Round estimates are judged only for measured work: 100 St or 40 h are normal ordering sizes. */
const ROUND_ESTIMATE_UNITS = new Set(["area", "volume", "length", "mass"]);
/** A round quantity (multiple of 100) from this size on, and this many times the median. */
const ROUND_ESTIMATE_MIN = 1_000;
const ROUND_ESTIMATE_MEDIAN_FACTOR = 20;
/** Cables and wires are taken off in round hundreds of metres (drums) and run to many times the
 *  other lengths of an electrical LV: a round figure there is no rough estimate. */
const ROUND_BY_NATURE = /\bny[my]\b|\bnyy-j|\bnym-j|\bnhxh|\bn2xh|kabel(?!rinne|kanal|leiter|trasse)|mantelleitung|installationsleitung/;

export const PRECHECK_RULES: PrecheckRule[] = [
  // ── Positionsarten ──────────────────────────────────────────────────────────────────────
  {
    id: "bedarfsposition",
    title: "Bedarfs-/Eventualposition",
    severity: "warnung",
    category: "positionsart",
    // A correctly marked Bedarfsposition with a quantity is ordinary (the LV shows its kind); a
    // finding only where something is wrong: no quantity to price, or counted in the bid sum.
    test: (p) => p.flags.provisional !== null && (!hasQuantity(p) || p.flags.provisional === "WithTotal"),
    why: "Die Bedarfsposition hat keine Menge oder wird mit Gesamtbetrag in die Angebotssumme gerechnet. Klären, mit welcher Menge sie gewertet wird; der Einheitspreis bindet auch ohne Beauftragung. Baustellengemeinkosten nicht auf diese Position umlegen.",
    basis: "§ 7 Abs. 1 Nr. 4 VOB/A (Bedarfspositionen grundsätzlich nicht aufzunehmen)",
  },
  {
    id: "wahlposition",
    title: "Wahlposition (Alternative)",
    severity: "hinweis",
    category: "positionsart",
    // An ordinary Wahlposition with a quantity is no question (a missing Grundposition is the
    // LV rule wahlposition-ohne-grundposition).
    test: (p) => (p.flags.alternative?.serial ?? 0) >= 1 && !hasQuantity(p),
    why: "Die Wahlposition hat keine Menge; ohne Menge kann der Auftraggeber Grund- und Wahlposition nicht vergleichen. Menge erfragen und beide Varianten vollständig kalkulieren; die Wahlposition zählt nicht zur Angebotssumme.",
    basis: "§ 7 Abs. 1 Nr. 1 VOB/A (eindeutige Leistungsbeschreibung)",
  },
  {
    id: "pauschalposition",
    title: "Pauschalposition",
    severity: "warnung",
    category: "positionsart",
    // Baustelleneinrichtung, Inbetriebnahme, Prüfungen, Transport: lump sums by nature, no warning.
    test: (p) => isLumpSum(p) && !USUAL_LUMP_SUM.test(headline(p)),
    why: "Mehr- oder Mindermengen werden bei gleichbleibender Leistung nicht ausgeglichen. Umfang und Mengen selbst ermitteln (Pläne, Ortsbesichtigung) und Annahmen im Angebot festhalten.",
    basis: "§ 2 Abs. 7 VOB/B",
  },
  {
    id: "stundenlohn",
    title: "Stundenlohnarbeiten",
    severity: "hinweis",
    category: "positionsart",
    // Stundenlohn positions in hours are ordinary; a question only when the position cannot be
    // priced as hours: no quantity, or a unit that is no time (e.g. "1 psch Stundenlohnarbeiten").
    test: (p) => (p.flags.hourly || /stundenlohn/.test(headline(p))) && (!hasQuantity(p) || unitClass(p.unit) !== "hour"),
    why: "Die Stundenlohnposition hat keine Menge oder keine Zeiteinheit. Stundenlohnarbeiten werden nur vergütet, wenn sie vor Beginn ausdrücklich als solche vereinbart wurden; Verrechnungssatz und Stundenansatz klären.",
    basis: "§ 2 Abs. 10 und § 15 VOB/B; § 7 Abs. 1 Nr. 4 VOB/A",
  },
  {
    id: "schwerpunktposition",
    title: "Schwerpunktposition",
    severity: "hinweis",
    category: "positionsart",
    test: (p) => p.flags.keyItem,
    why: "Schwerpunktpositionen prägen das Preisniveau; der Auftraggeber prüft sie besonders und kann die Aufgliederung der Preise verlangen. Sorgfältig und nachvollziehbar kalkulieren.",
    basis: "§ 16d Abs. 1 VOB/A (Prüfung der Angemessenheit)",
  },
  {
    id: "position-entfaellt",
    title: "Position entfällt",
    severity: "hinweis",
    category: "positionsart",
    includeNotApplicable: true,
    test: (p) => p.flags.notApplicable,
    why: "Die Position oder ihr Abschnitt ist als entfallend gekennzeichnet. Nicht bepreisen und prüfen, ob zugehörige Leistungen in anderen Positionen stecken.",
  },
  {
    id: "nicht-angeboten",
    title: "Position nicht angeboten",
    severity: "warnung",
    category: "positionsart",
    test: (p) => p.flags.notOffered,
    why: "Fehlende Preise können nicht nachgereicht werden und führen zum Ausschluss, sofern die Position nicht unwesentlich ist.",
    basis: "§ 13 Abs. 1 Nr. 3 und § 16a Abs. 2 VOB/A",
  },
  {
    id: "nachtragsposition",
    title: "Nachtragsposition",
    severity: "hinweis",
    category: "positionsart",
    nachtragspotenzial: true,
    test: (p) => p.flags.changeOrder !== null,
    why: "Nachtragsposition (Change Order): den Preis aus der Urkalkulation fortschreiben und die Mehr- oder Minderkosten nachweisbar darstellen.",
    basis: "§ 2 Abs. 5 und 6 VOB/B",
  },
  {
    id: "zuschlagsposition",
    title: "Zuschlagsposition",
    severity: "hinweis",
    category: "positionsart",
    kinds: ["markup"],
    test: () => true,
    why: "Der Zuschlagssatz wirkt auf alle bezogenen Positionen. Bezug prüfen und den Zuschlag nicht zusätzlich in die Einheitspreise einrechnen.",
  },

  // ── Mengen ──────────────────────────────────────────────────────────────────────────────
  {
    id: "menge-fehlt",
    title: "Menge fehlt oder ist 0",
    severity: "warnung",
    category: "menge",
    test: (p) => !isLumpSum(p) && !p.flags.qtyTBD && (p.qty === null || p.qty === 0),
    why: "Ohne Vordersatz geht der Einheitspreis nicht in die Angebotssumme ein, bindet aber bei Ausführung; Gemeinkosten lassen sich nicht umlegen. Mengengrundlage beim Auftraggeber erfragen.",
    basis: "§ 7 Abs. 1 Nr. 1 VOB/A; § 2 Abs. 3 VOB/B",
  },
  {
    id: "menge-vom-bieter",
    title: "Menge vom Bieter zu ermitteln",
    severity: "warnung",
    category: "menge",
    test: (p) => p.flags.qtyTBD,
    why: "Der Bieter soll die Menge selbst ermitteln; das Mengenrisiko verlagert sich auf ihn. Ermittlung dokumentieren und im Angebot als Annahme kennzeichnen.",
    basis: "§ 7 Abs. 1 Nr. 3 VOB/A (kein ungewöhnliches Wagnis)",
  },
  {
    id: "menge-negativ",
    title: "Negative Menge",
    severity: "warnung",
    category: "menge",
    test: (p) => p.qty !== null && p.qty < 0,
    why: "Eine negative Menge ist meist ein Erfassungsfehler oder eine versteckte Minderleistung; vor der Kalkulation klären.",
  },
  {
    id: "menge-eins",
    title: "Menge 1 bei Aufmaßeinheit",
    severity: "hinweis",
    category: "menge",
    nachtragspotenzial: true,
    test: (p) => p.qty === 1 && QTY_PLACEHOLDER_UNITS.has(unitClass(p.unit)),
    why: "Die Menge 1 bei m, m², m³ oder t ist oft ein Platzhalter zur Einheitspreisabfrage. Die ausgeführte Menge kann stark abweichen – Gemeinkosten nicht auf diese Position umlegen.",
    basis: "§ 2 Abs. 3 VOB/B (Mengenänderung über 10 %)",
  },
  {
    id: "menge-auffaellig-gross",
    title: "Auffällig große, runde Menge",
    severity: "warnung",
    category: "menge",
    nachtragspotenzial: true,
    // Measured work (m², m³, m, t) only; a round figure (multiple of 100) of at least 1.000 and 20
    // times the median of the LV's items in this unit. Absurd sizes are left to
    // "menge-unplausibel", which says more about them.
    test: (p, ctx) => {
      const cls = unitClass(p.unit);
      if (!ROUND_ESTIMATE_UNITS.has(cls) || p.qty === null || p.qty < ROUND_ESTIMATE_MIN || p.qty % 100 !== 0) return false;
      if (cls === "length" && ROUND_BY_NATURE.test(headline(p))) return false;
      if (isImplausible(headline(p), cls, normaliseUnit(p.unit) === "kg" ? p.qty / 1000 : p.qty)) return false;
      const median = ctx.medianQty(p.unit);
      return median !== null && p.qty >= ROUND_ESTIMATE_MEDIAN_FACTOR * median;
    },
    why: "Eine runde Menge (ab 1.000, Vielfaches von 100) mehr als 20-mal so groß wie die übrigen Mengen dieser Einheit deutet auf eine grobe Schätzung hin. Menge anhand der Pläne prüfen; bei Abweichungen über 10 % kann ein neuer Preis verlangt werden.",
    basis: "§ 2 Abs. 3 VOB/B",
  },

  // ── Einheiten ───────────────────────────────────────────────────────────────────────────
  {
    id: "einheit-fehlt",
    title: "Einheit fehlt",
    severity: "hinweis",
    category: "einheit",
    test: (p) => p.qty !== null && p.unit.trim() === "" && !isLumpSum(p),
    why: "Ohne Mengeneinheit ist unklar, wie abgerechnet wird. Einheit beim Auftraggeber erfragen, bevor der Einheitspreis gebildet wird.",
    basis: "§ 7 Abs. 1 Nr. 1 VOB/A",
  },
  {
    id: "einheit-flaeche",
    title: "Flächenleistung mit Stück- oder Längeneinheit",
    severity: "hinweis",
    category: "einheit",
    // Joints, edge strips and skirtings of a screed or plaster are measured in m (DIN 18353/18350).
    test: (p) =>
      /\b\w*(flaeche|flaechen|estrich|putz)\b/.test(headline(p)) &&
      !/\w*(fuge|fugen|streifen|sockel|kante|kanten|profil|profile|anschluss|anschluesse|leiste|leisten|schiene|schienen|rinne|rinnen)\b/.test(
        headline(p),
      ) &&
      ["piece", "length"].includes(unitClass(p.unit)),
    why: "Der Kurztext beschreibt eine Flächenleistung (Fläche, Estrich, Putz), abgerechnet wird aber nach Stück oder Meter. Abrechnungseinheit klären, sonst stimmt die Preisbildung nicht.",
  },
  {
    id: "einheit-laenge",
    title: "Längenleistung mit Raummaß",
    severity: "hinweis",
    category: "einheit",
    test: (p) =>
      /\b\w*(fuge|fugen|kante|kanten|rohr|rohre|leitung|leitungen|kabel|rinne|rinnen|leiste|leisten|profil|profile|bordstein|bordsteine)\b/.test(
        headline(p),
      ) && unitClass(p.unit) === "volume",
    why: "Der Kurztext beschreibt eine Längenleistung (Fuge, Kante, Rohr …), die Einheit ist aber m³. Einheit klären.",
  },
  {
    id: "einheit-volumen",
    title: "Raumleistung mit Flächeneinheit",
    severity: "hinweis",
    category: "einheit",
    // Concrete per m² with a stated thickness is common (slabs, blinding), so only without one.
    test: (p) => {
      const text = headline(p);
      return (
        /\b\w*(aushub|beton)\b/.test(text) &&
        // work on a surface of concrete ("Schutz Beton", "Beton nachbehandeln") is measured in m²
        !/schutz|nachbehandl|abdeck|oberflaech|beschicht|anstrich|reinig|schleif|glaett|instandsetz|folie|daemm|winterbau/.test(text) &&
        !/sichtbeton|\b(d|h|dicke|staerke)\s*=|\d\s*(cm|mm)\b|\bdicke\b|\bstaerke\b/.test(text) &&
        unitClass(p.unit) === "area"
      );
    },
    why: "Der Kurztext beschreibt eine Raumleistung (Aushub, Beton) ohne Dickenangabe, die Einheit ist aber m². Schichtdicke oder Einheit klären.",
  },
  {
    id: "einheit-stunde",
    title: "Stundenleistung ohne Stundeneinheit",
    severity: "hinweis",
    category: "einheit",
    test: (p) => /stundenlohn|\b\w+stunden?\b/.test(headline(p)) && !["hour", "none"].includes(unitClass(p.unit)),
    why: "Der Kurztext nennt Stundenlohn oder Arbeitsstunden, die Einheit ist aber nicht h/Std. Abrechnungsart klären.",
    basis: "§ 2 Abs. 10 VOB/B",
  },

  // ── Bieterangaben ───────────────────────────────────────────────────────────────────────
  {
    id: "bieterangaben-offen",
    title: "Offene Bieterangaben",
    severity: "warnung",
    category: "bieterangaben",
    test: (p) => p.bidderGaps > 0,
    why: "Der Langtext enthält Lücken, die der Bieter ausfüllen muss (z. B. Fabrikat, Typ). Fehlende geforderte Angaben können zum Ausschluss führen.",
    basis: "§ 13 Abs. 1 Nr. 3 und § 16a VOB/A",
  },

  // ── Leistungsbeschreibung: unklare oder risikoverlagernde Formulierungen ─────────────────
  {
    id: "wahlrecht",
    title: "Wahlrecht im Text („nach Wahl des …“)",
    severity: "warnung",
    category: "leistungsbeschreibung",
    nachtragspotenzial: true,
    kinds: ["item", "remark"],
    // "nach Wahl des AN": the contractor's own choice is no risk for him (issue 24).
    patterns: [
      /\bnach\s+(freier\s+)?wahl\s+(des|der|von)\b(?!\s+(an|auftragnehmers?|bieters?|unternehmers?|nu|nachunternehmers?|ausfuehrenden)\b)/,
      /\bwahlweise\b/,
    ],
    why: "Die Ausführung ist nicht festgelegt. Die gewählte Variante im Angebot benennen; verlangt der Auftraggeber später eine andere, ist das eine geänderte Leistung.",
    basis: "§ 7 Abs. 1 Nr. 1 VOB/A; § 2 Abs. 5 VOB/B",
  },
  {
    id: "bauseits",
    title: "Bauseitige Leistung",
    severity: "hinweis",
    category: "leistungsbeschreibung",
    nachtragspotenzial: true,
    kinds: ["item", "remark"],
    patterns: [/\bbauseit(s|ig\w*)\b/],
    why: "Der Auftraggeber stellt etwas bei (Material, Vorleistung, Strom/Wasser). Umfang und Termin klären: verspätete oder mangelhafte Beistellungen behindern die eigene Leistung.",
    basis: "§ 4 Abs. 3 VOB/B (Bedenken); § 6 VOB/B (Behinderung)",
  },
  {
    id: "nebenleistungen-pauschal",
    title: "„inkl. aller Nebenleistungen“",
    severity: "warnung",
    category: "leistungsbeschreibung",
    nachtragspotenzial: true,
    kinds: ["item", "remark"],
    patterns: [
      /\b(inkl\.?|inklusive|incl\.?|einschl\.?|einschliesslich|samt)\s+(aller|allen|saemtlicher|saemtlichen)\s+(\w+\s+)?(neben|zusatz)\w*/,
      /\b(alle|saemtliche)\s+(erforderlichen\s+|notwendigen\s+)?nebenleistungen\b/,
    ],
    why: "Pauschal einbezogene „Nebenleistungen“ können Besondere Leistungen enthalten, die nach VOB/C gesondert zu vergüten wären. Umfang bestimmen und einpreisen oder im Angebot abgrenzen.",
    basis: "VOB/C DIN 18299 Abschnitt 4.1/4.2; § 2 Abs. 1 und 6 VOB/B; § 7 Abs. 1 Nr. 3 VOB/A",
  },
  {
    id: "keine-gesonderte-verguetung",
    title: "„wird nicht gesondert vergütet“",
    severity: "warnung",
    category: "leistungsbeschreibung",
    nachtragspotenzial: true,
    kinds: ["item", "remark"],
    patterns: [
      /\bnicht\s+(gesondert|besonders|extra|separat)\s+(verguetet|bezahlt|abgerechnet)/,
      /\bohne\s+(gesonderte|besondere|zusaetzliche)\s+verguetung\b/,
      /\bmit\s+de[mn]\s+(einheitspreis\w*|ep)\s+abgegolten\b/,
      /\beinzurechnen\b|\beinzukalkulieren\b/,
    ],
    why: "Leistungen werden in andere Preise verlagert. Den Aufwand ermitteln und in die genannten Einheitspreise einrechnen; unklare Abgrenzungen vor Angebotsabgabe klären.",
    basis: "§ 2 Abs. 1 VOB/B; § 2 Abs. 6 und 8 VOB/B bei darüber hinausgehenden Leistungen",
  },
  {
    id: "nach-angabe-ag",
    title: "Leistung „nach Angabe/Anweisung“",
    severity: "warnung",
    category: "leistungsbeschreibung",
    nachtragspotenzial: true,
    kinds: ["item", "remark"],
    patterns: [
      /\b(nach|gem\.?|gemaess|lt\.?|laut)\s+(angabe|anweisung|anordnung|vorgabe|festlegung|weisung|absprache)\w*\b(?!\s+(des|der|vom)\s+herstell)/,
      /\bin\s+abstimmung\s+mit\b/,
    ],
    // Stundenlohnarbeiten are ordered by nature ("nach Anordnung des AG"): no open scope.
    unless: [/stundenlohn/],
    // A Baustelleneinrichtung is priced as a whole by the bidder; "Bauschild nach Vorgabe AG",
    // "Aufzüge nach Absprache" are details of it, not open work.
    settledBy: (_matched, p) => isLumpSum(p) && USUAL_LUMP_SUM.test(headline(p)),
    why: "Die Leistung wird erst später durch den Auftraggeber oder die Bauleitung bestimmt und lässt sich heute nicht sicher kalkulieren. Spätere Festlegungen, die vom Kalkulationsansatz abweichen, sind Anordnungen.",
    basis: "§ 1 Abs. 3 und 4, § 2 Abs. 5 und 6 VOB/B",
  },
  {
    id: "nach-erfordernis",
    title: "Umfang „nach Erfordernis/Bedarf“",
    severity: "hinweis",
    category: "leistungsbeschreibung",
    nachtragspotenzial: true,
    kinds: ["item", "remark"],
    patterns: [/\bnach\s+(erfordernis|bedarf|aufwand)\b/, /\bbei\s+bedarf\b/, /\b(falls|soweit|sofern|wenn)\s+erforderlich\b/],
    // A Bedarfsposition is ordered as needed by its nature; its unit price covers each unit.
    settledBy: (_matched, p, ctx) =>
      p.flags.provisional !== null || /\bnur\s+auf\s+(besondere\s+)?anordnung\b|bedarfsposition|eventualposition/.test(ctx.text(p)),
    why: "Der Leistungsumfang ist offen. Annahme zum Umfang treffen und im Angebot festhalten; Mehrmengen über 10 % berechtigen zu einem neuen Preis.",
    basis: "§ 7 Abs. 1 Nr. 1 VOB/A; § 2 Abs. 3 VOB/B",
  },
  {
    id: "komplett",
    title: "„komplett“ / „betriebsfertig“",
    severity: "hinweis",
    category: "leistungsbeschreibung",
    kinds: ["item", "remark"],
    patterns: [/\bkomplett\w*/, /\bkpl\b/, /\bkompl\./, /\b(betriebs|schluessel|einbau)fertig\b/],
    why: "„Komplett“ lässt offen, welche Teilleistungen geschuldet sind. Alle dafür nötigen Teile und Arbeiten einpreisen oder den Umfang im Angebot abgrenzen.",
    basis: "§ 7 Abs. 1 Nr. 1 VOB/A; § 2 Abs. 1 VOB/B",
  },
  {
    id: "pauschal-im-text",
    title: "„pauschal“ im Text einer Einheitspreisposition",
    severity: "warnung",
    category: "leistungsbeschreibung",
    test: (p, ctx) => !isLumpSum(p) && /\bpsch\b|\bpauschal\w*/.test(ctx.text(p)),
    why: "Der Text spricht von einer Pauschale, die Position wird aber nach Menge abgerechnet. Klären, ob Mengenänderungen ausgeglichen werden oder ein Pauschalpreis gemeint ist.",
    basis: "§ 2 Abs. 2, 3 und 7 VOB/B",
  },

  // ── Unterlagen und Baugrund ─────────────────────────────────────────────────────────────
  {
    id: "verweis-unterlagen",
    title: "Verweis auf Pläne oder Gutachten",
    severity: "hinweis",
    category: "unterlagen",
    kinds: ["item", "remark"],
    patterns: [
      // "nach GEG Anlage 8", "DIN 1986-100 Anlage": a law or standard, not a document to ask for.
      // "Abrechnung nach Gewicht laut Stückliste": how it is billed, not a document to price from.
      // "abzüglich Öffnungen lt. Fensterliste 92,40 m²": the figure is given, the list is its source.
      /(?<!\b(?:abrechnung|abgerechnet|aufmass|abzurechnen)\b[^.;]{0,40})\b(lt\.?|laut|siehe|s\.|gem\.?|gemaess|entsprechend|entspr\.?|nach)\s+(?!(geg|enev|din|en|iso|vob|vdi|vde|atv|ztv\w*|rsa|laga|avv|bgb|fll|zvdh|dguv|asr|trgs|mbo|lbo|bauo\w*)\b)(\w+\s+)?(plan|plaenen?|zeichnung\w*|detail\w*|statik|anlage\w*|raumbuch|\w*liste)\b(?!\s*(?:ca\.\s*)?\d[\d.,]*\s*(?:m2|m3|m|st|stk|stueck|kg|t)\b)/,
      /\b\w*gutachten\b/,
    ],
    // "gemäß Baugrundgutachten" is no question when the Vorbemerkungen say it is attached.
    settledBy: (matched, p, ctx) => isDocumentProvided(matched, [...ctx.contractTexts, ctx.text(p)]),
    why: "Die Leistung ergibt sich erst aus einem Plan oder Gutachten. Prüfen, ob es den Vergabeunterlagen beiliegt; fehlende Unterlagen anfordern, bevor kalkuliert wird.",
    basis: "§ 7 Abs. 1 Nr. 2 und 6 VOB/A; § 3 Abs. 1 VOB/B",
  },
  {
    id: "unterlagen-folgen",
    title: "Unterlagen folgen noch („Statik folgt“)",
    severity: "risiko",
    category: "unterlagen",
    nachtragspotenzial: true,
    kinds: ["item", "remark"],
    patterns: [
      /\b(statik|plaene?|planung|details?|angaben|unterlagen|\w*plaene?)\s+(folg(t|en)|(liegt|liegen)\s+noch\s+nicht\s+vor)\b/,
      /\b(wird|werden)\s+nachgereicht\b/,
      /\bnoch\s+(festzulegen|zu\s+klaeren|offen)\b/,
    ],
    why: "Wesentliche Grundlagen fehlen noch; Mengen und Ausführung können sich ändern. Kalkulationsannahmen festhalten – Abweichungen aus den nachgereichten Unterlagen sind geänderte oder zusätzliche Leistungen.",
    basis: "§ 3 Abs. 1 VOB/B; § 2 Abs. 5 und 6 VOB/B; § 7 Abs. 1 Nr. 3 VOB/A",
  },
  {
    id: "bodenklassen",
    title: "Veraltete Bodenklassen statt Homogenbereichen",
    severity: "warnung",
    category: "unterlagen",
    nachtragspotenzial: true,
    kinds: ["item", "remark"],
    patterns: [/\bbodenklassen?\b/, /\bbkl\.?\s*\d/],
    why: "Seit der VOB/C 2016 werden Böden in Homogenbereichen beschrieben, nicht mehr in Bodenklassen. Die Bodenbeschreibung ist damit unvollständig; abweichende Bodenverhältnisse begründen Nachträge.",
    basis: "VOB/C DIN 18300 Abschnitt 2.3 (Homogenbereiche); § 7 Abs. 1 Nr. 6 VOB/A; § 2 Abs. 5 VOB/B",
  },
  {
    id: "schadstoffe",
    title: "Schadstoffe, Altlasten oder Kampfmittel",
    severity: "risiko",
    category: "unterlagen",
    nachtragspotenzial: true,
    kinds: ["item", "remark"],
    patterns: [/\baltlast\w*/, /\bkontaminiert\w*/, /\bkampfmittel\w*/, /\bschadstoff\w*/, /\basbest\w*/, /\bteerhaltig\w*/, /\bpak\b/],
    // "nach Schadstoffgutachten" with the report attached: the analysis is at hand; "teerfrei (PAK
    // < 25 mg/kg gem. Voruntersuchung)": the position states the material was tested and is clean.
    settledBy: (matched, p, ctx) => isDocumentProvided(matched, [...ctx.contractTexts, ctx.text(p)]) || statedFreeOf(matched, ctx.text(p)),
    why: "Entsorgungs- und Schutzaufwand hängt von Art und Menge der Belastung ab. Analysen, Einstufung und Entsorgungsweg müssen vorliegen; sonst Annahmen festhalten.",
    basis: "§ 7 Abs. 1 Nr. 3 und 6 VOB/A; § 2 Abs. 5 und 6 VOB/B",
  },

  // ── Produktvorgaben ─────────────────────────────────────────────────────────────────────
  {
    id: "markenname-ohne-gleichwertig",
    title: "Markenname ohne „oder gleichwertig“",
    severity: "warnung",
    category: "produktvorgabe",
    kinds: ["item", "remark"],
    patterns: [brandPattern],
    unless: [OR_EQUIVALENT],
    why: "Ein Hersteller oder Produkt ist ohne den Zusatz „oder gleichwertig“ vorgegeben. Das ist vergaberechtlich nur ausnahmsweise zulässig; Preis des vorgegebenen Produkts anfragen oder eine Bieterfrage stellen.",
    basis: "§ 7 Abs. 2 VOB/A (§ 7 EU Abs. 2 VOB/A)",
  },
  {
    id: "fabrikat-vorgegeben",
    title: "Fabrikat/Typ vorgegeben",
    severity: "hinweis",
    category: "produktvorgabe",
    kinds: ["item", "remark"],
    patterns: [/\b(fabrikat|hersteller|produkt)\s*[:=]\s*(?!\[bieterangabe)[a-z0-9]/, /\btyp\s*[:=]\s*(?!\[bieterangabe)[a-z0-9]/],
    unless: [OR_EQUIVALENT],
    why: "Fabrikat oder Typ ist festgelegt, ohne gleichwertige Produkte zuzulassen. Preis und Lieferzeit genau dieses Produkts anfragen.",
    basis: "§ 7 Abs. 2 VOB/A (§ 7 EU Abs. 2 VOB/A)",
  },

  // ── Vertrag ─────────────────────────────────────────────────────────────────────────────
  {
    id: "vertragsstrafe",
    title: "Vertragsstrafe",
    severity: "warnung",
    category: "vertrag",
    kinds: ["item", "remark"],
    patterns: [/\bvertragsstrafe\w*/, /\bpoenale\b/],
    why: "Eine Vertragsstrafe erhöht das Terminrisiko. Höhe und Obergrenze prüfen und Pufferzeiten einplanen.",
    basis: "§ 11 VOB/B; § 9a VOB/A",
  },
];
