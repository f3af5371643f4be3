// The public demo's large LV: "Neubau Kindertagesstätte Lindenweg", Rohbau and Ausbau with about
// 200 priced positions as GAEB DA XML 3.3 (X84, the calculated offer), with the weak spots a real
// tender has (Bodenklassen, "Statik folgt", bauseitige Leistungen, Bedarfspositionen, vorgegebene
// Fabrikate, a Vertragsstrafe in the Vorbemerkungen). Deterministic: the same text on every run, so
// scripts/demo-results.ts and its test give the same analysis.

const NS = "http://www.gaeb.de/GAEB_DA_XML/DA84/3.3";

interface Item {
  short: string;
  long: string[];
  unit: string;
  qty: number;
  /** Unit price in euro (net). */
  up: number;
  lumpSum?: boolean;
  provisional?: boolean;
  hourly?: boolean;
}

interface Title {
  label: string;
  items: Item[];
}

const it = (short: string, long: string | string[], unit: string, qty: number, up: number, flags: Partial<Item> = {}): Item => ({
  short,
  long: Array.isArray(long) ? long : [long],
  unit,
  qty,
  up,
  ...flags,
});

/** Each Bauteil of the Rohbau with its concrete, formwork and reinforcement (three positions each). */
const CONCRETE_PARTS: { part: string; concrete: string; m3: number; m2: number; t: number; note?: string }[] = [
  { part: "Sauberkeitsschicht", concrete: "C12/15", m3: 38, m2: 0, t: 0 },
  { part: "Streifenfundamente", concrete: "C25/30 XC2", m3: 86, m2: 210, t: 4.3 },
  { part: "Einzelfundamente", concrete: "C25/30 XC2", m3: 24, m2: 96, t: 1.6 },
  {
    part: "Bodenplatte d = 25 cm",
    concrete: "C30/37 XC2 WU",
    m3: 212,
    m2: 64,
    t: 21.2,
    note: "Ausführung als Weiße Wanne nach WU-Richtlinie, Fugenabdichtung nach Wahl des AG.",
  },
  { part: "Aufzugsunterfahrt", concrete: "C30/37 XC2 WU", m3: 9, m2: 42, t: 0.9 },
  { part: "Wände Erdgeschoss d = 24 cm", concrete: "C25/30 XC1", m3: 118, m2: 980, t: 9.4 },
  { part: "Stützen 30/30 cm", concrete: "C30/37 XC1", m3: 14, m2: 186, t: 2.8 },
  { part: "Unterzüge und Überzüge", concrete: "C30/37 XC1", m3: 22, m2: 240, t: 4.4 },
  {
    part: "Geschossdecke d = 22 cm",
    concrete: "C25/30 XC1",
    m3: 176,
    m2: 800,
    t: 19.4,
    note: "Bewehrung gemäß Statik, die Bewehrungspläne folgen. Statik folgt.",
  },
  { part: "Treppenläufe und Podeste", concrete: "C30/37 XC1", m3: 12, m2: 96, t: 1.8 },
  { part: "Attika und Brüstungen", concrete: "C25/30 XC4 XF1", m3: 16, m2: 230, t: 1.9 },
];

function concreteItems(): Item[] {
  const out: Item[] = [];
  for (const p of CONCRETE_PARTS) {
    out.push(
      it(
        `Beton ${p.concrete}, ${p.part}`,
        [`Ortbeton ${p.concrete} für ${p.part} liefern, einbauen, verdichten und nachbehandeln.`, ...(p.note ? [p.note] : [])],
        "m3",
        p.m3,
        p.concrete.includes("WU") ? 212 : 178,
      ),
    );
    if (p.m2)
      out.push(
        it(
          `Schalung ${p.part}`,
          `Schalung für ${p.part} herstellen, vorhalten und beseitigen, Schalhaut glatt, Sichtbetonklasse SB 2.`,
          "m2",
          p.m2,
          p.part.startsWith("Wände") ? 48 : 56,
        ),
      );
    if (p.t)
      out.push(
        it(
          `Betonstahl B500B, ${p.part}`,
          `Betonstahl B500B als Stabstahl und Matten für ${p.part} liefern, schneiden, biegen und verlegen, alle Durchmesser.`,
          "t",
          p.t,
          1480,
        ),
      );
  }
  out.push(
    it(
      "Wärmedämmelement Balkonanschluss",
      "Tragendes Wärmedämmelement Schöck Isokorb Typ K für die Anschlüsse der Vordächer liefern und einbauen.",
      "m",
      28,
      265,
    ),
    it("Fugenband innenliegend", "Innenliegendes Fugenband für Arbeitsfugen der WU-Bodenplatte liefern und einbauen.", "m", 146, 38),
    it(
      "Aussparungen in Wänden herstellen",
      "Aussparungen bis 0,1 m² nach Angabe der Bauleitung herstellen; wird nicht gesondert vergütet.",
      "St",
      64,
      0,
    ),
  );
  return out;
}

