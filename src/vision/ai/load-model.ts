import { basename } from "node:path";
import type { InferenceSession } from "onnxruntime-node";
import { VisionError } from "../vision-error.ts";
import { FOAM_UNET } from "./model-contract.ts";

const BUNDLED_MODEL_FILE = "foam-unet-v2.onnx";

/**
 * How to feed a model and read its answer. The bundled model's contract is FOAM_UNET; a model
 * plugged in with AI_MODEL_PATH may describe itself in a sidecar `<model>.json` with these fields
 * (all optional; see assets/models/MODEL_CARD.md).
 */
export type ModelContract = {
  model: string;
  version: string;
  inputWidth: number;
  inputHeight: number;
  /** Per-channel RGB normalisation applied to 0-1 values: (v - mean) / std. */
  mean: [number, number, number];
  std: [number, number, number];
  /** "logits" gets a sigmoid; "probabilities" is used as is (clamped to 0-1). */
  output: "logits" | "probabilities";
  /**
   * "paper": before mean/std, scale each channel so its 75th percentile over the frame (the paper)
   * is 0.9, which removes exposure and white balance. "none" (default for plugged-in models): plain 0-1.
   */
  normalise?: "paper" | "none";
  inputName?: string;
  outputName?: string;
};

export type ModelInfo = {
  model: string;
  version: string;
  input: string;
  source: "bundled" | "AI_MODEL_PATH" | "path";
  file: string;
};

export type SegmentationModel = {
  session: InferenceSession;
  contract: ModelContract;
  inputName: string;
  outputName: string;
  info: ModelInfo;
  threads: number;
};

export type LoadOptions = {
  /** onnxruntime intra-op threads (default 2, or AI_THREADS). */
  threads?: number;
};

type Ort = typeof import("onnxruntime-node");

const cache = new Map<string, Promise<SegmentationModel>>();

function unavailable(reason: string, cause?: unknown): VisionError {
  const e = new VisionError(`AI model not available: ${reason}. The classic scanner still works.`);
  if (cause !== undefined) (e as Error & { cause?: unknown }).cause = cause;
  return e;
}

/**
 * The bundled model's path. A file import (not `new URL(..., import.meta.url)`, which measured: a
 * compiled binary does not embed) makes `bun build --compile` embed the model; in the binary this
 * is a /$bunfs/ path, in dev the file in assets/models/. Dynamic, so a missing file is a clear
 * error at scan time instead of a worker that cannot start.
 */
async function bundledModelPath(): Promise<string> {
  try {
    return (await import("../../../assets/models/foam-unet-v2.onnx", { with: { type: "file" } })).default;
  } catch (e) {
    throw unavailable(`the model file ${BUNDLED_MODEL_FILE} was not found`, e);
  }
}

/** Which file would be loaded, and why. */
export async function resolveModelPath(path?: string): Promise<{ path: string; source: ModelInfo["source"] }> {
  if (path) return { path, source: "path" };
  const env = process.env.AI_MODEL_PATH?.trim();
  if (env) return { path: env, source: "AI_MODEL_PATH" };
  return { path: await bundledModelPath(), source: "bundled" };
}

function isTriple(v: unknown): v is [number, number, number] {
  return Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === "number" && Number.isFinite(x));
}

async function readSidecar(path: string): Promise<Partial<ModelContract> | null> {
  const file = Bun.file(`${path}.json`);
  if (!(await file.exists())) return null;
  let json: unknown;
  try {
    json = await file.json();
  } catch (e) {
    throw unavailable(`the model description ${basename(path)}.json is not valid JSON`, e);
  }
  if (!json || typeof json !== "object") throw unavailable(`the model description ${basename(path)}.json is not an object`);
  const j = json as Record<string, unknown>;
  const out: Partial<ModelContract> = {};
  if (typeof j.model === "string") out.model = j.model;
  if (typeof j.version === "string" || typeof j.version === "number") out.version = String(j.version);
  for (const k of ["inputWidth", "inputHeight"] as const) {
    if (j[k] === undefined) continue;
    if (!Number.isInteger(j[k]) || (j[k] as number) < 16 || (j[k] as number) > 4096) throw unavailable(`${basename(path)}.json: ${k} must be an integer from 16 to 4096`);
    out[k] = j[k] as number;
  }
  for (const k of ["mean", "std"] as const) {
    if (j[k] === undefined) continue;
    if (!isTriple(j[k]) || (k === "std" && (j[k] as number[]).some((x) => x <= 0))) throw unavailable(`${basename(path)}.json: ${k} must be three numbers`);
    out[k] = j[k] as [number, number, number];
  }
  if (j.normalise !== undefined) {
    if (j.normalise !== "paper" && j.normalise !== "none") throw unavailable(`${basename(path)}.json: normalise must be "paper" or "none"`);
    out.normalise = j.normalise;
  }
  if (j.output !== undefined) {
    if (j.output !== "logits" && j.output !== "probabilities") throw unavailable(`${basename(path)}.json: output must be "logits" or "probabilities"`);
    out.output = j.output;
  }
  if (typeof j.inputName === "string") out.inputName = j.inputName;
  if (typeof j.outputName === "string") out.outputName = j.outputName;
  return out;
}

