// Setup of the projects browser tests through the public API: companies, invited users, and a
// GAEB file of a chosen size.
import { apiSession } from "../helpers/e2e";

export const PASSWORD = "Projekt!Passwort1";

export type Api = Awaited<ReturnType<typeof apiSession>>;

/** Invites and registers a user (as the given admin session) and returns its signed-in API. */
export async function invitedUser(baseUrl: string, admin: Api, username: string, role: "company_admin" | "user", companyId: number) {
  const { registrationLink } = await admin.call<{ registrationLink: { token: string } }>("POST", "/api/registration-links", {
    email: `${username}@bau.test`,
    role,
    companyId,
  });
  const res = await fetch(`${baseUrl}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: registrationLink.token, username, password: PASSWORD, firstName: username, lastName: "Bau" }),
  });
  if (!res.ok) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
  return apiSession(baseUrl, username, PASSWORD);
}

/** A well-formed GAEB DA XML X83 of about `bytes` bytes (many positions). */
export function gaebOfSize(bytes: number): Buffer {
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"><GAEBInfo><Version>3.3</Version></GAEBInfo><Award><DP>83</DP><BoQ><BoQBody><BoQCtgy RNoPart="01"><LblTx>Rohbau</LblTx><BoQBody><Itemlist>\n`;
  const tail = `</Itemlist></BoQBody></BoQCtgy></BoQBody></BoQ></Award></GAEB>\n`;
  const parts: string[] = [head];
  let size = head.length + tail.length;
  for (let i = 1; size < bytes; i++) {
    const item = `<Item RNoPart="${String(i).padStart(4, "0")}"><Qty>${i}.000</Qty><QU>m3</QU><Description><CompleteText><OutlineText><OutlTxt><TextOutlTxt><span>Beton C25/30 für Fundamente, Position ${i}, einschließlich Schalung und Bewehrung</span></TextOutlTxt></OutlTxt></OutlineText></CompleteText></Description></Item>\n`;
    parts.push(item);
    size += Buffer.byteLength(item);
  }
  parts.push(tail);
  return Buffer.from(parts.join(""));
}

export const evaluationHtml = (title: string) =>
  `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title}</title><style>h1{color:#124a6f}</style></head>` +
  `<body><h1>${title}</h1><p id="befund">Nachtragspotenzial in Position 0010: hoch.</p>` +
  `<script>document.getElementById("befund").textContent = "SKRIPT AUSGEFÜHRT"; top.location = "/agb";</script>` +
  `<form action="/api/logout" method="post"><button id="formular">Absenden</button></form>` +
  `<a id="wegnavigieren" href="/agb" target="_top">Zu den AGB</a></body></html>`;
