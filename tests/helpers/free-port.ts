/**
 * A TCP port the OS says is free now, for a test server started as a child process. A random port
 * in 20000-40000 once collided with one in use (the kernel's ephemeral range starts at 32768, where
 * the browser's own connections live) and the clean-clone CI went red. It may still be taken before
 * the child binds it: callers that can, retry (tests/e2e/helpers.ts startServer).
 */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = Number(probe.port);
  probe.stop(true);
  return port;
}
