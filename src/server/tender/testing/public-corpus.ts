// The public GAEB files we measure the readers on: AVA-program exports, the BVBS/GAEB test files and
// other libraries' fixtures, found in public GitHub repositories. Most of them carry no licence that
// lets us copy them into this repository, so they are named here by repository, commit and path and
// loaded from a local copy: GAEB_CORPUS_DIR (default tmp/gaeb-corpus/<owner>+<name>/<path>), git
// mirrors under GAEB_CORPUS_MIRRORS (<owner>+<name>/repo, when set), or – with download: true –
// raw.githubusercontent.com, saved to GAEB_CORPUS_DIR for the next run.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export interface CorpusFile {
  /** Short name used in the table and in tests. */
  id: string;
  repo: string;
  commit: string;
  path: string;
  /** Who wrote the file (AVA program, test suite, library). */
  origin: string;
  /** The DA XML export of the same LV by the same program, by id. */
  twin?: string;
  /** Kept out of the twin tests as a check on files the readers were not tuned on. */
  heldOut?: boolean;
  /** For a price-only X84: the file (by id) whose LV it prices. */
  base?: string;
}

const DDREWS = { repo: "ddrews-de/gaeb-converter", commit: "a3be2357b4c11c220dcbf70a2fee6e3ff6f678f9" };
const DANGL = { repo: "Dangl-IT/Dangl.AVA.Examples", commit: "499aef95bdf1967468c7bd02be1c3f76d3f09f99" };
const BOQ_CORE = { repo: "r3dlex/boq-core", commit: "bb792905bb59350cc5102603b22394267dfe5e72" };
const MEINDONUT = { repo: "meindonut/gaeb-parser", commit: "dc31d8316ef951f710deefce757a0a49a831bfda" };
const GAEB_PHP = { repo: "bambamboole/gaeb-php", commit: "956069a02915f08f3a223dff7e1262ca44d90e4b" };

const ITWO = "RIB iTWO (GAEB Toolbox)";
const CALIFORNIA = "G&W CaliforniaX";
const NEVARIS = "NEVARIS 25.2";
const SJ_AVA = "SJ AVA (GAEB Toolbox)";
const DANGL_TOOL = "Dangl GAEB Tool";

