import { describe, expect, it } from "vitest";
import { RequestError } from "../lib/api";
import { passwordChangeErrorText } from "./password-change";
import { logoFileProblem } from "./CompanyLogoUpload";

const err = (status: number, message: string) => new RequestError(status, JSON.stringify({ message }), message);

describe("Konto tab messages", () => {
  it("maps the wrong current password to the spec's text", () => {
    expect(passwordChangeErrorText(err(400, "Current password is incorrect"))).toBe(
      "Das aktuelle Passwort ist falsch. Bitte versuchen Sie es erneut.",
    );
  });
  it("other failures get the general text", () => {
    expect(passwordChangeErrorText(new Error("offline"))).toBe("Bei der Passwortänderung ist ein Fehler aufgetreten.");
    expect(passwordChangeErrorText(err(429, "Zu viele Versuche."))).toBe(
      "Bei der Passwortänderung ist ein Fehler aufgetreten. Zu viele Versuche.",
    );
  });
});

describe("logo file check", () => {
  it("takes PNG, JPG, WebP and GIF up to 2 MB", () => {
    expect(logoFileProblem({ type: "image/png", size: 2 * 1024 * 1024 })).toBeNull();
    expect(logoFileProblem({ type: "image/png", size: 2 * 1024 * 1024 + 1 })?.title).toBe("Datei zu groß");
    expect(logoFileProblem({ type: "application/pdf", size: 10 })?.title).toBe("Ungültiger Dateityp");
    expect(logoFileProblem({ type: "image/svg+xml", size: 10 })?.title).toBe("Ungültiger Dateityp");
  });
});