/** Mauerwerk per wall thickness and stone. */
function masonryItems(): Item[] {
  const out: Item[] = [];
  for (const [stone, up] of [
    ["Kalksandstein KS 12-2,0", 0],
    ["Hochlochziegel HLz 12-0,9", 6],
  ] as const)
    for (const [d, qty, base] of [
      [11.5, 240, 62],
      [17.5, 420, 78],
      [24, 310, 96],
      [30, 180, 118],
    ] as const)
      out.push(
        it(
          `Mauerwerk ${stone}, d = ${String(d).replace(".", ",")} cm`,
          `Innenwand aus ${stone}, Dicke ${String(d).replace(".", ",")} cm, in Dünnbettmörtel herstellen, einschließlich Maueranschlüsse.`,
          "m2",
          stone.startsWith("Kalk") ? qty : Math.round(qty / 3),
          base + up,
        ),
      );
  out.push(
    it("Stürze aus Flachstürzen", "Flachstürze KS, Länge bis 2,00 m, liefern und versetzen einschließlich Übermauerung.", "St", 46, 58),
    it("Ringbalken aus U-Schalen", "Ringbalken aus KS-U-Schalen einschließlich Beton C20/25 und Bewehrung herstellen.", "m", 184, 64),
    it(
      "Schlitze in Mauerwerk fräsen",
      "Schlitze für Elektro- und Sanitärleitungen fräsen, Tiefe bis 3 cm, nach Erfordernis.",
      "m",
      420,
      14,
    ),
    it("Mauerwerk Schornsteinkopf", "Schornsteinkopf aus Vormauerziegeln, komplett einschließlich Abdeckplatte.", "psch", 1, 3850, {
      lumpSum: true,
    }),
  );
  return out;
}

/** Trockenbau wall and ceiling types. */
function drywallItems(): Item[] {
  const walls = [
    ["Metallständerwand W 111, d = 100 mm", 380, 58],
    ["Metallständerwand W 112, d = 125 mm, doppelt beplankt", 520, 74],
    ["Installationswand W 116 für Sanitär", 140, 96],
    ["Brandschutzwand F90-A, d = 150 mm", 190, 112],
    ["Schallschutzwand Gruppenräume, Rw ≥ 53 dB", 260, 94],
  ] as const;
  const ceilings = [
    ["Abhangdecke Gipskarton, glatt", 640, 64],
    ["Akustikdecke Gruppenräume, Lochplatte", 410, 86],
    ["Deckenbekleidung F30 Flure", 220, 72],
  ] as const;
  return [
    ...walls.map(([s, q, up]) => it(s, `${s} herstellen, Beplankung Gipskartonplatten GKB, Oberfläche Q2 gespachtelt.`, "m2", q, up)),
    ...ceilings.map(([s, q, up]) => it(s, `${s} an der Rohdecke abhängen, Abhängehöhe bis 50 cm, Oberfläche Q2.`, "m2", q, up)),
    it("Revisionsklappen in Decken", "Revisionsklappen 60 × 60 cm in Gipskartondecken einbauen, Fabrikat Knauf Revo.", "St", 24, 186),
    it("Türöffnungen in Ständerwänden", "Türöffnungen mit UA-Profilen ausbilden, einschließlich Sturz.", "St", 38, 92),
    it("Vorsatzschalen vor Massivwänden", "Freistehende Vorsatzschale mit Mineralwolle 40 mm herstellen.", "m2", 160, 52),
    it("Anschlüsse an Holzbauteile", "Gleitende Deckenanschlüsse an Holzbalkendecken herstellen.", "m", 320, 18),
    it("Trockenputz auf Mauerwerk", "Gipskarton-Trockenputz auf Mauerwerk ansetzen, Q2 gespachtelt.", "m2", 280, 34),
    it("Zulage Feuchtraumplatten GKBI", "Zulage zu den Wänden für imprägnierte Platten GKBI in Nassräumen.", "m2", 210, 6),
    it("Kantenschutz Außenecken", "Kantenschutzprofile an Außenecken einbauen.", "m", 260, 7),
    it("Schattenfuge Wandanschluss", "Schattenfuge an Deckenanschlüssen ausbilden.", "m", 480, 9),
  ];
}

