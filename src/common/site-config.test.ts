import { describe, expect, it } from "vitest";
import { SITE_CONFIG_MARKER, SITE_TOKENS, fillSiteConfig, phoneHref, type SiteConfig } from "./site-config";

const config: SiteConfig = {
  publicOrigin: "https://bauklar.example",
  operator: {
    company: "Bau & Partner <GmbH>",
    street: 'Weg "1"',
    city: "35510 Butzbach",
    representatives: "A. Beispiel",
    email: "info@bauklar.example",
    phone: "+49 6033 12 34",
    phoneHref: phoneHref("+49 6033 12 34"),
    vatId: "DE1",
    register: "HRB 1",
    notice: "",
  },
  processors: { llm: "Kein Sprachmodell.", mail: "Kein Mailserver." },
};

describe("fillSiteConfig", () => {
  const page = [
    "<html><head>",
    `<link rel="canonical" href="${SITE_TOKENS.publicOrigin}/agb" />`,
    `<script type="application/ld+json">${JSON.stringify({ url: `${SITE_TOKENS.publicOrigin}/`, legalName: SITE_TOKENS.operator.company })}</script>`,
    SITE_CONFIG_MARKER,
    "</head><body>",
    `<p>${SITE_TOKENS.operator.company}</p><a href="tel:${SITE_TOKENS.operator.phoneHref}">${SITE_TOKENS.operator.phone}</a><span title="${SITE_TOKENS.operator.street}"></span>`,
    "</body></html>",
  ].join("");
  const out = fillSiteConfig(page, config);

  it("escapes values for HTML text and attributes", () => {
    expect(out).toContain('<link rel="canonical" href="https://bauklar.example/agb" />');
    expect(out).toContain("<p>Bau &amp; Partner &lt;GmbH&gt;</p>");
    expect(out).toContain('<a href="tel:+4960331234">+49 6033 12 34</a>');
    expect(out).toContain('title="Weg &quot;1&quot;"');
    expect(out).not.toContain("__BK_");
  });

  it("writes JSON text inside JSON-LD, with < escaped", () => {
    const ld = out.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1];
    expect(ld).not.toContain("<");
    expect(JSON.parse(ld)).toEqual({ url: "https://bauklar.example/", legalName: "Bau & Partner <GmbH>" });
  });

  it("puts the configuration block at the marker as non-executable JSON", () => {
    const block = out.match(/<script type="application\/json" id="site-config">([\s\S]*?)<\/script>/)![1];
    expect(block).not.toContain("<");
    expect(JSON.parse(block)).toEqual(config);
    expect(out).not.toContain(SITE_CONFIG_MARKER);
  });

  it("without a marker the block goes before </head>", () => {
    expect(fillSiteConfig("<head><title>x</title></head><body></body>", config)).toMatch(
      /<script type="application\/json" id="site-config">.*<\/script>\n {2}<\/head>/,
    );
  });
});
