import { randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

/** `sid` names this one sign-in, so POST /auth/logout can end it without ending the user's other sessions. */
export type SessionClaims = { typ: "session"; sub: string; tv: number; sid: string; exp: number };
/** A short-lived token good for one path only (a download or a progress stream opened without headers). */
export type ScopedClaims = { typ: "scoped"; sub: string; tv: number; path: string; exp: number; sid?: string };

export type TokenService = ReturnType<typeof createTokenService>;

/** HS256 keys shorter than this are guessable offline from any token (RFC 7518 §3.2 asks for ≥ 256 bits). */
export const JWT_SECRET_MIN_BYTES = 32;

export function newSessionId(): string {
  return randomBytes(16).toString("base64url");
}

export function createTokenService(secret: string, sessionTtlSeconds: number) {
  if (Buffer.byteLength(secret, "utf8") < JWT_SECRET_MIN_BYTES) {
    throw new Error(`The JWT secret must be at least ${JWT_SECRET_MIN_BYTES} bytes.`);
  }
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
    signSession(userId: number, tokenVersion: number, sessionId = newSessionId()) {
      return sign({ typ: "session", tv: tokenVersion, sid: sessionId }, String(userId), sessionTtlSeconds);
    },
    /** `sessionId`: the sign-in that asked for the link, so signing out ends the link too. */
    signScoped(userId: number, tokenVersion: number, path: string, ttlSeconds = 300, sessionId?: string) {
      return sign({ typ: "scoped", tv: tokenVersion, path, ...(sessionId ? { sid: sessionId } : {}) }, String(userId), ttlSeconds);
    },
    async verify(token: string): Promise<SessionClaims | ScopedClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        if (typeof payload.sub !== "string" || typeof payload.tv !== "number" || typeof payload.exp !== "number") return null;
        // A session token without a session id could not be ended by logout: not accepted.
        if (payload.typ === "session" && typeof payload.sid === "string" && payload.sid) {
          return { typ: "session", sub: payload.sub, tv: payload.tv, sid: payload.sid, exp: payload.exp };
        }
        if (payload.typ === "scoped" && typeof payload.path === "string") {
          const sid = typeof payload.sid === "string" && payload.sid ? { sid: payload.sid } : {};
          return { typ: "scoped", sub: payload.sub, tv: payload.tv, path: payload.path, exp: payload.exp, ...sid };
        }
        return null;
      } catch {
        return null;
      }
    },
  };
}