/** Rooms of the Kita for the Ausbau trades. */
const ROOMS = ["Gruppenräume", "Schlafräume", "Flure und Garderoben", "Sanitärräume Kinder", "Personalräume", "Küche"] as const;

function screedItems(): Item[] {
  return [
    ...ROOMS.map((r, i) =>
      it(
        `Zementestrich auf Dämmschicht, ${r}`,
        `Schwimmender Zementestrich CT-C25-F4, Nenndicke 50 mm, auf Trittschall- und Wärmedämmung in ${r} herstellen.`,
        "m2",
        [420, 180, 260, 90, 70, 60][i],
        36,
      ),
    ),
    it("Heizestrich Zulage", "Zulage zum Zementestrich als Heizestrich über Fußbodenheizung, Belegreifheizen bauseits.", "m2", 680, 8),
    it("Randdämmstreifen", "Randdämmstreifen 10 mm liefern und einbauen.", "m", 940, 3),
    it("Bewegungsfugen im Estrich", "Bewegungsfugen nach Fugenplan herstellen.", "m", 180, 12),
    it("Gefälleestrich Sanitärräume", "Verbundestrich im Gefälle 1,5 % zu den Bodenabläufen herstellen.", "m2", 90, 48),
  ];
}

function tileItems(): Item[] {
  return [
    it(
      "Bodenfliesen Feinsteinzeug 30 × 60, R10",
      "Feinsteinzeugfliesen im Dünnbett verlegen, Rutschhemmung R10, Fabrikat Villeroy & Boch Pro Architectura.",
      "m2",
      150,
      86,
    ),
    it("Bodenfliesen Sanitärräume R11 / B", "Feinsteinzeug R11, Bewertungsgruppe B, im Dünnbett verlegen.", "m2", 90, 94),
    it("Wandfliesen 30 × 60, weiß matt", "Wandfliesen in Sanitärräumen bis 2,00 m Höhe verlegen.", "m2", 310, 78),
    it("Verbundabdichtung Wand", "Verbundabdichtung mit Dichtschlämme und Dichtband in Duschbereichen herstellen.", "m2", 120, 38),
    it("Verbundabdichtung Boden", "Verbundabdichtung auf Estrich in Sanitärräumen herstellen.", "m2", 90, 34),
    it("Fliesensockel", "Sockelfliesen h = 8 cm verlegen.", "m", 260, 21),
    it("Dichtstoffuge Silikon", "Wartungsfugen mit Silikon schließen.", "m", 420, 6),
    it("Edelstahlschiene Fliesenabschluss", "Abschlussprofil Edelstahl an Außenecken einbauen.", "m", 140, 18),
    it("Duschrinnen einfliesen", "Bauseits gestellte Duschrinnen einfliesen und anarbeiten.", "St", 6, 96),
    it("Fliesenspiegel Küche", "Fliesenspiegel in der Küche verlegen, komplett.", "m2", 18, 92),
  ];
}

function paintItems(): Item[] {
  return [
    ...ROOMS.map((r, i) =>
      it(
        `Dispersionsanstrich Wände, ${r}`,
        `Wände in ${r} grundieren und zweimal mit Dispersionsfarbe, Nassabriebklasse 2, streichen.`,
        "m2",
        [1380, 540, 860, 260, 310, 160][i],
        9.5,
      ),
    ),
    it("Deckenanstrich Gipskarton", "Gipskartondecken grundieren und zweimal streichen, weiß.", "m2", 1270, 8.5),
    it("Lackierung Stahlzargen", "Stahlzargen schleifen, grundieren und zweimal lackieren.", "St", 38, 64),
    it("Schutzanstrich Holzstützen", "Sichtbare Holzstützen mit Lasur behandeln, Farbton nach Wahl des Architekten.", "m2", 120, 22),
    it("Malervlies Flure", "Malervlies auf Wände in Fluren kleben.", "m2", 860, 7),
    it("Abdeckarbeiten", "Böden, Fenster und Einbauteile abdecken, inkl. aller Nebenleistungen.", "psch", 1, 2400, { lumpSum: true }),
    it("Zulage Latexfarbe Küche", "Zulage für scheuerbeständige Latexfarbe in der Küche.", "m2", 160, 3),
  ];
}

