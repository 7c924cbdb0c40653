#!/usr/bin/env bash
# Runs every test tier after a build: native (CTest), node (the wasm API), types (tsc against
# the shipped declarations), browser (Playwright + Debian's Chromium, phone profile included),
# firefox and webkit (the same checks in Debian's Firefox ESR and WebKitGTK), consumer (the
# packed package in a fresh Vite app and in a page with no bundler). Each tier runs even when
# an earlier one failed; then the support matrix (engine x check) is printed from the tiers'
# logs, and the last line sums them up; the exit code says whether all passed.
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
count_hardware() {  # run.py's closing lines, summed (the tier runs it in Chromium, then in Node)
  awk '/^hardware: [0-9]+ passed, [0-9]+ failed$/ { passed += $2; failed += $4 } END { print passed + 0, failed + 0 }' "$1"
}
count_playwright() {
  echo "$(grep -oP '\d+(?= passed)' "$1" | tail -1) $(grep -oP '\d+(?= failed)' "$1" | tail -1)"
}
count_fuzz() {  # one check: the fixed-seed fuzz run ended without a failing input
  if grep -q '^metric: fuzz crashes = 0$' "$1"; then echo "1 0"; else echo "0 1"; fi
}

# run_tier NAME COUNTER COMMAND...
run_tier() {
  local name=$1 counter=$2
  shift 2
  echo "== $name: $*"
  local started=$SECONDS
  "$@" 2>&1 | tee "$logs/$name.log"
  local status=${PIPESTATUS[0]} tier_passed tier_failed
  read -r tier_passed tier_failed < <("$counter" "$logs/$name.log")
  tier_passed=${tier_passed:-0}
  tier_failed=${tier_failed:-0}
  # A tier that failed without reporting a failed test (a crash, a build error) counts as one failure.
  if ((status != 0 && tier_failed == 0)); then tier_failed=1; fi
  passed=$((passed + tier_passed))
  failed=$((failed + tier_failed))
  summary+=("$(printf '%-8s %4d passed, %d failed  (%d s)' "$name" "$tier_passed" "$tier_failed" $((SECONDS - started)))")
}

run_tier native count_ctest ctest --test-dir build/native --output-on-failure -j 2
# A short libFuzzer run (clang, ASan, UBSan) over settings, colliders and stepping, from a fixed
# seed; `npm run fuzz` is the long one.
run_tier fuzz count_fuzz bash scripts/fuzz.sh --runs 20000 --seed 1
run_tier node count_node node --test --test-reporter=spec tests/node/
run_tier types count_tsc bash -c 'npx --no-install tsc -p tests/types && npx --no-install tsc -p tests/types/tsconfig.web.json' 
run_tier browser count_playwright npx --no-install playwright test
# The hardware tier's runner, on SwiftShader here so it cannot rot: in Chromium, then in Node
# through Dawn with Chromium's SwiftShader Vulkan driver as its adapter (16 x 16 steps in one
# dispatch, its self-collision in passes). Its pile is 32 x 32 for 1 s (it crosses itself 362
# times by then without self-collision; 16 x 16 and 24 x 24 do not), 16 x 16 through Dawn, which only
# shows that its runner steps a pile. On a real GPU it is `npm run test:hardware --
# --chromium PATH --angle egl|vulkan` and `npm run test:hardware -- --dawn` (README: Real GPUs).
hardware_tier() {
  python3 tests/hardware/run.py --angle swiftshader --sizes 32 --cpu-max 32 --solvers xpbd --papers 4 --piles 32 --pile-seconds 1 --quiet
  local chromium=$?
  VK_DRIVER_FILES=/usr/lib/chromium/vk_swiftshader_icd.json \
    python3 tests/hardware/run.py --dawn --sizes 16 --cpu-max 16 --solvers xpbd --papers 2 --piles 16h --pile-seconds 1 --quiet || return
  return $chromium
}
run_tier hardware count_hardware hardware_tier
# Firefox and WebKit run headful (headless Firefox has no WebGL here), each on its own virtual
# display (xvfb-run's default screen: 1280x1024, 24-bit colour).
run_tier firefox count_node xvfb-run -a node --test --test-reporter=spec tests/engines/firefox.test.js
run_tier webkit count_node xvfb-run -a node --test --test-reporter=spec tests/engines/webkit.test.js
run_tier consumer count_node node --test --test-reporter=spec tests/consumer/

echo
# An engine x check cell that applies but ran no test counts as one more failure.
if ! node tests/engines/support-matrix.js "$logs"; then
  failed=$((failed + 1))
  summary+=("$(printf '%-8s %4d passed, %d failed' matrix 0 1)")
fi

echo
printf '%s\n' "${summary[@]}"
echo "tests: $passed passed, $failed failed"
((failed == 0))