export const PUBLIC_CORPUS: CorpusFile[] = [
  // Neubau Flutpolder, Los 1 and 2: iTWO exported each LV as GAEB 90, GAEB 2000 and DA XML 3.2.
  { id: "LV_Los01.X83", ...DDREWS, path: "TestData/LV_Los01.X83", origin: ITWO },
  { id: "LV_Los01.D83", ...DDREWS, path: "TestData/LV_Los01.D83", origin: ITWO, twin: "LV_Los01.X83" },
  { id: "LV_Los01.P83", ...DDREWS, path: "TestData/LV_Los01.P83", origin: ITWO, twin: "LV_Los01.X83" },
  { id: "LV_Los02.X83", ...DDREWS, path: "TestData/LV_Los02.X83", origin: ITWO },
  { id: "LV_Los02.D83", ...DDREWS, path: "TestData/LV_Los02.D83", origin: ITWO, twin: "LV_Los02.X83" },
  { id: "LV_Los02.P83", ...DDREWS, path: "TestData/LV_Los02.P83", origin: ITWO, twin: "LV_Los02.X83" },
  { id: "Flechtingen GS AA.x83", ...DDREWS, path: "TestData/Flechtingen GS AA.x83", origin: SJ_AVA },
  { id: "Flechtingen GS AA.d83", ...DDREWS, path: "TestData/Flechtingen GS AA.d83", origin: SJ_AVA, twin: "Flechtingen GS AA.x83" },
  { id: "Flechtingen GS AA.p83", ...DDREWS, path: "TestData/Flechtingen GS AA.p83", origin: SJ_AVA, twin: "Flechtingen GS AA.x83" },
  // A D83 of an unnamed AVA program; its X83 was made from it by the gaeb-converter library itself.
  { id: "LV 39656.D83", ...DDREWS, path: "TestData/LV 39656.D83", origin: "AVA-Programm (unbenannt)", twin: "LV 39656.x83", heldOut: true },
  { id: "LV 39656.x83", ...DDREWS, path: "TestData/LV 39656.x83", origin: "gaeb-converter (aus der D83)" },
  { id: "PV GAEB XML 3.1.x83", ...DDREWS, path: "TestData/3726 260218 LV Photovoltaikanlage GAEB XML 3.1.x83", origin: CALIFORNIA },
  { id: "PV GAEB XML 3.2.x83", ...DDREWS, path: "TestData/3726 260218 LV Photovoltaikanlage GAEB XML 3.2.x83", origin: CALIFORNIA },
  { id: "PV GAEB XML 3.3.x83", ...DDREWS, path: "TestData/3726 260218 LV Photovoltaikanlage GAEB XML 3.3.x83", origin: CALIFORNIA },
  {
    id: "PV GAEB 2000.p83",
    ...DDREWS,
    path: "TestData/3726 260218 LV Photovoltaikanlage GAEB 2000.p83",
    origin: CALIFORNIA,
    twin: "PV GAEB XML 3.3.x83",
    heldOut: true,
  },
  ...[
    "02_ROHBAUARBEITEN",
    "03_ZIMMERERARBEITEN",
    "07_FLACHDACHABDICHTUNGSARBEITEN",
    "08_GERÜSTBAUARBEITEN",
    "09_FENSTERBAUARBEITEN",
  ].flatMap((lv): CorpusFile[] => [
    { id: `1561 ${lv}.X83`, ...DDREWS, path: `TestData/1561 - ${lv}.X83`, origin: NEVARIS },
    { id: `1561 ${lv}.P83`, ...DDREWS, path: `TestData/1561 - ${lv}.P83`, origin: NEVARIS, twin: `1561 ${lv}.X83`, heldOut: true },
  ]),
  // Dangl's example LV "Neubau Sportheim" (German and English), priced, in all three formats.
  { id: "Dangl GAEBXML_DE.X86", ...DANGL, path: "GaebFiles/GAEBXML_DE.X86", origin: DANGL_TOOL },
  { id: "Dangl GAEB90_DE.D86", ...DANGL, path: "GaebFiles/GAEB90_DE.D86", origin: DANGL_TOOL, twin: "Dangl GAEBXML_DE.X86" },
  { id: "Dangl GAEB2000_DE.P86", ...DANGL, path: "GaebFiles/GAEB2000_DE.P86", origin: DANGL_TOOL, twin: "Dangl GAEBXML_DE.X86" },
  { id: "Dangl GAEBXML_EN.X86", ...DANGL, path: "GaebFiles/GAEBXML_EN.X86", origin: DANGL_TOOL },
  { id: "Dangl GAEB90_EN.D86", ...DANGL, path: "GaebFiles/GAEB90_EN.D86", origin: DANGL_TOOL, twin: "Dangl GAEBXML_EN.X86" },
  {
    id: "Dangl GAEB2000_EN.P86",
    ...DANGL,
    path: "GaebFiles/GAEB2000_EN.P86",
    origin: DANGL_TOOL,
    twin: "Dangl GAEBXML_EN.X86",
    heldOut: true,
  },
  { id: "Dangl gaebxml.x83", ...DANGL, path: "test/Dangl.AVA.Examples.Tests/Resources/gaebxml.x83", origin: DANGL_TOOL },
  {
    id: "Dangl gaeb90.d83",
    ...DANGL,
    path: "test/Dangl.AVA.Examples.Tests/Resources/gaeb90.d83",
    origin: DANGL_TOOL,
    twin: "Dangl gaebxml.x83",
  },
  {
    id: "Dangl gaeb2000.p83",
    ...DANGL,
    path: "test/Dangl.AVA.Examples.Tests/Resources/gaeb2000.p83",
    origin: DANGL_TOOL,
    twin: "Dangl gaebxml.x83",
  },
  // The BVBS certification test files (GAEB DA XML 3.3) as other libraries keep them.
  {
    id: "BVBS AVA X81",
    ...BOQ_CORE,
    path: "gaeb/bvbs/gaeb_xml_3_3/ava/x81/BVBS_Pruefdatei GAEB DA XML 3.3 - AVA - V 11 06 2021.X81",
    origin: "BVBS-Prüfdatei AVA",
  },
  {
    id: "BVBS AVA X84",
    ...BOQ_CORE,
    path: "gaeb/bvbs/gaeb_xml_3_3/ava/x84/BVBS_Pruefdatei GAEB DA XML 3.3 - AVA - V 11 06 2021.X84",
    origin: "BVBS-Prüfdatei AVA",
    base: "BVBS AVA X81",
  },
  {
    id: "BVBS AVA X86",
    ...BOQ_CORE,
    path: "gaeb/bvbs/gaeb_xml_3_3/ava/x86/BVBS_Pruefdatei GAEB DA XML 3.3 - AVA - V 11 06 2021.X86",
    origin: "BVBS-Prüfdatei AVA",
  },
  {
    id: "BVBS Bau X83",
    ...MEINDONUT,
    path: "tests/official_tests_gaeb_da_xml_3_3/bauausfuehrung/Pruefdatei GAEB DA XML 3.3 - Bauausfuehrung - V 04 04 2024.x83",
    origin: "BVBS-Prüfdatei Bauausführung",
  },
  {
    id: "BVBS Bau X84",
    ...MEINDONUT,
    path: "tests/official_tests_gaeb_da_xml_3_3/bauausfuehrung/BVBS_Pruefdatei GAEB DA XML 3.3 - Bauausfuehrung - V 11 06 2021.x84",
    origin: "BVBS-Prüfdatei Bauausführung",
    base: "BVBS Bau X83",
  },
  {
    id: "GAEB Texterstellung X81",
    ...MEINDONUT,
    path: "tests/official_tests_gaeb_da_xml_3_3/texterstellung/GAEB Pruefdatei GAEB DA XML 3.3 - Texterstellung V 11 06 2021.x81",
    origin: "GAEB-Prüfdatei Texterstellung",
  },
  {
    id: "GAEB Texterstellung X82",
    ...MEINDONUT,
    path: "tests/official_tests_gaeb_da_xml_3_3/texterstellung/GAEB Pruefdatei GAEB DA XML 3.3 - Texterstellung V 11 06 2021.x82",
    origin: "GAEB-Prüfdatei Texterstellung",
  },
  // Small synthetic files of other libraries.
  {
    id: "boq-core minimal.d81",
    ...BOQ_CORE,
    path: "gaeb/non_paid/synthetic/gaeb90/d81/minimal.d81",
    origin: "boq-core (synthetisch)",
    heldOut: true,
  },
  {
    id: "boq-core minimal_ava.x81",
    ...BOQ_CORE,
    path: "gaeb/non_paid/synthetic/gaeb_xml/x81/minimal_ava.x81",
    origin: "boq-core (synthetisch)",
  },
  ...["boq.x83", "components.x84", "contract.x86", "markup.x83", "minimal.x83", "nachtrag.x86", "priced.x84", "realistic.x84"].map(
    (name): CorpusFile => ({ id: `gaeb-php ${name}`, ...GAEB_PHP, path: `tests/fixtures/${name}`, origin: "gaeb-php (synthetisch, MIT)" }),
  ),
];