function floorItems(): Item[] {
  return [
    it("Kautschukbelag Gruppenräume", "Kautschukbelag 2,5 mm, Fabrikat nora norament, vollflächig kleben.", "m2", 600, 68),
    it("Linoleum Flure und Personalräume", "Linoleum 2,5 mm vollflächig verkleben, Nähte verschweißen.", "m2", 330, 49),
    it("Sauberlaufzone Eingang", "Sauberlaufmatte im Mattenrahmen, 4,0 m², komplett.", "St", 2, 1650),
    it("Untergrund spachteln", "Estrichflächen vollflächig spachteln und schleifen.", "m2", 930, 9),
    it("Sockelleisten Holz", "Sockelleisten Eiche geölt, 60 mm, montieren.", "m", 720, 14),
    it("Übergangsprofile", "Übergangsprofile Aluminium an Belagswechseln.", "m", 46, 24),
    it("Treppenbelag Kautschuk", "Stufen und Podeste mit Kautschuk-Formteilen belegen.", "St", 36, 118),
    it("Feuchtigkeitsmessung CM", "CM-Messungen des Estrichs nach Erfordernis.", "St", 12, 45),
  ];
}

function doorItems(): Item[] {
  return [
    it("Innentür Holz 1-flg., 88,5 × 213,5", "Röhrenspantür HPL-beschichtet mit Stahlzarge, Drücker Edelstahl, komplett.", "St", 22, 690),
    it("Innentür mit Fingerklemmschutz", "Innentür für Kinderbereiche mit Fingerklemmschutz beidseitig.", "St", 12, 1180),
    it("Brandschutztür T30-RS, 1-flg.", "Feuer- und Rauchschutztür T30-RS mit Obentürschließer und Feststellanlage.", "St", 6, 1860),
    it("Brandschutztür T30-RS, 2-flg.", "Zweiflügelige T30-RS-Tür mit Schließfolgeregelung.", "St", 2, 4250),
    it("Schiebetür Gruppenraum", "Schiebetür vor der Wand laufend, Softclose, Fabrikat Hawa.", "St", 4, 1420),
    it("Glasausschnitt Türblatt", "Zulage Lichtausschnitt mit ESG-Verglasung.", "St", 18, 165),
    it("Türstopper", "Bodentürstopper Edelstahl setzen.", "St", 46, 28),
    it("Schließanlage Profilzylinder", "Profilzylinder für die Generalhauptschlüsselanlage nach Schließplan.", "St", 46, 86),
  ];
}

function windowItems(): Item[] {
  const sizes = [
    ["Fensterelement 1,26 × 1,51 m, Dreh-Kipp", 24, 1380],
    ["Fensterelement 2,51 × 1,51 m, zweiflügelig", 14, 2460],
    ["Bodentiefes Fensterelement 2,01 × 2,26 m", 10, 3180],
    ["Oberlicht 1,01 × 0,51 m, Kipp", 8, 640],
  ] as const;
  return [
    ...sizes.map(([s, q, up]) =>
      it(
        s,
        [`${s}, Holz-Aluminium, Dreifachverglasung Ug = 0,6 W/(m²K), Uw ≤ 0,9 W/(m²K).`, "Fabrikat: Internorm HF 410 oder gleichwertig."],
        "St",
        q,
        up,
      ),
    ),
    it("Hauseingangstür Aluminium", "Hauseingangstür zweiflügelig mit Panikfunktion, Fabrikat Schüco ADS 75.", "St", 1, 9400),
    it("Nebeneingangstür", "Nebeneingangstür Aluminium einflügelig, Mehrfachverriegelung.", "St", 2, 4250),
    it("Fensterbänke innen", "Fensterbänke Kunststein, Tiefe bis 30 cm.", "m", 86, 78),
    it("Fensterbänke außen", "Fensterbänke Aluminium, pulverbeschichtet.", "m", 86, 64),
    it("Außenliegender Sonnenschutz", "Raffstore mit Elektroantrieb und Windwächter.", "St", 48, 980),
    it("Absturzsicherung bodentiefe Fenster", "Glasbrüstung VSG vor bodentiefen Fenstern.", "St", 10, 620),
    it("Anschlussfugen RAL-Montage", "Fensteranschluss innen luftdicht, außen schlagregendicht nach RAL-Leitfaden.", "m", 520, 19),
  ];
}

