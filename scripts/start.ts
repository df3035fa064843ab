/** `npm start`: build the browser bundles, then migrate, seed and serve (src/main.ts). */
import { buildClient } from "./build-client";

if (!process.env.CLIENT_DIR) {
  const started = performance.now();
  await buildClient();
  console.log(`Client bundles built in ${Math.round(performance.now() - started)} ms`);
}
await import("../src/main");
