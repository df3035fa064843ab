#!/usr/bin/env bash
# `npm run ml:train`: generate the data set (the flat generator's photos and the 3D renderer's thick
# tools with cast shadows), train the foam U-Net on the CPU and export
# assets/models/foam-unet-v3.onnx, then print the validation figures. Seeded end to end.
#   ml/run.sh            all stages
#   ml/run.sh data|train|eval   one stage
# Needs Debian's python3-torch python3-onnx python3-numpy python3-pil (uses /usr/bin/python3).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
stage="${1:-all}"
TRAIN_COUNT="${TRAIN_COUNT:-1000}"
VAL_COUNT="${VAL_COUNT:-80}"
TRAIN3D_COUNT="${TRAIN3D_COUNT:-900}"
VAL3D_COUNT="${VAL3D_COUNT:-60}"
STEPS="${STEPS:-2000}"
VERSION="${VERSION:-3}"

if [ "$stage" = all ] || [ "$stage" = data ]; then
  # Two shards in parallel: the generator is single-threaded JS.
  for split in val train; do
    count=$VAL_COUNT; [ "$split" = train ] && count=$TRAIN_COUNT
    bun ml/export-dataset.ts --split "$split" --count "$count" --shard 0 --shards 2 &
    p0=$!
    bun ml/export-dataset.ts --split "$split" --count "$count" --shard 1 --shards 2 &
    p1=$!
    wait "$p0"; wait "$p1"
    count=$VAL3D_COUNT; [ "$split" = train ] && count=$TRAIN3D_COUNT
    bun ml/export-dataset.ts --set 3d --split "$split" --count "$count" --shard 0 --shards 2 &
    p0=$!
    bun ml/export-dataset.ts --set 3d --split "$split" --count "$count" --shard 1 --shards 2 &
    p1=$!
    wait "$p0"; wait "$p1"
  done
fi
if [ "$stage" = all ] || [ "$stage" = train ]; then
  /usr/bin/python3 ml/train.py --steps "$STEPS" --version "$VERSION"
fi
if [ "$stage" = all ] || [ "$stage" = eval ]; then
  bun ml/eval-ai.ts
  bun ml/eval-fusion.ts
fi
