#!/usr/bin/env bash
# `npm test`: every test — unit and API, components (happy-dom), browser (Chromium via playwright-core).
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
# Real readers for the cutting files (tests/readers): ezdxf, LibreCAD's dxf2pdf, admesh.
/usr/bin/python3 -c "import ezdxf" >/dev/null 2>&1 || need+=(python3-ezdxf)
[ -x /usr/bin/librecad ] || need+=(librecad)
command -v admesh >/dev/null 2>&1 || need+=(admesh)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "Installing ${need[*]} from Debian…"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}") >/tmp/foam-apt.log 2>&1 \
      || { echo "apt-get install failed; see /tmp/foam-apt.log"; exit 1; }
  else
    if [[ " ${need[*]} " == *" chromium "* || " ${need[*]} " == *" poppler-utils "* ]]; then
      echo "Browser tests need Debian's chromium and poppler-utils: sudo apt-get install -y ${need[*]}"
      exit 1
    fi
    # The file-reader checks skip themselves, with a notice, where their tools are missing.
    echo "For the cutting-file reader checks: sudo apt-get install -y ${need[*]}"
  fi
fi

bun scripts/build-client.ts || exit 1
export CLIENT_DIR="$PWD/dist/client"

log=$(mktemp)
status=0
run() {
  echo "── $1"
  shift
  "$@" 2>&1 | tee -a "$log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
}
run "unit and API tests" bun test --timeout 30000 ./common ./src ./db ./tests/api ./bench
run "security and crash tests" bun test --timeout 120000 ./tests/security ./tests/crash
if [ -n "$(find client -name '*.test.ts*' -print -quit)" ]; then
  run "component tests (happy-dom)" bun test --timeout 30000 --preload ./tests/setup/happy-dom.ts ./client
fi
run "cutting files in real readers" bun test --timeout 120000 ./tests/readers
run "browser tests (Chromium)" bun test --timeout 120000 ./tests/e2e
run "single binary" bun test --timeout 180000 ./tests/exe

passed=$(grep -E '^ *[0-9]+ pass$' "$log" | awk '{s+=$1} END {print s+0}')
failed=$(grep -E '^ *[0-9]+ fail$' "$log" | awk '{s+=$1} END {print s+0}')
rm -f "$log"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] || status=1
exit $status
