#!/usr/bin/python3
"""Train the foam U-Net on ml/data (see ml/export-dataset.ts) and export it to ONNX.

    /usr/bin/python3 ml/train.py [--steps 1300] [--version 2] [--out assets/models/foam-unet-v2.onnx]

CPU only, 2 threads, seeded. The network sees the rectified pad frame at 384 x 512 (about
1.96 px/mm), with the paper normalised to a fixed level, and predicts tool-vs-pad logits at the same
size. Photometric augmentation is applied to the whole frame (then normalised), training runs on
192 x 192 crops (the network is fully convolutional) around the tool, at frame corners (markers)
and anywhere; the loss is BCE on the anti-aliased coverage plus soft Dice.
"""
import argparse
import glob
import io
import json
import math
import os
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image, ImageFilter

IH, IW = 512, 384
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_split(data, split):
    parts = sorted(glob.glob(os.path.join(data, split, "part-*")))
    if not parts:
        raise SystemExit(f"no {split} data in {data}/{split}: run `bun ml/export-dataset.ts --split {split}` first")
    images, masks, meta = [], [], []
    for p in parts:
        im = np.fromfile(os.path.join(p, "images.u8"), np.uint8)
        mk = np.fromfile(os.path.join(p, "masks.u8"), np.uint8)
        with open(os.path.join(p, "meta.jsonl")) as f:
            mt = [json.loads(line) for line in f if line.strip()]
        # An interrupted export can leave a partial last record: keep complete samples only.
        n = min(len(mt), im.size // (IH * IW * 3), mk.size // (IH * IW))
        images.append(im[: n * IH * IW * 3].reshape(n, IH, IW, 3))
        masks.append(mk[: n * IH * IW].reshape(n, IH, IW))
        meta += mt[:n]
    images, masks = np.concatenate(images), np.concatenate(masks)
    order = np.argsort([m["seed"] for m in meta], kind="stable")
    return images[order], masks[order], [meta[i] for i in order]


# ---------------------------------------------------------------- model
def block(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
        nn.Conv2d(cout, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
    )


class UNet(nn.Module):
    """5 levels (16-32-64-128-128), BatchNorm + ReLU, max-pool down, bilinear up, 1-channel logits.

    The fifth level is cheap (1/256 of the pixels) and doubles the receptive field to ~100 mm, so
    the middle of a large flat tool is judged with its outline in view.
    """

    def __init__(self, ch=(16, 32, 64, 128, 128)):
        super().__init__()
        self.enc = nn.ModuleList()
        c = 3
        for o in ch:
            self.enc.append(block(c, o))
            c = o
        self.dec = nn.ModuleList()
        for o in reversed(ch[:-1]):
            self.dec.append(block(c + o, o))
            c = o
        self.head = nn.Conv2d(c, 1, 1)
        # Input normalisation lives in the graph: callers feed RGB in 0-1.
        self.register_buffer("mean", torch.tensor([0.5, 0.5, 0.5]).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor([0.25, 0.25, 0.25]).view(1, 3, 1, 1))

    def forward(self, x):
        x = (x - self.mean) / self.std
        skips = []
        for i, b in enumerate(self.enc):
            if i:
                x = F.max_pool2d(x, 2)
            x = b(x)
            skips.append(x)
        for b, s in zip(self.dec, reversed(skips[:-1])):
            x = F.interpolate(x, scale_factor=2.0, mode="bilinear", align_corners=False)
            x = b(torch.cat([x, s], 1))
        return self.head(x)


# ---------------------------------------------------------------- input normalisation
PAPER_LEVEL = 0.9
PAPER_PERCENTILE = 0.75


def normalise_paper(x):
    """x HxWx3 float 0-1 (the whole frame) -> scaled so the paper (75th percentile per channel) is 0.9.

    Must match paperNormalise() in src/vision/ai/segment-with-model.ts: exposure and white balance
    drop out, so a light-grey tool is darker than paper in absolute terms even far from any edge.
    """
    flat = x.reshape(-1, 3)
    k = int(PAPER_PERCENTILE * (flat.shape[0] - 1))
    p = np.partition(flat, k, axis=0)[k]
    return x * (PAPER_LEVEL / np.maximum(p, 0.05)).astype(np.float32)


# ---------------------------------------------------------------- augmentation
def photometric(img, rng):
    """Whole-frame appearance changes: img HxWx3 uint8 -> float32 0-1."""
    h, w = img.shape[:2]
    im = img
    # Optics first: extra blur, then JPEG re-compression of the blurred pixels.
    if rng.random() < 0.3:
        im = np.asarray(Image.fromarray(im).filter(ImageFilter.GaussianBlur(float(rng.uniform(0.3, 1.0)))))
    if rng.random() < 0.25:
        buf = io.BytesIO()
        Image.fromarray(im).save(buf, format="JPEG", quality=int(rng.integers(45, 92)))
        im = np.asarray(Image.open(buf).convert("RGB"))
    x = im.astype(np.float32) / 255.0
    # White balance, exposure, contrast, gamma, saturation (exposure/white balance are then
    # normalised away; what is left teaches robustness to tone curves).
    x *= rng.uniform(0.85, 1.1, size=3).astype(np.float32)
    x = (x - 0.5) * rng.uniform(0.8, 1.2) + 0.5 + rng.uniform(-0.08, 0.05)
    x = np.clip(x, 0, 1) ** rng.uniform(0.8, 1.25)
    grey = x.mean(axis=2, keepdims=True)
    x = grey + (x - grey) * rng.uniform(0.4, 1.5)
    if rng.random() < 0.3:
        x = x[:, :, rng.permutation(3)]
    # Uneven light: a ramp plus sometimes a soft dark blob (a hand or phone shadow), not a tool.
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    yy = yy / h - 0.5
    xx = xx / w - 0.5
    x *= (1 + rng.uniform(-0.15, 0.15) * xx + rng.uniform(-0.15, 0.15) * yy)[..., None]
    if rng.random() < 0.3:
        by, bx, r = rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), rng.uniform(0.08, 0.3)
        x *= (1 - rng.uniform(0.1, 0.3) * np.exp(-((yy - by) ** 2 + (xx - bx) ** 2) / (r * r)))[..., None]
    x += rng.normal(0, rng.uniform(0, 0.015), size=x.shape).astype(np.float32)
    return np.clip(x, 0, 1)


def augment(img, mask, rng, crop):
    """img HxWx3 uint8 (whole frame), mask HxW uint8 -> float32 3xcxc, float32 1xcxc coverage."""
    h, w = mask.shape
    x = normalise_paper(photometric(img, rng))
    u = rng.random()
    if u < 0.7 and mask.max() > 127:
        # Around the tool, mostly across its boundary.
        ys, xs = np.nonzero(mask > 127)
        k = rng.integers(len(ys))
        cy = ys[k] + rng.integers(-crop // 3, crop // 3 + 1)
        cx = xs[k] + rng.integers(-crop // 3, crop // 3 + 1)
    elif u < 0.85:
        # A frame corner: markers and the frame line are not tools.
        cy = rng.choice([0, h]) + rng.integers(-crop // 4, crop // 4 + 1)
        cx = rng.choice([0, w]) + rng.integers(-crop // 4, crop // 4 + 1)
    else:
        cy, cx = rng.integers(h), rng.integers(w)
    y0 = int(np.clip(cy - crop // 2, 0, h - crop))
    x0 = int(np.clip(cx - crop // 2, 0, w - crop))
    xc = x[y0:y0 + crop, x0:x0 + crop]
    m = mask[y0:y0 + crop, x0:x0 + crop]
    # Geometry: the pad (markers in every corner, square grid) looks the same under these.
    if rng.random() < 0.5:
        xc, m = xc[:, ::-1], m[:, ::-1]
    if rng.random() < 0.5:
        xc, m = xc[::-1], m[::-1]
    if rng.random() < 0.5:
        xc, m = xc.transpose(1, 0, 2), m.T
    return np.ascontiguousarray(xc.transpose(2, 0, 1), dtype=np.float32), (np.ascontiguousarray(m).astype(np.float32) / 255.0)[None]


# ---------------------------------------------------------------- metrics
def iou_and_bf(prob, cov, tol_px=1):
    """IoU of prob>0.5 vs coverage>0.5, and the boundary F-score at tol_px (network pixels)."""
    p = prob > 0.5
    t = cov > 0.5
    inter = np.logical_and(p, t).sum()
    union = np.logical_or(p, t).sum()
    iou = 1.0 if union == 0 else inter / union

    def edge(b):
        e = np.zeros_like(b)
        e[:, 1:] |= b[:, 1:] != b[:, :-1]
        e[1:, :] |= b[1:, :] != b[:-1, :]
        return e

    def dilate(b, r):
        out = b.copy()
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                out |= np.roll(np.roll(b, dy, 0), dx, 1)
        return out

    ep, et = edge(p), edge(t)
    if ep.sum() == 0 and et.sum() == 0:
        return iou, 1.0
    prec = (ep & dilate(et, tol_px)).sum() / max(1, ep.sum())
    rec = (et & dilate(ep, tol_px)).sum() / max(1, et.sum())
    return iou, (0 if prec + rec == 0 else 2 * prec * rec / (prec + rec))


def evaluate(model, images, masks, meta):
    model.eval()
    rows = []
    with torch.no_grad():
        for i in range(len(images)):
            x = normalise_paper(images[i].astype(np.float32) / 255.0)
            prob = torch.sigmoid(model(torch.from_numpy(x.transpose(2, 0, 1)[None].copy())))[0, 0].numpy()
            iou, bf = iou_and_bf(prob, masks[i] / 255.0)
            rows.append({"seed": meta[i]["seed"], "set": meta[i].get("set", "flat"), "finish": meta[i]["finish"], "toolKind": meta[i]["toolKind"], "iou": float(iou), "bf": float(bf)})
    model.train()
    return rows


def summarise(rows):
    tools = [r for r in rows if r["finish"] is not None]
    empty = [r for r in rows if r["finish"] is None]
    out = {
        "n": len(tools),
        "iou": float(np.mean([r["iou"] for r in tools])),
        "bf_1px": float(np.mean([r["bf"] for r in tools])),
        "min_iou": float(np.min([r["iou"] for r in tools])),
        # An empty pad scores IoU 1 only when nothing at all is predicted.
        "empty_pads": len(empty),
        "empty_pads_with_false_positive": sum(1 for r in empty if r["iou"] < 1),
    }
    for f in ["black", "dark", "coloured", "light-grey", "shiny", "satin-steel", "chrome"]:
        sub = [r["iou"] for r in tools if r["finish"] == f]
        if sub:
            out[f"iou_{f}"] = float(np.mean(sub))
    # The flat generator's photos and the 3D renderer's (thick tools, cast shadows, parallax).
    for st in ["flat", "3d"]:
        sub = [r["iou"] for r in tools if r.get("set", "flat") == st]
        if sub:
            out[f"iou_set_{st}"] = float(np.mean(sub))
            out[f"min_iou_set_{st}"] = float(np.min(sub))
    return out


# ---------------------------------------------------------------- main
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=1300)
    ap.add_argument("--batch", type=int, default=6)
    ap.add_argument("--crop", type=int, default=192)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--eval-every", type=int, default=400)
    ap.add_argument("--eval-limit", type=int, default=20, help="validation frames for the periodic checks (the final one uses all)")
    ap.add_argument("--data", default=os.path.join(ROOT, "ml", "data"))
    ap.add_argument("--version", default="2", help="model version, written into the ONNX metadata and the default file name")
    ap.add_argument("--out", default=None, help="default assets/models/foam-unet-v<version>.onnx")
    ap.add_argument("--log", default=os.path.join(ROOT, "ml", "data", "train-log.json"))
    ap.add_argument("--init", default=None, help="start from these weights (a .pt this script saved) instead of from scratch")
    args = ap.parse_args()
    if args.out is None:
        args.out = os.path.join(ROOT, "assets", "models", f"foam-unet-v{args.version}.onnx")

    torch.set_num_threads(args.threads)
    torch.set_num_interop_threads(1)
    torch.manual_seed(args.seed)
    random.seed(args.seed)
    rng = np.random.default_rng(args.seed)

    tr_img, tr_mask, tr_meta = load_split(args.data, "train")
    va_img, va_mask, va_meta = load_split(args.data, "val")
    print(f"train {len(tr_img)} samples, val {len(va_img)} samples", flush=True)

    model = UNet()
    if args.init:
        model.load_state_dict(torch.load(args.init))
        print(f"weights from {args.init}", flush=True)
    n_params = sum(p.numel() for p in model.parameters())
    print(f"parameters: {n_params}", flush=True)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    warm = 50
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / warm) * 0.5 * (1 + math.cos(math.pi * min(1.0, s / args.steps))))

    history = []
    t0 = time.time()
    run_loss = None
    for step in range(1, args.steps + 1):
        idx = rng.integers(len(tr_img), size=args.batch)
        xs, ys = zip(*(augment(tr_img[i], tr_mask[i], rng, args.crop) for i in idx))
        x = torch.from_numpy(np.stack(xs))
        y = torch.from_numpy(np.stack(ys))
        logits = model(x)
        bce = F.binary_cross_entropy_with_logits(logits, y)
        p = torch.sigmoid(logits)
        dice = 1 - (2 * (p * y).sum() + 1) / (p.sum() + y.sum() + 1)
        loss = bce + dice
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        run_loss = loss.item() if run_loss is None else 0.98 * run_loss + 0.02 * loss.item()
        if step % 50 == 0:
            el = time.time() - t0
            print(f"step {step}/{args.steps} loss {run_loss:.4f} lr {sched.get_last_lr()[0]:.2e} {el / step:.2f} s/step, {el / 60:.1f} min", flush=True)
        if step % args.eval_every == 0 and step < args.steps:
            # An even spread over the validation frames, so both sets (flat, 3D) are in the check.
            pick = np.unique(np.linspace(0, len(va_img) - 1, args.eval_limit).round().astype(int))
            s = summarise(evaluate(model, va_img[pick], va_mask[pick], [va_meta[i] for i in pick]))
            s["step"] = step
            s["minutes"] = (time.time() - t0) / 60
            history.append(s)
            print("val", json.dumps(s), flush=True)

    train_minutes = (time.time() - t0) / 60
    rows = evaluate(model, va_img, va_mask, va_meta)
    history.append({**summarise(rows), "step": args.steps, "minutes": train_minutes})
    print("val", json.dumps(history[-1]), flush=True)
    model.eval()
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    dummy = torch.zeros(1, 3, IH, IW)
    torch.onnx.export(model, dummy, args.out, opset_version=13, input_names=["image"], output_names=["logits"], do_constant_folding=True)
    import onnx

    m = onnx.load(args.out)
    onnx.checker.check_model(m)
    for k, v in {"model": "foam-unet", "version": args.version, "input": "image NCHW float32 [1,3,512,384] RGB 0-1, paper (75th percentile per channel) scaled to 0.9", "output": "logits [1,1,512,384]"}.items():
        e = m.metadata_props.add()
        e.key, e.value = k, v
    onnx.save(m, args.out)
    # Check the exported graph against PyTorch on one validation image.
    x = torch.from_numpy(normalise_paper(va_img[0].astype(np.float32) / 255.0).transpose(2, 0, 1)[None].copy())
    with torch.no_grad():
        ref = model(x).numpy()
    log = {
        "parameters": n_params,
        "steps": args.steps,
        "batch": args.batch,
        "crop": args.crop,
        "lr": args.lr,
        "seed": args.seed,
        "threads": args.threads,
        "train_samples": len(tr_img),
        "val_samples": len(va_img),
        "train_minutes": train_minutes,
        "onnx_bytes": os.path.getsize(args.out),
        "history": history,
        "final": summarise(rows),
        "val_rows": rows,
        "reference_logits_sample0": {"mean": float(ref.mean()), "std": float(ref.std())},
    }
    with open(args.log, "w") as f:
        json.dump(log, f, indent=1)
    torch.save(model.state_dict(), os.path.join(os.path.dirname(args.log), f"foam-unet-v{args.version}.pt"))
    print("final", json.dumps(log["final"]), f"train {train_minutes:.1f} min", f"onnx {log['onnx_bytes']} bytes -> {args.out}", flush=True)


if __name__ == "__main__":
    main()
