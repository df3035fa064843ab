import { Elysia } from "elysia";
import { clientAddress } from "../../shared/client-address";
import type { AppDeps } from "../../shared/deps";
import { serializeUser } from "../users/serialize";
import { LoginBody } from "./model";
import { login } from "./service";

export const authModule = ({ db, tokens, auth, config }: AppDeps) =>
  new Elysia({ prefix: "/auth", tags: ["Auth"] })
    .use(auth)
    .post(
      "/login",
      ({ body, request, server }) =>
        login(db, tokens, body, clientAddress(server?.requestIP(request)?.address, request.headers.get("x-forwarded-for"), config.trustProxy)),
      { body: LoginBody, detail: { summary: "Sign in with e-mail and password; returns a bearer token and the user" } },
    )
    .get("/profile", ({ user }) => serializeUser(user), {
      role: "any",
      detail: { summary: "The signed-in user" },
    });