async function load(path: string, source: ModelInfo["source"], threads: number): Promise<SegmentationModel> {
  // A compiled binary embeds the bundled model under a hashed name: report the real one.
  const name = source === "bundled" ? BUNDLED_MODEL_FILE : basename(path);
  const file = Bun.file(path);
  if (!(await file.exists())) throw unavailable(`the model file ${name} was not found`);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (e) {
    throw unavailable(`the model file ${name} could not be read`, e);
  }
  if (bytes.length === 0) throw unavailable(`the model file ${name} is empty`);

  let ort: Ort;
  try {
    ort = await import("onnxruntime-node");
  } catch (e) {
    throw unavailable("the ONNX runtime (onnxruntime-node) could not be loaded", e);
  }
  let session: InferenceSession;
  try {
    // From bytes, not a path: the native loader cannot read files embedded in a compiled binary.
    session = await ort.InferenceSession.create(bytes, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: "sequential",
      graphOptimizationLevel: "all",
      // Measured: the arena kept ~200 MB per worker after a scan for no speed gain.
      enableCpuMemArena: false,
      logSeverityLevel: 3,
    });
  } catch (e) {
    throw unavailable(`the model file ${name} is not a valid ONNX model`, e);
  }

  const sidecar = source === "bundled" ? null : await readSidecar(path);
  const meta = session.inputMetadata?.[0];
  const shape = meta && meta.isTensor ? meta.shape : [];
  const dim = (i: number) => (typeof shape[i] === "number" && (shape[i] as number) > 0 ? (shape[i] as number) : undefined);
  if (shape.length && (shape.length !== 4 || (dim(1) !== undefined && dim(1) !== 3))) {
    throw unavailable(`${name} expects input of shape [${shape.join(", ")}], not [1, 3, height, width] RGB`);
  }
  const base: ModelContract =
    source === "bundled"
      ? { ...FOAM_UNET }
      : {
          model: name.replace(/\.onnx$/i, ""),
          version: "external",
          inputWidth: dim(3) ?? FOAM_UNET.inputWidth,
          inputHeight: dim(2) ?? FOAM_UNET.inputHeight,
          mean: FOAM_UNET.mean,
          std: FOAM_UNET.std,
          output: "logits",
          normalise: "none",
        };
  const contract: ModelContract = { ...base, ...(sidecar ?? {}) };
  if ((dim(2) !== undefined && dim(2) !== contract.inputHeight) || (dim(3) !== undefined && dim(3) !== contract.inputWidth)) {
    throw unavailable(`${name} has a fixed input of ${dim(3)} x ${dim(2)}, not ${contract.inputWidth} x ${contract.inputHeight}`);
  }
  const inputName = contract.inputName ?? session.inputNames[0];
  const outputName = contract.outputName ?? session.outputNames[0];
  if (!session.inputNames.includes(inputName)) throw unavailable(`${name} has no input named ${inputName}`);
  if (!session.outputNames.includes(outputName)) throw unavailable(`${name} has no output named ${outputName}`);
  return {
    session,
    contract,
    inputName,
    outputName,
    threads,
    info: {
      model: contract.model,
      version: contract.version,
      input: `${contract.inputWidth}x${contract.inputHeight}`,
      source,
      file: name,
    },
  };
}

/**
 * Load (once per worker, then cached) the segmentation model: `path`, else AI_MODEL_PATH, else the
 * bundled assets/models/foam-unet-v2.onnx. Throws a VisionError "AI model not available: ..." when
 * the file is missing, corrupt or does not fit the contract; a failure is not cached, so fixing the
 * file fixes the next scan.
 */
export async function loadSegmentationModel(path?: string, opts: LoadOptions = {}): Promise<SegmentationModel> {
  const resolved = await resolveModelPath(path);
  const envThreads = Number(process.env.AI_THREADS);
  const threads = Math.max(1, Math.min(8, Math.round(opts.threads ?? (Number.isFinite(envThreads) && envThreads > 0 ? envThreads : 2))));
  const key = `${resolved.path}|${threads}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = load(resolved.path, resolved.source, threads);
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return await pending;
}

/** Forget cached sessions (tests; an operator swapping AI_MODEL_PATH needs a restart otherwise). */
export async function releaseSegmentationModels(): Promise<void> {
  const all = [...cache.values()];
  cache.clear();
  for (const p of all) {
    try {
      await (await p).session.release();
    } catch {
      // failed loads have nothing to release
    }
  }
}

/** model_info for a scan result: the loaded model's, or the bundled model's when none is given. */
export function modelInfo(model?: SegmentationModel): ModelInfo {
  if (model) return { ...model.info };
  return {
    model: FOAM_UNET.model,
    version: FOAM_UNET.version,
    input: `${FOAM_UNET.inputWidth}x${FOAM_UNET.inputHeight}`,
    source: "bundled",
    file: BUNDLED_MODEL_FILE,
  };
}
