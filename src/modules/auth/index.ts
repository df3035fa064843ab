import { Elysia } from "elysia";
import { originalRequest } from "../../shared/body-limit";
import { addressKey, clientAddress } from "../../shared/client-address";
import { requireJsonBody } from "../../shared/credentials";
import type { AppDeps } from "../../shared/deps";
import { AppError } from "../../shared/errors";
import { serializeUser } from "../users/serialize";
import { LoginBody } from "./model";
import { login, logout } from "./service";

export const authModule = ({ db, tokens, auth, config }: AppDeps) =>
  new Elysia({ prefix: "/auth", tags: ["Auth"] })
    .use(auth)
    .post(
      "/login",
      ({ body, request, server }) =>
        login(db, tokens, body, addressKey(clientAddress(server?.requestIP(originalRequest(request))?.address, request.headers.get("x-forwarded-for"), config.trustProxy))),
      { body: LoginBody, detail: { summary: "Sign in with e-mail and password; returns a bearer token and the user" } },
    )
    .post(
      "/logout",
      async ({ user, session, body, request, set }) => {
        // No body is needed; one that is sent must still be a JSON object, as everywhere in the API.
        requireJsonBody(request);
        if (body !== undefined && body !== null && (typeof body !== "object" || Array.isArray(body))) {
          throw new AppError(400, "The request body must be a JSON object.");
        }
        await logout(db, user.id, session);
        set.status = 204;
      },
      { role: "any", detail: { summary: "End this session: its token stops working at once (other sessions of the user stay signed in)" } },
    )
    .get("/profile", ({ user }) => serializeUser(user), {
      role: "any",
      detail: { summary: "The signed-in user" },
    });
