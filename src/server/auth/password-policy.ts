// Every path that sets a password goes through newPasswordHash (registration, own change, admin
// reset, the configured first admin): the spec's rules (8 characters, four classes) and a check
// against a shipped list of common and breached passwords (issue 22, item 8).
//
// The list: the 49 000 most common breached passwords of zxcvbn-ts (@zxcvbn-ts/language-common)
// plus its German lists (common words, Wikipedia words, first and last names; @zxcvbn-ts/language-de)
// and German keyboard walks — about 117 000 entries. A password is refused when, lower-cased, with
// leetspeak undone (P@ssw0rd) and without trailing (or leading) digits and symbols (Sommer2024!),
// it is one of them.
import { createRequire } from "node:module";
import { passwordRequirementsError } from "../../common/schemas/user";
import { badRequest } from "../http/errors";
import { hashPassword } from "./passwords";

export const PASSWORD_TOO_COMMON =
  "Dieses Passwort ist zu verbreitet oder in bekannten Datenlecks enthalten und daher leicht zu erraten. Bitte wählen Sie ein anderes Passwort.";

const require = createRequire(import.meta.url);
const LISTS = [
  "@zxcvbn-ts/language-common/src/passwords.json",
  "@zxcvbn-ts/language-de/src/commonWords.json",
  "@zxcvbn-ts/language-de/src/wikipedia.json",
  "@zxcvbn-ts/language-de/src/firstnames.json",
  "@zxcvbn-ts/language-de/src/lastnames.json",
];
/** German keyboard rows and the product's own name, which the English-centred lists lack. */
const EXTRA = [
  "qwertz",
  "qwertzu",
  "qwertzui",
  "qwertzuiop",
  "qwertzuiopü",
  "ytrewq",
  "yxcvbn",
  "yxcvbnm",
  "asdfghjklö",
  "asdfghjklöä",
  "wertz",
  "bauklar",
];

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  if (!common) {
    common = new Set(EXTRA);
    for (const file of LISTS) for (const word of require(file) as string[]) common.add(String(word).toLowerCase());
  }
  return common;
}

/** Number of entries in the shipped list (documented and tested to be at least 100 000). */
export const commonPasswordCount = () => commonPasswords().size;

const LEET: Record<string, string> = {
  "0": "o",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "@": "a",
  $: "s",
  "€": "e",
  "!": "i",
  "|": "i",
  "+": "t",
};
const undoLeet = (s: string, one: "i" | "l") => s.replace(/[0134578@$€!|+]/g, (c) => (c === "1" ? one : LEET[c]));

/** The forms a password is compared in: as typed, without trailing or leading digits/symbols, each de-leeted. */
function candidates(password: string): Set<string> {
  const lower = password.toLowerCase().trim();
  const noTrailingSymbols = lower.replace(/[^\p{L}\p{N}]+$/u, "");
  const noTrailing = lower.replace(/[^\p{L}]+$/u, "");
  const core = noTrailing.replace(/^[^\p{L}]+/u, "");
  const out = new Set<string>();
  for (const form of [lower, noTrailingSymbols, noTrailing, core]) {
    if (form.length < 3) continue;
    out.add(form);
    out.add(undoLeet(form, "i"));
    out.add(undoLeet(form, "l"));
  }
  return out;
}

/** The German message when the password is common or breached (also as a variant), else null. */
export function commonPasswordError(password: string): string | null {
  const list = commonPasswords();
  for (const form of candidates(password)) if (list.has(form)) return PASSWORD_TOO_COMMON;
  return null;
}

/** The rules of the spec, then the list: the first message that applies, or null. */
export function newPasswordError(password: string): string | null {
  return passwordRequirementsError(password) ?? commonPasswordError(password);
}

/** The hash for a password about to be set; a 400 on `field` when it breaks a rule or is common. */
export async function newPasswordHash(password: string, field = "password"): Promise<string> {
  const error = newPasswordError(password);
  if (error) throw badRequest(error, { [field]: error });
  return hashPassword(password);
}
