// Renders the little Markdown the answers use (paragraphs, quotes, lists, headings, **bold**,
// _italic_, `code`) as React elements — never as HTML, so an answer cannot inject markup. What
// follows a line "**Mehr dazu**" (the passages behind a knowledge-base answer) is collapsed.
import type { ReactNode } from "react";

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|(?<![\p{L}\d])_[^_\n]+_(?![\p{L}\d]))/u;

function inline(text: string, keyPrefix: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    const key = `${keyPrefix}-${i}`;
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4) return <strong key={key}>{part.slice(2, -2)}</strong>;
    if (part.startsWith("`") && part.endsWith("`") && part.length > 2)
      return (
        <code key={key} className="rounded bg-slate-100 px-1 text-[0.85em]">
          {part.slice(1, -1)}
        </code>
      );
    if (part.startsWith("_") && part.endsWith("_") && part.length > 2) return <em key={key}>{part.slice(1, -1)}</em>;
    return part;
  });
}

type Block = { kind: "p" | "quote" | "ul" | "ol" | "h"; lines: string[] };

function blocks(text: string): Block[] {
  const out: Block[] = [];
  for (const raw of text.replace(/\r\n/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    const kind: Block["kind"] | null = !line.trim()
      ? null
      : /^>\s?/.test(line)
        ? "quote"
        : /^\s*[-*•]\s+/.test(line)
          ? "ul"
          : /^\s*\d+[.)]\s+/.test(line)
            ? "ol"
            : /^#{1,4}\s+/.test(line)
              ? "h"
              : "p";
    if (kind === null) {
      out.push({ kind: "p", lines: [] }); // paragraph break
      continue;
    }
    const content = line
      .replace(/^>\s?/, "")
      .replace(/^\s*[-*•]\s+/, "")
      .replace(/^\s*\d+[.)]\s+/, "")
      .replace(/^#{1,4}\s+/, "");
    const last = out[out.length - 1];
    if (last && last.kind === kind && kind !== "h" && last.lines.length > 0) last.lines.push(content);
    else out.push({ kind, lines: [content] });
  }
  return out.filter((b) => b.lines.length > 0);
}

/** The line that starts the collapsed part of an answer (kb-responder.ts MORE). */
const MORE_LINE = /\n\*\*Mehr dazu\*\*\n/;

export function MessageContent({ text }: { text: string }) {
  const more = MORE_LINE.exec(text);
  if (!more) return <Blocks text={text} />;
  return (
    <div className="space-y-2">
      <Blocks text={text.slice(0, more.index)} />
      <details className="group rounded-md border border-slate-200 bg-slate-50/60 px-3 py-1.5" data-testid="answer-more">
        <summary className="cursor-pointer select-none text-sm font-medium text-brand-700">Mehr dazu</summary>
        <div className="mt-2">
          <Blocks text={text.slice(more.index + more[0].length)} />
        </div>
      </details>
    </div>
  );
}

function Blocks({ text }: { text: string }) {
  return (
    <div className="space-y-2 break-words">
      {blocks(text).map((b, i) => {
        const key = `b${i}`;
        switch (b.kind) {
          case "quote":
            return (
              <blockquote key={key} className="border-l-4 border-brand-200 bg-brand-50/60 py-1 pl-3 pr-2 text-slate-700">
                {b.lines.map((l, j) => (
                  <p key={j} className={j ? "mt-1" : undefined}>
                    {inline(l, `${key}-${j}`)}
                  </p>
                ))}
              </blockquote>
            );
          case "ul":
          case "ol": {
            const List = b.kind === "ul" ? "ul" : "ol";
            return (
              <List key={key} className={b.kind === "ul" ? "list-disc space-y-0.5 pl-5" : "list-decimal space-y-0.5 pl-5"}>
                {b.lines.map((l, j) => (
                  <li key={j}>{inline(l, `${key}-${j}`)}</li>
                ))}
              </List>
            );
          }
          case "h":
            return (
              <p key={key} className="font-semibold">
                {inline(b.lines[0], key)}
              </p>
            );
          default:
            return (
              <p key={key} className="whitespace-pre-line">
                {inline(b.lines.join("\n"), key)}
              </p>
            );
        }
      })}
    </div>
  );
}
