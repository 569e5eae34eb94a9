#!/usr/bin/env bash
# The progress list's main-thread share: instructions the main queue's stand-in spends per
# background change, per change (`delivery: .everyChange`) and with the latest value
# (`delivery: .latest`), and issue 40's target on their ratio.
#
# callgrind.sh counts the cases over every thread: the setting threads' work (the set, the
# notification, the enqueue) with the queue's. Here callgrind collects only inside
# libdispatch's `_dispatch_lane_invoke`, the function a worker thread runs to drain a serial
# queue (`--collect-atstart=no --toggle-collect=_dispatch_lane_invoke`): the queue's share
# is what the main thread would do in its turn, each delivery popped and run, with the
# handler writing its cell. The enqueue on the setting threads and the waking of the worker
# thread are not in it. The benchmark makes no other serial queue during a frame, and, as in
# callgrind.sh, each case runs with N and 2N frames, so setup, the check and warm-up cancel.
#
# usage: ./progress.sh
#
# Applies per row per frame are not counted here: each case's check (run before the frames)
# fails the run unless a frame made exactly one apply per row with the latest value (100
# per row per change), every cell showing its row's last value.
set -uo pipefail
cd "$(dirname "$0")"

script=progress.sh needs_valgrind=1
source ./callgrind-setup.sh

# queue_side CASE N: instructions collected inside the serial queue's drains in one run.
queue_side() {
  count_instructions "$1 (queue side)" --collect-atstart=no --toggle-collect=_dispatch_lane_invoke \
    -- --case "$1" --subject token --iterations "$2"
}
# all_threads CASE N: every instruction of one run.
all_threads() {
  count_instructions "$1" -- --case "$1" --subject token --iterations "$2"
}
# per_change SMALL LARGE N: (LARGE - SMALL) / N frames / 100,000 changes a frame.
per_change() {
  awk -v a="$1" -v b="$2" -v n="$3" 'BEGIN { printf "%.1f", (b - a) / n / 100000 }'
}

declare -A queue total
failed=0
started=$SECONDS
n=1
printf '%-24s %22s %22s %12s\n' "case" "queue side/change" "all threads/change" "queue share"
printf '%s\n' "----------------------------------------------------------------------------------"
for case in progress-every-change progress-latest; do
  values=()
  for frames in "$n" $((2 * n)); do
    values+=("$(queue_side "$case" "$frames")" "$(all_threads "$case" "$frames")")
  done
  for value in "${values[@]}"; do
    if [ -z "$value" ] || [ "$value" = FAIL ]; then failed=1; fi
  done
  if [ $failed = 1 ]; then
    printf '%-24s %22s\n' "$case" "FAILED"
    queue[$case]=FAIL
    continue
  fi
  queue[$case]=$(per_change "${values[0]}" "${values[2]}" "$n")
  total[$case]=$(per_change "${values[1]}" "${values[3]}" "$n")
  share=$(awk -v q="${queue[$case]}" -v t="${total[$case]}" 'BEGIN { printf "%.1f %%", 100 * q / t }')
  printf '%-24s %22s %22s %12s\n' "$case" "${queue[$case]}" "${total[$case]}" "$share"
done

echo
echo "Target (issue 40): main-thread instructions per background change, latest value, at least"
echo "10x below per change at 100 changes per frame"
every=${queue[progress-every-change]:-FAIL} latest=${queue[progress-latest]:-FAIL}
if [ "$every" = FAIL ] || [ "$latest" = FAIL ]; then
  echo "n/a"
else
  awk -v e="$every" -v l="$latest" 'BEGIN {
    r = (l > 0) ? e / l : 0
    printf "%s / %s = %.1fx below   %s\n", e, l, r, (r >= 10) ? "PASS" : "MISS"
  }'
fi
echo
echo "progress.sh: $((SECONDS - started)) s"
exit $failed
