#!/usr/bin/env bash
# Runs every fuzz target for SECONDS seconds each, one after the other:
#   tests/fuzz/run.sh BUILD_DIR SECONDS [TARGET...]
# Each target starts from its seed corpus (tests/fuzz/corpus/<target>, read
# only) and the corpus it grew in earlier runs (BUILD_DIR/fuzz/corpus/<target>,
# where new inputs go). An input that takes longer than 120 s or more than
# 2 GB is a finding (the work budget lets an exact computation run up to about
# 3 s in a Release build; this build, with libFuzzer's coverage, ASan and
# UBSan, is about 20 times slower), as a crash or a sanitizer report is; libFuzzer writes it
# to BUILD_DIR/fuzz/artifacts/ and the script fails. libFuzzer's timeout
# handler can itself deadlock inside ASan's allocator (it allocates in a
# signal handler), so a run that outlives SECONDS by three minutes is killed and
# counted as a hang too.
set -uo pipefail
build=${1:?build dir}
seconds=${2:-60}
shift 2 || true
here=$(cd "$(dirname "$0")" && pwd)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(dice attack grid cli files)
mkdir -p "$build/fuzz/artifacts"
status=0
for t in "${targets[@]}"; do
  corpus="$build/fuzz/corpus/$t"
  mkdir -p "$corpus"
  echo "== fuzz_$t: $seconds s"
  if ! timeout --signal=KILL $((seconds + 180)) "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=120 -rss_limit_mb=2048 -max_len=4096 \
       -dict="$here/$t.dict" -artifact_prefix="$build/fuzz/artifacts/$t-" -print_final_stats=1 \
       "$corpus" "$here/corpus/$t" > "$build/fuzz/$t.log" 2>&1; then
    echo "fuzz_$t: FOUND A PROBLEM (log: $build/fuzz/$t.log)"
    grep -E "ERROR|SUMMARY|Test unit written|invariant" "$build/fuzz/$t.log" | head -20
    tail -n 3 "$build/fuzz/$t.log"
    status=1
  fi
  grep -E "^(#[0-9]+.*(DONE|cov)|stat::number_of_executed_units|stat::peak_rss_mb)" "$build/fuzz/$t.log" | tail -3
  echo "corpus: $(find "$corpus" -type f | wc -l) inputs"
done
exit $status
