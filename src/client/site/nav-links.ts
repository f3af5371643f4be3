/** The landing page's sections in the header and footer (requirements 1.2). */
export const SECTION_LINKS = [
  { label: "Startseite", id: "home" },
  { label: "Funktionen", id: "features" },
  { label: "Leistungen", id: "services" },
  { label: "Wertschöpfung", id: "value-analysis" },
  { label: "Preise", id: "pricing" },
  { label: "Kontakt", id: "contact" },
] as const;