const corpusDir = () => process.env.GAEB_CORPUS_DIR ?? join(import.meta.dirname, "../../../../tmp/gaeb-corpus");
const mirrorsDir = () => process.env.GAEB_CORPUS_MIRRORS ?? "";
const repoDir = (repo: string) => repo.replace("/", "+");

/** The file's bytes, or null when no local copy exists (and download is off or failed). */
export async function loadCorpusFile(file: CorpusFile, options: { download?: boolean } = {}): Promise<Buffer | null> {
  const cached = join(corpusDir(), repoDir(file.repo), file.path);
  if (existsSync(cached)) return readFileSync(cached);
  const mirror = mirrorsDir() && join(mirrorsDir(), repoDir(file.repo), "repo");
  if (mirror && existsSync(mirror)) {
    try {
      const bytes = execFileSync("git", ["--git-dir", mirror, "show", `${file.commit}:${file.path}`], { maxBuffer: 64 * 1024 * 1024 });
      mkdirSync(dirname(cached), { recursive: true });
      writeFileSync(cached, bytes);
      return bytes;
    } catch {
      // the mirror may hold another commit; try the next source
    }
  }
  if (!options.download) return null;
  const url = `https://raw.githubusercontent.com/${file.repo}/${file.commit}/${file.path.split("/").map(encodeURIComponent).join("/")}`;
  try {
    const res = await fetch(url);
    if (!res.ok) return null;
    const bytes = Buffer.from(await res.arrayBuffer());
    mkdirSync(dirname(cached), { recursive: true });
    writeFileSync(cached, bytes);
    return bytes;
  } catch {
    return null;
  }
}
