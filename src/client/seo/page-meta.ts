// Titles and descriptions of the pre-rendered public pages (the landing issue extends this
// with Open Graph and structured data).
export interface PageMeta {
  path: string;
  file: string;
  title: string;
  description: string;
}

export const PAGE_META: PageMeta[] = [
  {
    path: "/",
    file: "index.html",
    title: "bauklar – KI-gestützte Analyse von Bauausschreibungen",
    description: "LV-Analyse für Bauunternehmen: Positionen prüfen, Nachtragspotenzial erkennen, Kalkulationsrisiken vermeiden – Auswertung in 48 Stunden.",
  },
  { path: "/impressum", file: "impressum.html", title: "Impressum | bauklar", description: "Impressum der bauklar Plattform." },
  { path: "/agb", file: "agb.html", title: "AGB | bauklar", description: "Allgemeine Geschäftsbedingungen der bauklar Plattform." },
];
