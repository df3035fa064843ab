/** Stand-ins for the camera, canvas, fetch and EventSource so the scanner can run under happy-dom. */
import { mock } from "bun:test";

export type FetchRoute = (url: string, init?: RequestInit) => unknown | Promise<unknown>;

export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  emit(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent);
  }
  fail() {
    this.onerror?.(new Event("error"));
  }
  close() {
    this.closed = true;
  }
}

export type FakeCamera = { getUserMedia: ReturnType<typeof mock>; stopped: () => number };

const saved: { restore: () => void }[] = [];

function override(target: object, key: string, descriptor: PropertyDescriptor) {
  const previous = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { configurable: true, ...descriptor });
  saved.push({
    restore: () => {
      if (previous) Object.defineProperty(target, key, previous);
      else delete (target as Record<string, unknown>)[key];
    },
  });
}

/** A camera that grants a stream (or fails with `error`), and video/canvas elements that "work". */
export function installBrowserFakes({ cameraError, noMediaDevices }: { cameraError?: unknown; noMediaDevices?: boolean } = {}): FakeCamera {
  let stopped = 0;
  const track = { stop: () => (stopped += 1), kind: "video" };
  const getUserMedia = mock(async () => {
    if (cameraError) throw cameraError;
    return { getTracks: () => [track], getVideoTracks: () => [track] };
  });
  override(navigator, "mediaDevices", { value: noMediaDevices ? undefined : { getUserMedia } });
  const video = HTMLVideoElement.prototype as unknown as object;
  const sources = new WeakMap<object, unknown>();
  override(video, "srcObject", {
    get(this: object) {
      return sources.get(this) ?? null;
    },
    set(this: object, value: unknown) {
      sources.set(this, value);
    },
  });
  override(video, "readyState", { get: () => 4 });
  override(video, "videoWidth", { get: () => 1280 });
  override(video, "videoHeight", { get: () => 960 });
  override(video, "play", { value: () => Promise.resolve() });
  const context = new Proxy({}, { get: () => () => undefined });
  override(HTMLCanvasElement.prototype, "getContext", { value: () => context });
  override(HTMLCanvasElement.prototype, "toBlob", {
    value: (callback: (blob: Blob) => void) => callback(new Blob(["jpeg"], { type: "image/jpeg" })),
  });
  override(URL, "createObjectURL", { value: () => "blob:captured" });
  override(URL, "revokeObjectURL", { value: () => undefined });
  FakeEventSource.instances = [];
  override(globalThis, "EventSource", { value: FakeEventSource, writable: true });
  return { getUserMedia, stopped: () => stopped };
}

export function installFetch(routes: Record<string, FetchRoute>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchMock = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const path = url.replace(/^https?:\/\/[^/]+/, "").split("?")[0]!;
    const route = routes[`${init?.method ?? "GET"} ${path}`];
    if (!route) return new Response(JSON.stringify({ detail: `No route ${path}` }), { status: 404 });
    const value = await route(url, init);
    if (value instanceof Response) return value;
    return new Response(JSON.stringify(value), { status: 200, headers: { "content-type": "application/json" } });
  });
  override(globalThis, "fetch", { value: fetchMock, writable: true });
  return calls;
}

export function restoreBrowserFakes() {
  while (saved.length) saved.pop()!.restore();
}