const TITLES: Title[] = [
  {
    label: "Baustelleneinrichtung",
    items: [
      it(
        "Baustelleneinrichtung einrichten und räumen",
        "Baustelleneinrichtung für alle Leistungen dieses LV einschließlich Unterkünften, Sanitärcontainer und Lagerflächen. Baustrom und Bauwasser werden bauseits gestellt.",
        "psch",
        1,
        18500,
        { lumpSum: true },
      ),
      it("Baustelleneinrichtung vorhalten", "Baustelleneinrichtung über die gesamte Bauzeit vorhalten.", "Mt", 11, 1650),
      it("Bauzaun stellen und vorhalten", "Mobiler Bauzaun, Höhe 2,00 m, aufstellen, vorhalten und abbauen.", "m", 180, 9),
      it(
        "Baustraße herstellen und rückbauen",
        "Baustraße aus Schotter 0/45, d = 30 cm, herstellen und nach Abschluss rückbauen.",
        "m2",
        420,
        18,
      ),
      it("Turmdrehkran vorhalten", "Turmdrehkran mit Kranführer, Ausladung 40 m, vorhalten und betreiben.", "Wo", 26, 2950),
      it("Bauschild liefern und aufstellen", "Bauschild 3,00 × 2,00 m nach Angabe des AG.", "St", 1, 1450),
      it("Baustellenbeleuchtung", "Baustellenbeleuchtung nach Erfordernis vorhalten.", "psch", 1, 2200, { lumpSum: true }),
      it("Endreinigung", "Baufeinreinigung aller Räume vor Übergabe, inkl. aller Nebenleistungen.", "m2", 1720, 3.2),
    ],
  },
  {
    label: "Erdarbeiten",
    items: [
      it("Oberboden abtragen und lagern", "Oberboden d = 30 cm abtragen und in Mieten seitlich lagern.", "m2", 1850, 4.2),
      it(
        "Baugrube ausheben, Bodenklasse 3–5",
        ["Baugrube mit geböschten Wänden ausheben, Tiefe bis 1,80 m.", "Boden der Bodenklassen 3 bis 5 nach DIN 18300."],
        "m3",
        2140,
        11.5,
      ),
      it("Fundamentgräben ausheben", "Gräben für Streifenfundamente ausheben, Boden Homogenbereich B1.", "m3", 260, 24),
      it(
        "Aushub laden und entsorgen",
        "Überschüssigen Boden laden, abfahren und entsorgen; Entsorgungsnachweise werden nicht gesondert vergütet.",
        "m3",
        1680,
        28,
      ),
      it("Zulage belasteter Boden Z 1.2", "Zulage für Entsorgung von Boden der Zuordnungsklasse Z 1.2.", "t", 240, 22, {
        provisional: true,
      }),
      it("Kampfmittelfreiheit Baufeld", "Baufeld auf Kampfmittel sondieren lassen, Freigabe vor Beginn der Erdarbeiten.", "m2", 2400, 1.9),
      it("Schotterpolster unter Bodenplatte", "Frostschutzschicht 0/32, d = 30 cm, lagenweise verdichtet, Ev2 ≥ 100 MN/m².", "m2", 860, 16),
      it("Arbeitsraum verfüllen und verdichten", "Arbeitsraum lagenweise verfüllen, Verdichtungsgrad DPr 97 %.", "m3", 420, 19),
      it("Wasserhaltung offen", "Offene Wasserhaltung mit Pumpensumpf, nach Erfordernis.", "d", 30, 145, { provisional: true }),
      it("Lastplattendruckversuch", "Plattendruckversuche nach Angabe der Bauleitung.", "St", 6, 185),
      it("Oberboden andecken", "Gelagerten Oberboden auf Freiflächen andecken, d = 20 cm.", "m2", 940, 5.5),
      it("Verbau Gräben", "Grabenverbau bei Tiefen über 1,25 m, nach Wahl des AN.", "m2", 120, 26, { provisional: true }),
    ],
  },
  {
    label: "Entwässerung und Grundleitungen",
    items: [
      it("Grundleitung KG 2000 DN 110", "Grundleitung PP-MEGA DN 110 einschließlich Formstücke verlegen.", "m", 146, 46),
      it("Grundleitung KG 2000 DN 125", "Grundleitung DN 125 einschließlich Formstücke verlegen.", "m", 88, 52),
      it("Grundleitung KG 2000 DN 160", "Grundleitung DN 160 einschließlich Formstücke verlegen.", "m", 64, 64),
      it("Revisionsschacht DN 1000", "Schacht aus Betonfertigteilen DN 1000, Tiefe bis 2,00 m, mit Abdeckung Klasse D 400.", "St", 4, 2150),
      it("Bodenablauf Sanitärräume", "Bodenablauf DN 100 mit Geruchsverschluss, Fabrikat Kessel, einbauen.", "St", 8, 320),
      it("Dichtheitsprüfung Grundleitungen", "Dichtheitsprüfung nach DIN EN 1610 mit Protokoll.", "m", 298, 4.5),
      it("Kamerabefahrung", "TV-Inspektion aller Grundleitungen mit Bericht.", "m", 298, 3.8),
      it("Hebeanlage Aufzugsunterfahrt", "Pumpensumpf mit Tauchpumpe, betriebsfertig.", "St", 1, 2900),
      it("Anschluss an öffentlichen Kanal", "Anschluss an den Straßenkanal, gemäß Genehmigung der Stadtwerke.", "St", 1, 3200),
      it("Rigole für Niederschlagswasser", "Rigolenkörper aus Kunststoffblöcken gemäß Entwässerungsplan.", "m3", 48, 210),
    ],
  },
  { label: "Beton- und Stahlbetonarbeiten", items: concreteItems() },
  { label: "Mauerarbeiten", items: masonryItems() },
  {
    label: "Holzbauarbeiten",
    items: [
      it(
        "Brettsperrholzdecke Obergeschoss",
        "Brettsperrholzelemente 5-lagig, d = 200 mm, Sichtqualität unterseitig, liefern und montieren.",
        "m2",
        780,
        168,
      ),
      it("Holzstützen BSH GL24h", "Stützen aus Brettschichtholz 24/24 cm, sichtbar.", "m", 96, 124),
      it("Holzbalken BSH GL24h", "Träger aus Brettschichtholz, Querschnitt gemäß Statik.", "m3", 28, 980),
      it(
        "Holzrahmenwände Außenwand Obergeschoss",
        "Holzrahmenbauwand mit Mineralwolle 240 mm, OSB innen, Holzfaserplatte außen.",
        "m2",
        420,
        212,
      ),
      it("Stahlverbindungsmittel", "Stahlteile, Schrauben und Winkelverbinder für den Holzbau, komplett.", "psch", 1, 14800, {
        lumpSum: true,
      }),
      it("Brandschutzbekleidung K2 30", "Kapselung der Holzbauteile mit Gipsfaserplatten, 2 × 18 mm.", "m2", 360, 58),
      it("Luftdichtheitsebene", "Dampfbremsbahn verlegen und verkleben, Anschlüsse luftdicht.", "m2", 1200, 8),
      it("Blower-Door-Messung", "Luftdichtheitsmessung nach DIN EN ISO 9972, zwei Messungen.", "St", 2, 980),
      it("Holzschutz vorbeugend", "Vorbeugender chemischer Holzschutz nach Erfordernis.", "m2", 180, 6),
      it("Holzfassade Lärche", "Boden-Deckel-Schalung Lärche unbehandelt auf Lattung.", "m2", 380, 118),
    ],
  },
  {
    label: "Abdichtungs- und Dacharbeiten",
    items: [
      it(
        "Abdichtung erdberührter Wände",
        "Abdichtung nach DIN 18533, W1-E, mit kunststoffmodifizierter Bitumendickbeschichtung.",
        "m2",
        310,
        42,
      ),
      it("Perimeterdämmung XPS 120 mm", "Perimeterdämmung XPS, d = 120 mm, vollflächig verklebt.", "m2", 310, 38),
      it("Noppenbahn als Schutzschicht", "Noppenbahn mit Gleitfolie vor der Perimeterdämmung.", "m2", 310, 7),
      it("Dachabdichtung Flachdach zweilagig", "Bitumen-Dachabdichtung zweilagig auf Gefälledämmung EPS.", "m2", 920, 64),
      it("Gefälledämmung EPS", "Gefälledämmung EPS DAA dh, mittlere Dicke 220 mm.", "m2", 920, 46),
      it("Extensive Dachbegrünung", "Extensivbegrünung mit Drain- und Filterschicht, Substrat 10 cm.", "m2", 760, 39),
      it("Attikaabdeckung Aluminium", "Attikaabdeckung Aluminium, Zuschnitt bis 50 cm.", "m", 186, 58),
      it("Dachablauf mit Notüberlauf", "Dachablauf DN 100 beheizt, mit Notüberlauf, komplett.", "St", 8, 640),
      it("Lichtkuppel 1,20 × 1,20 m", "Lichtkuppel mit RWA-Funktion, Fabrikat nach Wahl des AG.", "St", 4, 2450),
      it("Absturzsicherung Einzelanschlagpunkte", "Einzelanschlagpunkte für die Dachwartung setzen.", "St", 12, 285),
    ],
  },
  { label: "Fenster und Außentüren", items: windowItems() },
  { label: "Trockenbauarbeiten", items: drywallItems() },
  { label: "Estricharbeiten", items: screedItems() },
  { label: "Fliesenarbeiten", items: tileItems() },
  { label: "Maler- und Lackierarbeiten", items: paintItems() },
  { label: "Bodenbelagsarbeiten", items: floorItems() },
  { label: "Innentüren", items: doorItems() },
  {
    label: "Metallbauarbeiten",
    items: [
      it(
        "Treppengeländer Stahl verzinkt",
        "Treppengeländer aus Flachstahl, feuerverzinkt und pulverbeschichtet, mit Handlauf in Kinderhöhe 60 cm.",
        "m",
        38,
        385,
      ),
      it("Handlauf Edelstahl zweite Höhe", "Zusätzlicher Handlauf Edelstahl Ø 42 mm auf 60 cm Höhe.", "m", 38, 96),
      it("Brüstungsgeländer Galerie", "Geländer mit senkrechten Stäben, Abstand ≤ 11 cm, nicht beklemmbar.", "m", 24, 420),
      it("Vordach Stahl mit Glas", "Vordach Haupteingang, Stahlkonstruktion mit VSG-Eindeckung, 6,00 × 2,00 m.", "St", 1, 14600),
      it("Kellerlichtschachtabdeckung", "Gitterrostabdeckung begehbar, feuerverzinkt.", "St", 4, 260),
      it("Fußabstreifer im Rahmen", "Fußabstreifrost im Winkelrahmen, komplett.", "St", 2, 480),
      it("Wandschutzprofile Flure", "Rammschutzprofile Aluminium mit Kunststoffauflage in Fluren.", "m", 140, 64),
      it("Kinderwagenabstellraum Trennwände", "Trennwandsystem aus Stahlgitter mit Tür, nach Angabe des AG.", "m2", 36, 148),
      it("Fahrradständer", "Anlehnbügel Edelstahl, einbetoniert.", "St", 12, 210),
      it("Dachleiter mit Rückenschutz", "Steigleiter zum Dach mit Rückenschutz und Ausstieg.", "St", 1, 2650),
    ],
  },
  {
    label: "Außenanlagen",
    items: [
      it("Pflasterfläche Betonstein", "Betonsteinpflaster 20 × 10 × 8 cm auf Splittbett und Schottertragschicht.", "m2", 460, 58),
      it("Fallschutzbelag Spielbereich", "Fallschutzplatten EPDM nach DIN EN 1177 für Fallhöhe bis 1,50 m.", "m2", 180, 96),
      it("Spielsand liefern und einbauen", "Spielsand 0/2, gewaschen, d = 40 cm.", "m3", 72, 62),
      it("Zaun Stabgitter h = 1,20 m", "Doppelstabgitterzaun mit Pfosten, einbetoniert.", "m", 210, 78),
      it("Tor zweiflügelig", "Gartentor 3,00 m mit Kinderschutzverriegelung.", "St", 1, 2850),
      it("Rasenansaat", "Spielrasen einsäen einschließlich Fertigstellungspflege.", "m2", 1250, 3.8),
      it("Baumpflanzung Hochstamm", "Hochstämme StU 18–20 pflanzen, verankern, Pflege ein Jahr.", "St", 8, 640),
      it("Hochbeete Holz", "Hochbeete aus Lärchenbohlen, 2,00 × 1,00 m, komplett.", "St", 4, 780),
      it("Entwässerungsrinne Hof", "Kastenrinne mit Gussrost, Klasse B 125.", "m", 42, 138),
      it("Kampfmittelfreigabe Außenanlagen", "Oberflächensondierung der Außenanlagen, Ergebnis folgt.", "m2", 1800, 0.9, {
        provisional: true,
      }),
    ],
  },
  {
    label: "Stundenlohnarbeiten",
    items: [
      it(
        "Stundenlohn Facharbeiter",
        "Stundenlohnarbeiten nur auf Anordnung der Bauleitung; Nachweis durch Stundenlohnzettel.",
        "h",
        60,
        62,
        { hourly: true },
      ),
      it("Stundenlohn Helfer", "Stundenlohnarbeiten nur auf Anordnung der Bauleitung.", "h", 60, 52, { hourly: true }),
      it("Stundenlohn Polier", "Stundenlohnarbeiten Polier nur auf Anordnung.", "h", 20, 72, { hourly: true }),
      it("Minibagger mit Fahrer", "Minibagger bis 3 t mit Fahrer nach Anordnung.", "h", 16, 88, { hourly: true }),
    ],
  },
];

