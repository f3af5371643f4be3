// Titles, descriptions and structured data of the site (requirements 1.2: brand suffix,
// canonical domain, descriptive titles, opening hours, price and rating in the metadata).
// The pre-renderer writes PAGE_META[].head into the public pages; the origin and operator
// values are tokens the server fills at run time (src/common/site-config.ts).
import { SITE_CONFIG_MARKER, SITE_TOKENS } from "../../common/site-config";
import { withBrand } from "../hooks/use-page-title";
import { PAGE_TITLES, routeMeta, type RouteMeta } from "./route-meta";

export { PAGE_TITLES, ROUTE_META, routeMeta, type RouteMeta } from "./route-meta";

export const OPENING_HOURS = "Mo-Fr 09:00-18:00";
export const OG_IMAGE = {
  path: "/static/og-image.jpg",
  width: 1200,
  height: 630,
  alt: "bauklar – KI-gestützte LV-Analyse für Bauunternehmen",
};

const O = SITE_TOKENS.publicOrigin;
const op = SITE_TOKENS.operator;
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

/** schema.org data of the start page. Price and rating are the spec's marketing figures. */
export const STRUCTURED_DATA = {
  "@context": "https://schema.org",
  "@graph": [
    {
      "@type": "Organization",
      "@id": `${O}/#organization`,
      name: "bauklar",
      legalName: op.company,
      url: `${O}/`,
      logo: `${O}/static/logo-symbol.svg`,
      email: op.email,
      telephone: op.phone,
      address: { "@type": "PostalAddress", streetAddress: op.street, addressLocality: op.city, addressCountry: "DE" },
      contactPoint: {
        "@type": "ContactPoint",
        contactType: "customer service",
        url: `${O}/kontakt`,
        email: op.email,
        telephone: op.phone,
        availableLanguage: ["de"],
        hoursAvailable: { "@type": "OpeningHoursSpecification", dayOfWeek: WEEKDAYS, opens: "09:00", closes: "18:00" },
      },
    },
    {
      "@type": "ProfessionalService",
      "@id": `${O}/#service`,
      name: "bauklar – KI-gestützte LV-Analyse",
      url: `${O}/`,
      image: `${O}${OG_IMAGE.path}`,
      telephone: op.phone,
      email: op.email,
      address: { "@type": "PostalAddress", streetAddress: op.street, addressLocality: op.city, addressCountry: "DE" },
      openingHours: OPENING_HOURS,
      areaServed: "DE",
      provider: { "@id": `${O}/#organization` },
    },
    {
      "@type": "SoftwareApplication",
      "@id": `${O}/#software`,
      name: "bauklar",
      applicationCategory: "BusinessApplication",
      operatingSystem: "Web",
      inLanguage: "de-DE",
      url: `${O}/`,
      offers: { "@type": "Offer", price: "99.00", priceCurrency: "EUR" },
      aggregateRating: { "@type": "AggregateRating", ratingValue: "4.8", ratingCount: "248", bestRating: "5", worstRating: "1" },
    },
    {
      "@type": "WebSite",
      "@id": `${O}/#website`,
      url: `${O}/`,
      name: "bauklar",
      inLanguage: "de-DE",
      publisher: { "@id": `${O}/#organization` },
    },
    {
      "@type": "ItemList",
      name: "Navigation",
      itemListElement: [
        { name: "Projekte", path: "/dashboard/projects" },
        { name: PAGE_TITLES.chatbotLegal, path: "/dashboard/chatbot-legal" },
        { name: PAGE_TITLES.contact, path: "/kontakt" },
      ].map((item, i) => ({ "@type": "SiteNavigationElement", position: i + 1, name: item.name, url: `${O}${item.path}` })),
    },
  ],
};

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The <head> part of a pre-rendered page (the server fills the tokens and the marker). */
export function headFor(meta: RouteMeta, opts: { structuredData?: boolean } = {}): string {
  const title = withBrand(meta.title);
  const url = `${O}${meta.path}`;
  const lines = [
    `<title>${esc(title)}</title>`,
    `<meta name="description" content="${esc(meta.description)}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="bauklar" />`,
    `<meta property="og:locale" content="de_DE" />`,
    `<meta property="og:title" content="${esc(title)}" />`,
    `<meta property="og:description" content="${esc(meta.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${O}${OG_IMAGE.path}" />`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="${esc(OG_IMAGE.alt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  if (opts.structuredData)
    lines.push(`<script type="application/ld+json">${JSON.stringify(STRUCTURED_DATA).replace(/</g, "\\u003c")}</script>`);
  lines.push(SITE_CONFIG_MARKER);
  return lines.join("\n    ");
}

/** The pre-rendered public pages (scripts/prerender.mjs). */
export interface PageMeta {
  path: string;
  file: string;
  title: string;
  description: string;
  head: string;
}

const prerendered = (path: string, file: string, structuredData = false): PageMeta => {
  const meta = routeMeta(path)!;
  return { path, file, title: withBrand(meta.title), description: meta.description, head: headFor(meta, { structuredData }) };
};

export const PAGE_META: PageMeta[] = [
  prerendered("/", "index.html", true),
  prerendered("/impressum", "impressum.html"),
  prerendered("/agb", "agb.html"),
  prerendered("/datenschutz", "datenschutz.html"),
];
