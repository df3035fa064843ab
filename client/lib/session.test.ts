import { afterEach, describe, expect, mock, test } from "bun:test";
import { endSession, readSession, saveSession } from "./session";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
});

describe("endSession (Sign out)", () => {
  test("forgets the session at once and asks the server to end it, with the token in the header", async () => {
    const fetchMock = mock(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    saveSession("token-1", { email: "customer@demo.foam", role: "customer" });
    endSession();
    expect(readSession()).toEqual({ token: null, user: null });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(String(input)).toBe("/api/auth/logout");
    expect(init?.method).toBe("POST");
    expect((init?.headers as Record<string, string>).Authorization).toBe("Bearer token-1");
    expect(init?.keepalive).toBe(true);
    expect(String(input)).not.toContain("token-1");
  });

  test("signed out already: nothing to tell the server; a failing server does not matter", async () => {
    const fetchMock = mock(async () => {
      throw new TypeError("offline");
    });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    endSession();
    expect(fetchMock).not.toHaveBeenCalled();
    saveSession("token-2", { email: "sales@demo.foam", role: "sales" });
    endSession();
    expect(readSession().token).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
