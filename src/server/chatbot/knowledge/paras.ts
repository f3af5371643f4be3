/** Fügt Absätze mit Leerzeile zusammen (der Responder zitiert absatzweise). */
export function paras(...paragraphs: string[]): string {
  return paragraphs.map((p) => p.trim()).join("\n\n");
}
