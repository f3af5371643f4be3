// The shared "confirm with a secret" form: which field each kind asks for, and when the button waits.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SecretForm, type SecretKind } from "./ConfirmWithSecretDialog";

const render = (secret: SecretKind | null, extra: { label?: string; emptyMessage?: string } = {}) =>
  renderToStaticMarkup(
    <SecretForm id="f" secret={secret} confirmLabel="OK" failureText="x" onCancel={() => {}} onConfirm={async () => {}} {...extra} />,
  );

function submitButton(html: string): string {
  const tag = /<button[^>]*type="submit"[^>]*>/.exec(html)?.[0];
  expect(tag, "the form has a submit button").toBeDefined();
  return tag!;
}

describe("SecretForm", () => {
  it("asks for the current password as a password field; an empty one is refused with a message, so the button is ready", () => {
    const html = render("password");
    expect(html).toContain("Aktuelles Passwort");
    const input = /<input[^>]*>/.exec(html)?.[0] ?? "";
    expect(input).toContain('type="password"');
    expect(input).toContain('autoComplete="current-password"');
    expect(submitButton(html)).not.toMatch(/ disabled=""/);
  });

  it("asks for the authenticator code as a one-time code; while it is empty the button waits", () => {
    const html = render("code");
    expect(html).toContain("Ihr aktueller Code aus der Authenticator-App");
    expect(html).toContain('autoComplete="one-time-code"');
    expect(submitButton(html)).toMatch(/ disabled=""/);
  });

  it("a code step with its own label and message (the TOTP set-up) keeps the button ready", () => {
    const html = render("code", { label: "Bestätigungscode", emptyMessage: "Bitte Code eingeben" });
    expect(html).toContain("Bestätigungscode");
    expect(submitButton(html)).not.toMatch(/ disabled=""/);
  });

  it("without a secret only the confirmation remains", () => {
    const html = render(null);
    expect(html).not.toContain("<input");
    expect(submitButton(html)).not.toMatch(/ disabled=""/);
  });
});
