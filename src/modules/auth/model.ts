import { t } from "elysia";

export const LoginBody = t.Object({
  email: t.String({ maxLength: 320 }),
  password: t.String({ maxLength: 1024 }),
});
export type LoginBody = typeof LoginBody.static;
