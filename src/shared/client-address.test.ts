import { describe, expect, test } from "bun:test";
import { clientAddress } from "./client-address";

describe("clientAddress", () => {
  test("without trusted proxies the socket address wins over any header", () => {
    expect(clientAddress("10.0.0.5", "1.2.3.4", 0)).toBe("10.0.0.5");
  });

  test("behind one proxy the last X-Forwarded-For entry is the client; spoofed entries before it are ignored", () => {
    expect(clientAddress("10.0.0.1", "6.6.6.6, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.1", "203.0.113.9", 1)).toBe("203.0.113.9");
  });

  test("behind two proxies it counts two from the right; a short header falls back to its first entry", () => {
    expect(clientAddress("10.0.0.1", "6.6.6.6, 203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.1", "203.0.113.9", 2)).toBe("203.0.113.9");
  });

  test("a trusted proxy that sent no header leaves the socket address", () => {
    expect(clientAddress("10.0.0.1", null, 1)).toBe("10.0.0.1");
    expect(clientAddress(undefined, null, 0)).toBe("local");
  });
});
