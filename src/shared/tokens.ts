import { jwtVerify, SignJWT } from "jose";

export type SessionClaims = { typ: "session"; sub: string; tv: number };
/** A short-lived token good for one path only (a download or a progress stream opened without headers). */
export type ScopedClaims = { typ: "scoped"; sub: string; tv: number; path: string };

export type TokenService = ReturnType<typeof createTokenService>;

export function createTokenService(secret: string, sessionTtlSeconds: number) {
  const key = new TextEncoder().encode(secret);

  async function sign(claims: Record<string, unknown>, subject: string, ttlSeconds: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(key);
  }

  return {
    sessionTtlSeconds,
    signSession(userId: number, tokenVersion: number) {
      return sign({ typ: "session", tv: tokenVersion }, String(userId), sessionTtlSeconds);
    },
    signScoped(userId: number, tokenVersion: number, path: string, ttlSeconds = 300) {
      return sign({ typ: "scoped", tv: tokenVersion, path }, String(userId), ttlSeconds);
    },
    async verify(token: string): Promise<SessionClaims | ScopedClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        if (typeof payload.sub !== "string" || typeof payload.tv !== "number") return null;
        if (payload.typ === "session") return { typ: "session", sub: payload.sub, tv: payload.tv };
        if (payload.typ === "scoped" && typeof payload.path === "string") {
          return { typ: "scoped", sub: payload.sub, tv: payload.tv, path: payload.path };
        }
        return null;
      } catch {
        return null;
      }
    },
  };
}