const PREAMBLE = [
  "Vorbemerkungen: Es gelten die VOB/B, die VOB/C und die Zusätzlichen Vertragsbedingungen des Auftraggebers.",
  "Ausführungsfrist: Beginn am 02.03.2026, Fertigstellung bis 31.01.2027. Die Bauzeit ist ein verbindlicher Vertragstermin.",
  "Vertragsstrafe: Überschreitet der Auftragnehmer die Fertigstellungsfrist, hat er für jeden Werktag eine Vertragsstrafe von 0,3 % der Nettoauftragssumme zu zahlen, höchstens 5 %.",
  "Sicherheitsleistung: Vertragserfüllungssicherheit 5 % der Auftragssumme, Mängelansprüche 3 %.",
  "Verjährungsfrist für Mängelansprüche: 5 Jahre ab Abnahme.",
  "Der Auftragnehmer hat sich vor Angebotsabgabe über die Örtlichkeit zu informieren; Mehrkosten aus nicht bekannten Umständen werden nicht vergütet.",
];

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const p = (s: string) => `<p><span>${esc(s)}</span></p>`;
const money = (n: number) => n.toFixed(2);
const pad = (n: number, width: number) => String(n).padStart(width, "0");

function itemXml(item: Item, titleNo: number, itemNo: number): string {
  const flags =
    (item.lumpSum ? "<LumpSumItem>Yes</LumpSumItem>" : "") +
    (item.provisional ? "<Provis>WithoutTotal</Provis>" : "") +
    (item.hourly ? "<HourIt>Yes</HourIt>" : "");
  const total = item.provisional ? "" : `<IT>${money(item.qty * item.up)}</IT>`;
  return (
    `\n            <Item ID="I${pad(titleNo, 2)}${pad(itemNo, 4)}" RNoPart="${pad(itemNo, 4)}">${flags}<Qty>${item.qty.toFixed(3)}</Qty><QU>${esc(item.unit)}</QU>` +
    `<UP>${money(item.up)}</UP>${total}<Description><CompleteText><DetailTxt>${item.long.map((l) => `<Text>${p(l)}</Text>`).join("")}</DetailTxt>` +
    `<OutlineText><OutlTxt><TextOutlTxt>${p(item.short)}</TextOutlTxt></OutlTxt></OutlineText></CompleteText></Description></Item>`
  );
}

