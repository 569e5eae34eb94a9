#!/usr/bin/env bash
# Instructions to end one token when k tokens share one property, or k subscriptions one
# sender, ended oldest first (ObservationBag.removeAll(), EventSender.removeAllSubscriptions())
# or newest first: what ending costs should depend on neither the order nor k. Counted by
# callgrind in the ending alone (--toggle-collect on countedDrain: making the tokens and
# the checks are left out), as callgrind.sh counts: R and 2R rounds, the difference
# divided by R·k. Then the wall-clock time of one round, native (release).
#
# Not in callgrind.sh's default run: before ending was O(1), the oldest-first cases at
# 10⁵ took many minutes under valgrind.
#
# usage: ./drain.sh [--cases drain-oldest,...] [--counts 100,1000,...] [--no-callgrind]
set -uo pipefail
cd "$(dirname "$0")"

cases=drain-oldest,drain-newest,event-drain-oldest,event-drain-newest
counts=100,1000,10000,100000
use_callgrind=1
while [ $# -gt 0 ]; do
  case $1 in
  --cases) cases=$2; shift 2 ;;
  --counts) counts=$2; shift 2 ;;
  --no-callgrind) use_callgrind=0; shift ;;
  *) echo "usage: ./drain.sh [--cases a,b] [--counts 100,1000] [--no-callgrind]" >&2; exit 2 ;;
  esac
done

script=drain.sh needs_valgrind=$use_callgrind
source ./callgrind-setup.sh

# collected CASE K ROUNDS: instructions inside countedDrain over one run, or FAIL.
collected() {
  count_instructions "$1 at $2" --toggle-collect='*countedDrain*' -- --case "$1" --subject token --tokens "$2" --iterations "$3"
}

failed=0
started=$SECONDS
printf '%-20s %8s %7s %22s %16s\n' "case" "k" "rounds" "instructions/token" "ms per round"
printf '%s\n' "-----------------------------------------------------------------------------"
for case in ${cases//,/ }; do
  for k in ${counts//,/ }; do
    rounds=$(( k >= 10000 ? 1 : 10000 / k ))
    per_token="-"
    if [ $use_callgrind = 1 ]; then
      small=$(collected "$case" "$k" "$rounds")
      large=$(collected "$case" "$k" $((2 * rounds)))
      if [ "$small" = FAIL ] || [ "$large" = FAIL ] || [ -z "$small" ] || [ -z "$large" ]; then
        per_token=FAILED
        failed=1
      else
        per_token=$(awk -v a="$small" -v b="$large" -v r="$rounds" -v k="$k" 'BEGIN { printf "%.1f", (b - a) / (r * k) }')
      fi
    fi
    milliseconds=$("$bin" --case "$case" --subject token --tokens "$k" --iterations "$rounds" 2>&1 |
      sed -n 's/.*end-ms-per-round \([0-9.]*\).*/\1/p')
    [ -z "$milliseconds" ] && { milliseconds=FAILED; failed=1; }
    printf '%-20s %8s %7s %22s %16s\n' "$case" "$k" "$rounds" "$per_token" "$milliseconds"
  done
done
echo
echo "drain.sh: $((SECONDS - started)) s"
exit $failed
