#!/usr/bin/env bash
# Runs every fuzz target for SECONDS seconds each, FUZZ_JOBS of them at a time
# (default 2; each target is one process on one core):
#   FUZZ_JOBS=2 tests/fuzz/run.sh BUILD_DIR SECONDS [TARGET...]
# Each target starts from its seed corpus (tests/fuzz/corpus/<target>, read
# only) and the corpus it grew in earlier runs (BUILD_DIR/fuzz/corpus/<target>,
# where new inputs go). An input that takes longer than 60 s or more than
# 2 GB is a finding (each target lowers the work budget so that no exact
# computation it starts takes that long: tests/fuzz/fuzz.hpp, docs/fuzzing.md),
# as a crash or a sanitizer report is; libFuzzer writes it to BUILD_DIR/fuzz/artifacts/
# and the script fails. libFuzzer's timeout handler can itself deadlock inside
# ASan's allocator (it allocates in a signal handler), so a run that outlives
# SECONDS by two minutes is killed and counted as a hang too.
set -uo pipefail
build=${1:?build dir}
seconds=${2:-60}
shift 2 || true
jobs=${FUZZ_JOBS:-2}
here=$(cd "$(dirname "$0")" && pwd)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(dice attack grid cli files character rules_file)
mkdir -p "$build/fuzz/artifacts"

# One target; its report goes to BUILD_DIR/fuzz/<target>.report, printed when it ends.
run_one() {
  local t=$1 corpus="$build/fuzz/corpus/$1" log="$build/fuzz/$1.log" rc=0 start=$SECONDS max_len=4096
  # A character file's seeds are whole morgue files (up to 70 kB).
  [ "$t" = character ] && max_len=81920
  # A rules file's seeds are the example games (up to 9 kB).
  [ "$t" = rules_file ] && max_len=16384
  mkdir -p "$corpus"
  timeout --signal=KILL $((seconds + 120)) "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=60 \
    -rss_limit_mb=2048 -max_len="$max_len" -dict="$here/$t.dict" -artifact_prefix="$build/fuzz/artifacts/$t-" \
    -print_final_stats=1 "$corpus" "$here/corpus/$t" > "$log" 2>&1 || rc=1
  {
    echo "== fuzz_$t: $seconds s (ran $((SECONDS - start)) s)"
    if [ $rc -ne 0 ]; then
      echo "fuzz_$t: FOUND A PROBLEM (log: $log)"
      grep -E "ERROR|SUMMARY|Test unit written|invariant" "$log" | head -20
      tail -n 3 "$log"
    fi
    grep -E "^(#[0-9]+.*(DONE|cov)|stat::number_of_executed_units|stat::peak_rss_mb)" "$log" | tail -3
    echo "corpus: $(find "$corpus" -type f | wc -l) inputs"
  } > "$build/fuzz/$t.report"
  return $rc
}

status=0
declare -A pid_of=()
finish() {  # waits for the target $1, prints its report
  wait "${pid_of[$1]}" || status=1
  cat "$build/fuzz/$1.report"
  unset "pid_of[$1]"
}
running=()
for t in "${targets[@]}"; do
  if [ ${#running[@]} -ge "$jobs" ]; then
    finish "${running[0]}"
    running=("${running[@]:1}")
  fi
  run_one "$t" &
  pid_of[$t]=$!
  running+=("$t")
done
for t in "${running[@]}"; do finish "$t"; done
exit $status
