import { describe, expect, test } from "bun:test";
import { addressKey, clientAddress } from "./client-address";

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

describe("addressKey", () => {
  test("IPv4 as is, IPv4-mapped IPv6 unwrapped", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  test("IPv6 counts per /64, however it is written", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("[2001:db8::1]")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });
});
