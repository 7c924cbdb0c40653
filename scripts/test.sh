#!/usr/bin/env bash
# Runs every test tier after a build: native (CTest), node (the wasm API), types (tsc against
# the shipped declarations), browser (Playwright + Debian's Chromium). Each tier runs even when
# an earlier one failed; the last line sums them up and the exit code says whether all passed.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=build/test-logs
mkdir -p "$logs"
passed=0
failed=0
summary=()

# Each counter reads a tier's log and prints "PASSED FAILED".
count_ctest() {
  local total failures
  total=$(grep -oP '(?<=tests failed out of )\d+' "$1" | tail -1)
  failures=$(grep -oP '\d+(?= tests failed out of)' "$1" | tail -1)
  echo "$((${total:-0} - ${failures:-0})) ${failures:-0}"
}
count_node() {
  echo "$(grep -oP '(?<=ℹ pass )\d+' "$1" | tail -1) $(grep -oP '(?<=ℹ fail )\d+' "$1" | tail -1)"
}
count_tsc() {  # two checks: the consumer against the declarations, the library against its JSDoc
  if grep -q 'error TS' "$1"; then echo "0 1"; else echo "2 0"; fi
}
count_playwright() {
  echo "$(grep -oP '\d+(?= passed)' "$1" | tail -1) $(grep -oP '\d+(?= failed)' "$1" | tail -1)"
}

# run_tier NAME COUNTER COMMAND...
run_tier() {
  local name=$1 counter=$2
  shift 2
  echo "== $name: $*"
  "$@" 2>&1 | tee "$logs/$name.log"
  local status=${PIPESTATUS[0]} tier_passed tier_failed
  read -r tier_passed tier_failed < <("$counter" "$logs/$name.log")
  tier_passed=${tier_passed:-0}
  tier_failed=${tier_failed:-0}
  # A tier that failed without reporting a failed test (a crash, a build error) counts as one failure.
  if ((status != 0 && tier_failed == 0)); then tier_failed=1; fi
  passed=$((passed + tier_passed))
  failed=$((failed + tier_failed))
  summary+=("$(printf '%-8s %4d passed, %d failed' "$name" "$tier_passed" "$tier_failed")")
}

run_tier native count_ctest ctest --test-dir build/native --output-on-failure -j 2
run_tier node count_node node --test --test-reporter=spec tests/node/
run_tier types count_tsc bash -c 'npx --no-install tsc -p tests/types && npx --no-install tsc -p tests/types/tsconfig.web.json' 
run_tier browser count_playwright npx --no-install playwright test

echo
printf '%s\n' "${summary[@]}"
echo "tests: $passed passed, $failed failed"
((failed == 0))