/** The X84 as text. */
export function kitaLvXml(): string {
  const titles = TITLES.map((t, i) => {
    const no = i + 1;
    const items = t.items.map((item, j) => itemXml(item, no, (j + 1) * 10)).join("");
    return `\n        <BoQCtgy ID="C${pad(no, 2)}" RNoPart="${pad(no, 2)}"><LblTx>${p(t.label)}</LblTx><BoQBody>\n          <Itemlist>${items}\n          </Itemlist>\n        </BoQBody></BoQCtgy>`;
  }).join("");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<GAEB xmlns="${NS}">\n` +
    `  <GAEBInfo><Version>3.3</Version><VersDate>2021-05</VersDate><Date>2026-02-02</Date><ProgSystem>bauklar Demo</ProgSystem></GAEBInfo>\n` +
    `  <PrjInfo><NamePrj>Neubau Kindertagesstätte Lindenweg</NamePrj><LblPrj>Neubau Kindertagesstätte Lindenweg</LblPrj><Cur>EUR</Cur></PrjInfo>\n` +
    `  <Award><DP>84</DP><AwardInfo><Cur>EUR</Cur><CnstStart>2026-03-02</CnstStart><CnstEnd>2027-01-31</CnstEnd></AwardInfo>\n` +
    `    <BoQ ID="LV"><BoQInfo><Name>LV 100 Rohbau und Ausbau Kita Lindenweg</Name><LblBoQ>LV 100 Rohbau und Ausbau Kita Lindenweg</LblBoQ>` +
    `<BoQBkdn><Type>BoQLevel</Type><Length>2</Length><Num>Yes</Num></BoQBkdn><BoQBkdn><Type>Item</Type><Length>4</Length><Num>Yes</Num></BoQBkdn>` +
    `\n      <AddText><OutlineAddText>${p("Vorbemerkungen und Vertragsbedingungen")}</OutlineAddText><DetailAddText>${PREAMBLE.map(p).join("")}</DetailAddText></AddText>\n    </BoQInfo>\n` +
    `      <BoQBody>${titles}\n      </BoQBody>\n    </BoQ>\n  </Award>\n</GAEB>\n`
  );
}
