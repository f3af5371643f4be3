// Builds small GAEB DA XML documents for tests (not used by production code).

const NS_DA83_33 = "http://www.gaeb.de/GAEB_DA_XML/DA83/3.3";

export interface ItemSpec {
  rno: string;
  index?: string;
  qty?: string;
  unit?: string;
  up?: string;
  it?: string;
  short?: string;
  long?: string;
  /** Raw child elements, e.g. "<Provis>WithoutTotal</Provis>". */
  extra?: string;
}

const para = (text: string) => `<p><span>${text}</span></p>`;

export function item(spec: ItemSpec): string {
  const index = spec.index ? ` RNoIndex="${spec.index}"` : "";
  const field = (name: string, value?: string) => (value === undefined ? "" : `<${name}>${value}</${name}>`);
  const short = spec.short ? `<OutlineText><OutlTxt><TextOutlTxt>${para(spec.short)}</TextOutlTxt></OutlTxt></OutlineText>` : "";
  const long = spec.long ? `<DetailTxt><Text>${para(spec.long)}</Text></DetailTxt>` : "";
  const description = short || long ? `<Description><CompleteText>${long}${short}</CompleteText></Description>` : "";
  return (
    `<Item RNoPart="${spec.rno}"${index}>${spec.extra ?? ""}` +
    `${field("Qty", spec.qty)}${field("QU", spec.unit)}${field("UP", spec.up)}${field("IT", spec.it)}` +
    `${description}</Item>`
  );
}

export const itemlist = (...items: string[]) => `<Itemlist>${items.join("")}</Itemlist>`;

export function category(rno: string, label: string, body: string, extra = ""): string {
  return `<BoQCtgy RNoPart="${rno}"><LblTx>${para(label)}</LblTx>${extra}<BoQBody>${body}</BoQBody></BoQCtgy>`;
}

export function gaebXml(options: {
  body: string;
  namespace?: string;
  dp?: string;
  version?: string;
  breakdown?: string[];
  encoding?: string;
}): string {
  const { body, namespace = NS_DA83_33, dp = "83", version = "3.3", breakdown = ["Item"] } = options;
  const bkdn = breakdown.map((type) => `<BoQBkdn><Type>${type}</Type></BoQBkdn>`).join("");
  return (
    `<?xml version="1.0" encoding="${options.encoding ?? "UTF-8"}"?>\n` +
    `<GAEB xmlns="${namespace}"><GAEBInfo><Version>${version}</Version></GAEBInfo>` +
    `<PrjInfo><NamePrj>Testprojekt</NamePrj></PrjInfo>` +
    `<Award><DP>${dp}</DP><BoQ><BoQInfo><Name>Test-LV</Name>${bkdn}</BoQInfo>` +
    `<BoQBody>${body}</BoQBody></BoQ></Award></GAEB>`
  );
}

/** GAEB 90: 80-character records, record type first, record number in the last 6 columns. */
export function gaeb90Sample(): string {
  const record = (type: string, content: string, n: number) => `${type}${content}`.padEnd(74) + String(n).padStart(6, "0");
  return [
    record("00", "        83   Testprojekt", 1),
    record("01", "Neubau Testhalle", 2),
    record("11", "01  Erdarbeiten", 3),
    record("21", "010010    100000m3", 4),
    record("25", "Boden loesen", 5),
    record("99", "", 6),
  ].join("\r\n");
}

export const GAEB_2000_SAMPLE = "#begin[GAEB]\r\n#begin[GAEBInfo]\r\n[Version]1.2[end]\r\n#end[GAEBInfo]\r\n#end[GAEB]\r\n";
