// Contract documents beside the LV (Besondere/Zusätzliche Vertragsbedingungen, Baubeschreibung)
// as paragraphs with their page, so that a clause found in them can be quoted with "Seite 3,
// Absatz 2". TXT is decoded as UTF-8 (Windows-1252 when it is not valid UTF-8), DOCX is read with
// mammoth (raw text, one paragraph per Word paragraph), PDF with PDF.js like the LV reader, running
// headers and footers left out. Runs in the reader thread like the LV itself.

import { extractRawText } from "mammoth";
import { GaebError } from "../errors";
import type { ReadLimits } from "../limits";
import { extractText } from "./pdf/extract-runs";
import { buildLines } from "./pdf/lines";
import { wordsText } from "./pdf/model";
import { removePageFurniture } from "./pdf/page-furniture";
import { checkPdfStreams } from "./pdf/pdf-guard";

export interface ContractDocumentInput {
  fileName: string;
  data: Uint8Array;
}

export interface ContractParagraph {
  text: string;
  /** 1-based page (PDF only). */
  page: number | null;
  /** 1-based paragraph: in the document (TXT, DOCX) or on its page (PDF). */
  paragraph: number;
}

export interface ContractText {
  document: string;
  paragraphs: ContractParagraph[];
  /** German note when the document could not be read (the review goes on without it). */
  error?: string;
}

export const CONTRACT_EXTENSIONS = ["pdf", "docx", "txt"] as const;

/** At most this many characters of one document are reviewed. */
const MAX_CHARS = 400_000;

function decodeText(data: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data).replace(/^\uFEFF/, "");
  } catch {
    return new TextDecoder("windows-1252").decode(data);
  }
}

/** Paragraphs are separated by blank lines; single line breaks inside one are joined. */
function paragraphsOf(text: string): ContractParagraph[] {
  const blocks = text
    .slice(0, MAX_CHARS)
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((b) => b.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);
  return blocks.map((text, i) => ({ text, page: null, paragraph: i + 1 }));
}

async function readPdf(data: Uint8Array, limits: ReadLimits): Promise<ContractParagraph[]> {
  checkPdfStreams(data, limits);
  const { pages } = await extractText(data, limits);
  const lines = pages.map(buildLines);
  const kept = removePageFurniture(
    lines,
    pages.map((p) => p.height),
  );
  const out: ContractParagraph[] = [];
  let chars = 0;
  kept.forEach((pageLines, index) => {
    const page = pages[index].number;
    const pitches = pageLines
      .slice(1)
      .map((l, i) => l.y - pageLines[i].y)
      .filter((d) => d > 0);
    const pitch = pitches.length ? pitches.sort((a, b) => a - b)[Math.floor(pitches.length / 2)] : 14;
    let current: string[] = [];
    let n = 0;
    const flush = () => {
      const text = current.join(" ").replace(/\s+/g, " ").trim();
      if (text && chars < MAX_CHARS) {
        out.push({ text, page, paragraph: ++n });
        chars += text.length;
      }
      current = [];
    };
    pageLines.forEach((line, i) => {
      // A gap clearly larger than the line pitch, or a bold line, starts a new paragraph.
      if (i > 0 && (line.y - pageLines[i - 1].y > pitch * 1.4 || line.words.every((w) => w.bold))) flush();
      current.push(wordsText(line.words));
      if (line.words.every((w) => w.bold)) flush();
    });
    flush();
  });
  return out;
}

/** Reads one contract document; a file that cannot be read gives an error note, not an exception. */
export async function readContractDocument(input: ContractDocumentInput, limits: ReadLimits): Promise<ContractText> {
  const ext = /\.([a-z0-9]+)$/i.exec(input.fileName)?.[1]?.toLowerCase();
  try {
    if (ext === "txt") return { document: input.fileName, paragraphs: paragraphsOf(decodeText(input.data)) };
    if (ext === "docx") {
      const { value } = await extractRawText({ buffer: Buffer.from(input.data) });
      return { document: input.fileName, paragraphs: paragraphsOf(value) };
    }
    if (ext === "pdf") return { document: input.fileName, paragraphs: await readPdf(input.data, limits) };
    return { document: input.fileName, paragraphs: [], error: "Format nicht unterstützt (PDF, DOCX oder TXT)." };
  } catch (err) {
    const message = err instanceof GaebError ? err.message : "Die Datei konnte nicht gelesen werden.";
    return { document: input.fileName, paragraphs: [], error: message };
  }
}
