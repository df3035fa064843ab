import type { Config } from "../config";
import type { Db } from "../../db/client";
import type { AuthPlugin } from "./auth";
import type { TokenService } from "./tokens";
import type { VisionService } from "../modules/photo-tracing/vision-service";

/** Everything a feature module needs, created once in createApp and passed down explicitly. */
export type AppDeps = {
  config: Config;
  db: Db;
  tokens: TokenService;
  auth: AuthPlugin;
  vision: VisionService;
};
