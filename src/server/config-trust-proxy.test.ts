// Issue 22, item 3a: TRUST_PROXY=true let every client choose its own address. Only a list of
// proxy addresses or networks is accepted; anything else stops the start with a German message.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, trustedProxies } from "./config";

describe("TRUST_PROXY", () => {
  it("refuses true and hop counts at start, naming the fix", () => {
    for (const value of ["true", "1", "2"]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => trustedProxies(value)).toThrow(
        /TRUST_PROXY=.* ist nicht erlaubt\. Nennen Sie die Adressen oder Netze Ihrer Reverse-Proxys/,
      );
    }
  });

  it("refuses malformed entries", () => {
    for (const value of ["10.0.0.0/33", "proxy.example.de", "10.0.0.1/8/1", "::1/129", "*"])
      expect(() => trustedProxies(value)).toThrow(ConfigError);
  });

  it("accepts addresses, CIDR ranges and proxy-addr's names; off when empty", () => {
    expect(trustedProxies("10.0.0.5, 10.0.0.0/8,::1,fd00::/8,loopback")).toEqual(["10.0.0.5", "10.0.0.0/8", "::1", "fd00::/8", "loopback"]);
    expect(trustedProxies(undefined)).toBe(false);
    expect(trustedProxies("")).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1" }).trustProxy).toEqual(["127.0.0.1"]);
  });
});
