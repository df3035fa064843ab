import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSegmentationModel, modelInfo, releaseSegmentationModels } from "./load-model.ts";

const tmp = mkdtempSync(join(tmpdir(), "foam-ai-"));
const BUNDLED = join(import.meta.dir, "../../../assets/models/foam-unet-v2.onnx");

async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a failure");
}

afterEach(() => {
  delete process.env.AI_MODEL_PATH;
});

describe("loadSegmentationModel", () => {
  test("loads the committed model once and describes it", async () => {
    const a = await loadSegmentationModel();
    const b = await loadSegmentationModel();
    expect(b).toBe(a);
    expect(a.info).toEqual({ model: "foam-unet", version: "2", input: "384x512", source: "bundled", file: "foam-unet-v2.onnx" });
    expect(a.contract.output).toBe("logits");
    expect(modelInfo(a)).toEqual(modelInfo());
    expect(modelInfo().model).toBe("foam-unet");
    expect(modelInfo().version).toBe("2");
  });

  test("a missing model file is a VisionError that says the classic scanner still works", async () => {
    const e = await failure(loadSegmentationModel(join(tmp, "nope.onnx")));
    expect(e.name).toBe("VisionError");
    expect(e.message).toBe("AI model not available: the model file nope.onnx was not found. The classic scanner still works.");
  });

  test("a corrupt or empty model file is a VisionError", async () => {
    const bad = join(tmp, "corrupt.onnx");
    writeFileSync(bad, new Uint8Array(4096).map((_, i) => (i * 7919) & 255));
    const e = await failure(loadSegmentationModel(bad));
    expect(e.name).toBe("VisionError");
    expect(e.message).toContain("AI model not available: the model file corrupt.onnx is not a valid ONNX model");
    const empty = join(tmp, "empty.onnx");
    writeFileSync(empty, "");
    expect((await failure(loadSegmentationModel(empty))).message).toContain("is empty");
  });

  test("AI_MODEL_PATH overrides the bundled model, with an optional sidecar contract", async () => {
    process.env.AI_MODEL_PATH = join(tmp, "operator-model.onnx");
    const e = await failure(loadSegmentationModel());
    expect(e.message).toContain("operator-model.onnx was not found");

    const copy = join(tmp, "isnet-like.onnx");
    writeFileSync(copy, await Bun.file(BUNDLED).bytes());
    writeFileSync(`${copy}.json`, JSON.stringify({ model: "isnet", version: "2", mean: [0.5, 0.5, 0.5], std: [1, 1, 1], output: "probabilities" }));
    process.env.AI_MODEL_PATH = copy;
    const m = await loadSegmentationModel();
    expect(m.info).toEqual({ model: "isnet", version: "2", input: "384x512", source: "AI_MODEL_PATH", file: "isnet-like.onnx" });
    expect(m.contract.mean).toEqual([0.5, 0.5, 0.5]);
    expect(m.contract.output).toBe("probabilities");

    const badSidecar = join(tmp, "bad-sidecar.onnx");
    writeFileSync(badSidecar, await Bun.file(copy).bytes());
    writeFileSync(`${badSidecar}.json`, JSON.stringify({ output: "softmax" }));
    expect((await failure(loadSegmentationModel(badSidecar))).message).toContain('output must be "logits" or "probabilities"');
    writeFileSync(`${badSidecar}.json`, JSON.stringify({ inputWidth: 640 }));
    expect((await failure(loadSegmentationModel(badSidecar))).message).toContain("has a fixed input of 384 x 512, not 640 x 512");
  });

  test("a failed load is not cached", async () => {
    const later = join(tmp, "later.onnx");
    await failure(loadSegmentationModel(later));
    writeFileSync(later, await Bun.file(BUNDLED).bytes());
    expect((await loadSegmentationModel(later)).info.file).toBe("later.onnx");
    await releaseSegmentationModels();
  });
});
