import { useEffect, useState } from "react";
import { readQueue, subscribeQueue, type ScannedTool } from "../../lib/scanner-queue";

/**
 * The localStorage queue as React state. `ready` stays false on the server and during hydration,
 * so the first client render matches the server's empty one.
 */
export function useScannerQueue(): { tools: ScannedTool[]; ready: boolean } {
  const [state, setState] = useState<{ tools: ScannedTool[]; ready: boolean }>({ tools: [], ready: false });
  useEffect(() => {
    const sync = () => setState({ tools: readQueue(), ready: true });
    sync();
    return subscribeQueue(sync);
  }, []);
  return state;
}
