// Every client route of both spec route tables. The server answers unknown paths with the
// not-found page and status 404; the client router is built from the same list.
export const PUBLIC_PAGES = ["/", "/auth", "/impressum", "/agb", "/datenschutz", "/passwort-zuruecksetzen"] as const;

export const DASHBOARD_PAGES = [
  "/dashboard",
  "/dashboard/projects",
  "/dashboard/projects/:projectId",
  "/dashboard/project-detail/:projectId",
  "/dashboard/users",
  "/dashboard/orders",
  "/dashboard/companies",
  "/dashboard/registration-links",
  "/dashboard/inquiries",
  "/dashboard/settings",
  "/dashboard/chatbot-legal",
  "/dashboard/chatbot-construction",
  "/dashboard/chatbot-database",
  "/dashboard/rule-precision",
] as const;

export const OTHER_PAGES = ["/projects/:id/result"] as const;

const toRegex = (pattern: string) =>
  new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`);

const ALL = [...PUBLIC_PAGES, ...DASHBOARD_PAGES, ...OTHER_PAGES].map(toRegex);

export const isKnownPage = (path: string) => ALL.some((re) => re.test(path));
