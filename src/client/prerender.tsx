// Server-side entry used only at build time: renders the public pages to HTML so they are
// readable without JavaScript and paint before the bundle loads.
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { Root } from "./Root";
import { PAGE_META, type PageMeta } from "./seo/page-meta";

export { PAGE_META };
export type { PageMeta };

export async function render(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(<Root router={(app) => <StaticRouter location={url}>{app}</StaticRouter>} />);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}
