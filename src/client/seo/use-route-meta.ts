// Keeps title, description, canonical and Open Graph URL right when the client moves between
// public pages (the first load already has them from the pre-rendered head).
import { useEffect } from "react";
import { withBrand } from "../hooks/use-page-title";
import { siteConfig } from "../site/site-config";
import { routeMeta } from "./route-meta";

function setMeta(selector: string, attr: "content" | "href", value: string) {
  const el = document.head.querySelector(selector);
  if (el) el.setAttribute(attr, value);
}

export function useRouteMeta(path: string) {
  useEffect(() => {
    const meta = routeMeta(path);
    if (!meta) return;
    const title = withBrand(meta.title);
    const url = `${siteConfig().publicOrigin}${path}`;
    document.title = title;
    setMeta('meta[name="description"]', "content", meta.description);
    setMeta('link[rel="canonical"]', "href", url);
    setMeta('meta[property="og:title"]', "content", title);
    setMeta('meta[property="og:description"]', "content", meta.description);
    setMeta('meta[property="og:url"]', "content", url);
  }, [path]);
}
