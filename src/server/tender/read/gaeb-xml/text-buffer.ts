// Collects GAEB formatted text (<p>, <span>, <br>) into lines with whitespace collapsed.

/** The test first skips the (slow) replace for the common case of single spaces only. */
export const collapseWhitespace = (s: string) => (/\s\s|[^\S ]/.test(s) ? s.replace(/\s+/g, " ") : s).trim();

export class LineBuffer {
  private readonly lines: string[] = [];
  private current = "";

  add(text: string): void {
    this.current += text;
  }

  /** Appends an inline piece (a text complement) to the current line, separated by a space. */
  addInline(text: string): void {
    if (text) this.current += ` ${text} `;
  }

  breakLine(): void {
    const line = collapseWhitespace(this.current);
    if (line) this.lines.push(line);
    this.current = "";
  }

  join(separator: string): string {
    this.breakLine();
    return this.lines.join(separator);
  }
}
