/** The scanner queue: scanned tools kept in localStorage between scanner, layout and editor (SPEC section 3). */
export type ToolPosition = { x: number; y: number; rotation: number; scale: number; deleted?: boolean };
export type ScannedTool = {
  id: string;
  createdAt: string;
  previewUrl: string;
  svg: string;
  detectionMethod: "aruco" | "contours";
  diagnostics: Record<string, unknown>;
  parameters: { contour_area_mm: number; [key: string]: unknown };
  contourPointsMm: [number, number][];
  position?: ToolPosition | null;
  name: string;
  category?: string;
  /** Photos the outline was computed from (absent on entries saved before multi-photo scans: one). */
  views?: number;
  /** Estimated tool height in mm (several photos); null from one photo. Default pocket depth reads it. */
  height_mm?: number | null;
  /** Estimated largest distance between the outline and the tool's true footprint, mm. */
  accuracy_mm?: number | null;
};

export const SCANNER_QUEUE_KEY = "scanner-queue";
const EVENT = "scanner-queue-change";

export function readQueue(): ScannedTool[] {
  if (typeof window === "undefined") return [];
  try {
    const parsed = JSON.parse(window.localStorage.getItem(SCANNER_QUEUE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((tool) => tool && typeof tool.id === "string") : [];
  } catch {
    return [];
  }
}

export function writeQueue(tools: ScannedTool[]): void {
  if (typeof window === "undefined") return;
  window.localStorage.setItem(SCANNER_QUEUE_KEY, JSON.stringify(tools));
  window.dispatchEvent(new Event(EVENT));
}

export function addToQueue(tool: ScannedTool): void {
  writeQueue([...readQueue(), tool]);
}

export function removeFromQueue(id: string): void {
  writeQueue(readQueue().filter((tool) => tool.id !== id));
}

export function updateInQueue(id: string, patch: Partial<ScannedTool>): void {
  writeQueue(readQueue().map((tool) => (tool.id === id ? { ...tool, ...patch } : tool)));
}

export function clearQueue(): void {
  writeQueue([]);
}

export function subscribeQueue(listener: () => void): () => void {
  if (typeof window === "undefined") return () => {};
  const onStorage = (event: StorageEvent) => event.key === SCANNER_QUEUE_KEY && listener();
  window.addEventListener(EVENT, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(EVENT, listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Placed means it has a position that is not flagged deleted (SPEC section 4). */
export function isPlaced(tool: ScannedTool): boolean {
  return Boolean(tool.position) && !tool.position?.deleted;
}
