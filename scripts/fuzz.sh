#!/usr/bin/env bash
# Fuzzes the core natively: builds tests/fuzz/cloth_fuzzer.cpp with clang, libFuzzer, ASan and
# UBSan in build/fuzz, runs it for a number of inputs from a fixed seed, and prints
#   metric: fuzz inputs = N
#   metric: fuzz crashes = C            (0, or the failing inputs saved under build/fuzz/artifacts-*)
#   metric: fuzz rejected by name = K   (calls refused with a "nuno: ... 'name' ..." error)
#   metric: fuzz seconds = T
# Exits non-zero when an input crashed. Usage:
#   bash scripts/fuzz.sh [--runs N] [--seed S] [--corpus DIR] [-- LIBFUZZER_OPTIONS...]
# `npm run fuzz` is the long run (1,000,000 inputs); `npm test` runs 20,000 from seed 1.
# Read a saved input with its calls printed: NUNO_FUZZ_TRACE=1 build/fuzz/nuno_cloth_fuzzer FILE
set -euo pipefail
cd "$(dirname "$0")/.."

runs=1000000
seed=1
corpus=()
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --corpus) mkdir -p "$2"; corpus=("$2"); shift 2 ;;
    --) shift; break ;;
    *) echo "fuzz: unknown option $1 (--runs N, --seed S, --corpus DIR, -- libFuzzer options)" >&2; exit 2 ;;
  esac
done

build=build/fuzz
# Debug: assertions stay on (no NDEBUG); the target itself asks for -O1 and the sanitizers.
cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug -DNUNO_FUZZ=ON \
  --log-level=WARNING > /dev/null
cmake --build "$build" --target nuno_cloth_fuzzer -j "$(nproc)"

# Named after the run, so npm test's short run and a long one at the same time keep apart.
artifacts=$build/artifacts-$runs-seed$seed
rm -rf "$artifacts"
mkdir -p "$artifacts"
log=$build/run-$runs-seed$seed.log
echo "fuzz: $runs inputs from seed $seed; log in $log"

# UBSan stops at its first report (the build says so too) and shows where it happened.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
started=$SECONDS
status=0
# -max_len=128 -len_control=0: inputs of up to 128 bytes from the start (a settings document and
# a dozen calls) rather than growing from a few bytes: a short run then reaches about the
# coverage a long run with the default length control reaches after 300,000 inputs.
# -timeout: an input that runs for seconds is a hang (each one is meant to take about a
# millisecond). -print_funcs=0: no list of newly covered functions on every new input.
"$build/nuno_cloth_fuzzer" -runs="$runs" -seed="$seed" -max_len=128 -len_control=0 -timeout=20 \
  -print_final_stats=1 -print_funcs=0 -artifact_prefix="$artifacts/" "$@" ${corpus[@]+"${corpus[@]}"} \
  > "$log" 2>&1 || status=$?
seconds=$((SECONDS - started))

# The run's own lines (its tally, any failure and its calls), without libFuzzer's progress and
# the stack of its signal handler.
grep -v -E '^#[0-9]+|^INFO:|^"|^###### |^ +#[0-9]+ 0x|^NOTE: libFuzzer|^ +Combine libFuzzer' "$log" | tail -n 60 || true

inputs=$(grep -oP '(?<=^fuzz: inputs )\d+' "$log" | tail -1 || true)
if [[ -z $inputs ]]; then  # a crash skips the tally; libFuzzer's own count is still there
  inputs=$(grep -oP '(?<=^stat::number_of_executed_units: )\d+' "$log" | tail -1 || true)
fi
rejected=$(grep -oP '(?<=^fuzz: rejected by name )\d+' "$log" | tail -1 || true)
crashes=$(find "$artifacts" -type f | wc -l)
if ((status == 72)); then  # libFuzzer's code for a run stopped by a signal (Ctrl-C, kill)
  echo "fuzz: interrupted after ${inputs:-0} inputs"
  exit 130
fi
if ((status != 0 && crashes == 0)); then crashes=1; fi

echo "metric: fuzz inputs = ${inputs:-0}"
echo "metric: fuzz crashes = $crashes"
echo "metric: fuzz rejected by name = ${rejected:-unknown (the run stopped before its tally)}"
echo "metric: fuzz seconds = $seconds"
if ((crashes)); then
  for artifact in "$artifacts"/*; do
    [[ -e $artifact ]] && echo "fuzz: failing input saved: $artifact (NUNO_FUZZ_TRACE=1 $build/nuno_cloth_fuzzer $artifact)"
  done
  exit 1
fi
