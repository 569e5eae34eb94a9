#!/usr/bin/env bash
# Instructions per operation for every (case, subject) pair, counted by callgrind, and the
# library's targets checked against them. Instruction counts do not depend on machine
# load, so unlike the timed table they compare across runs and machines (same toolchain).
#
# Each pair runs twice under callgrind, with N and 2N operations; the difference, divided
# by N, is the cost of one operation: process startup, setup, the check pass and warm-up
# are the same in both runs and cancel exactly.
#
# usage: ./callgrind.sh [--cases a,b,...] [--subjects x,y,...]
#   (names as in `ObservationBenchmarks --help`; the floor is always included; the routing
#   targets compare with the delegate subject and the unheard one with the floor's post-1,
#   so filter with those)
#
# The targets: first one row per row of issue 29's table, in its order, then the earlier
# targets still held, then (when their cases ran) issue 39's: mutations of a model declared in
# another module. A row whose pairs were not run prints n/a. Prints PASS or MISS for
# each target; a miss never fails the script. It exits non-zero
# only when it cannot run (no valgrind, build failure) or a pair's check fails.
set -uo pipefail
cd "$(dirname "$0")"

script=callgrind.sh needs_valgrind=1
source ./callgrind-setup.sh

# instructions CASE SUBJECT N: total instructions of one run, or FAIL.
instructions() {
  count_instructions "$1 / $2" -- --case "$1" --subject "$2" --iterations "$3"
}

plan=$("$bin" --callgrind-plan "$@") || exit 2

declare -A per_op
failed=0
started=$SECONDS
printf '%-28s %-22s %10s %16s %10s\n' "case" "subject" "N" "instructions/op" "x floor"
printf '%s\n' "--------------------------------------------------------------------------------------------"
while read -r case subject n; do
  [ -z "$case" ] && continue
  small=$(instructions "$case" "$subject" "$n")
  large=$(instructions "$case" "$subject" $((2 * n)))
  if [ "$small" = FAIL ] || [ "$large" = FAIL ] || [ -z "$small" ] || [ -z "$large" ]; then
    per_op["$case $subject"]=FAIL
    failed=1
    printf '%-28s %-22s %10s %16s\n' "$case" "$subject" "$n" "FAILED"
    continue
  fi
  value=$(awk -v a="$small" -v b="$large" -v n="$n" 'BEGIN { printf "%.1f", (b - a) / n }')
  per_op["$case $subject"]=$value
  floor=${per_op["$case floor"]:-}
  ratio="-"
  if [ -n "$floor" ] && [ "$floor" != FAIL ]; then
    ratio=$(awk -v v="$value" -v f="$floor" 'BEGIN { if (f > 0) printf "%.2f", v / f; else print "-" }')
  fi
  printf '%-28s %-22s %10s %16s %10s\n' "$case" "$subject" "$n" "$value" "$ratio"
done <<<"$plan"
echo
[ -n "${per_op["fanout-10 floor"]:-}${per_op["fanout-100 floor"]:-}" ] &&
  echo "fan-out per observer = instructions/op of fanout-N divided by N"
for n in 10 100; do
  for subject in floor token; do
    v=${per_op["fanout-$n $subject"]:-}
    if [ -n "$v" ] && [ "$v" != FAIL ]; then
      printf '  fanout-%-4s %-8s %10s instructions per observer\n' "$n" "$subject" "$(awk -v v="$v" -v n="$n" 'BEGIN { printf "%.1f", v / n }')"
    fi
  done
done
[ -n "${per_op["send-10 floor"]:-}${per_op["send-100 floor"]:-}" ] &&
  echo "event send per subscriber = instructions/op of send-N divided by N"
for n in 10 100; do
  for subject in floor passthroughsubject notificationcenter naive token; do
    v=${per_op["send-$n $subject"]:-}
    if [ -n "$v" ] && [ "$v" != FAIL ]; then
      floor=${per_op["send-$n floor"]:-}
      ratio=$(awk -v v="$v" -v f="$floor" 'BEGIN { if (f > 0) printf "%.2fx floor", v / f; else print "" }')
      printf '  send-%-4s %-20s %10s instructions per subscriber  %s\n' "$n" "$subject" "$(awk -v v="$v" -v n="$n" 'BEGIN { printf "%.1f", v / n }')" "$ratio"
    fi
  done
done

# Bytes per live token and per live event subscription: native runs (malloc
# statistics, not instructions).
bytes=$("$bin" --case memory-per-token --subject token --iterations 1000000 2>/dev/null |
  sed -n 's/.*heap-bytes-per-token \([0-9.]*\).*/\1/p')
event_bytes=$("$bin" --case memory-per-subscription --subject token --iterations 1000000 2>/dev/null |
  sed -n 's/.*heap-bytes-per-subscription \([0-9.]*\).*/\1/p')
# Heap bytes per bound cell (issue 40): 10^3 cells, each bound to five properties of its own
# row as the rebind case binds them, for the rebind family's three subjects.
declare -A cell_bytes
for subject in token published observation; do
  cell_bytes[$subject]=$("$bin" --case rebind-memory --subject "$subject" --iterations 1000 2>/dev/null |
    sed -n 's/.*heap-bytes-per-cell \([0-9.]*\).*/\1/p')
done

echo
echo "Targets (ObservationToken)"
printf '%-36s %16s %16s   %s\n' "target" "measured" "target" "result"
# ratio_target LABEL CASE LIMIT [DIVISOR]: the token's instructions/op over the floor's.
ratio_target() {
  local label=$1 case=$2 limit=$3
  local token=${per_op["$case token"]:-} floor=${per_op["$case floor"]:-}
  if [ -z "$token" ] || [ -z "$floor" ] || [ "$token" = FAIL ] || [ "$floor" = FAIL ]; then
    printf '%-36s %16s %16s   %s\n' "$label" "n/a" "<= ${limit}x floor" "n/a"
    return
  fi
  local ratio result
  ratio=$(awk -v t="$token" -v f="$floor" 'BEGIN { printf "%.2f", t / f }')
  result=$(awk -v r="$ratio" -v l="$limit" 'BEGIN { print (r <= l) ? "PASS" : "MISS" }')
  printf '%-36s %16s %16s   %s\n' "$label" "${ratio}x floor" "<= ${limit}x floor" "$result"
}
# absolute_target LABEL VALUE LIMIT UNIT
absolute_target() {
  local label=$1 value=$2 limit=$3 unit=$4
  if [ -z "$value" ] || [ "$value" = FAIL ]; then
    printf '%-36s %16s %16s   %s\n' "$label" "n/a" "<= $limit $unit" "n/a"
    return
  fi
  local result
  result=$(awk -v v="$value" -v l="$limit" 'BEGIN { print (v <= l) ? "PASS" : "MISS" }')
  printf '%-36s %16s %16s   %s\n' "$label" "$value $unit" "<= $limit $unit" "$result"
}
# times_target LABEL VALUE REFERENCE LIMIT REFERENCE_TEXT: VALUE <= LIMIT x REFERENCE, the
# reference being another pair's instructions/op (n/a when either is missing).
times_target() {
  local label=$1 value=$2 reference=$3 limit=$4 reference_text=$5
  if [ -z "$value" ] || [ -z "$reference" ] || [ "$value" = FAIL ] || [ "$reference" = FAIL ]; then
    printf '%-36s %16s %16s   %s\n' "$label" "n/a" "<= ${limit}x $reference_text" "n/a"
    return
  fi
  local ratio result
  ratio=$(awk -v v="$value" -v r="$reference" 'BEGIN { if (r > 0) printf "%.2f", v / r; else print "inf" }')
  result=$(awk -v q="$ratio" -v l="$limit" 'BEGIN { print (q != "inf" && q <= l) ? "PASS" : "MISS" }')
  printf '%-36s %16s %16s   %s\n' "$label" "${ratio}x $reference_text" "<= ${limit}x $reference_text" "$result"
}
# per_subscriber CASE SUBJECT N: instructions/op of the pair divided by N (empty or FAIL as the pair).
per_subscriber() {
  local v=${per_op["$1 $2"]:-}
  if [ -z "$v" ] || [ "$v" = FAIL ]; then echo "$v"; return; fi
  awk -v v="$v" -v n="$3" 'BEGIN { printf "%.1f", v / n }'
}
# The rows of issue 29's table, in its order.
ratio_target "chain leaf set" chain-leaf-set 3
ratio_target "derived set" derived-set 3
absolute_target "bytes per live token" "$bytes" 88 bytes
absolute_target "bytes per live event subscription" "$event_bytes" 72 bytes
absolute_target "event subscribe + invalidate" "${per_op["subscribe-invalidate token"]:-}" 1000 instr
absolute_target "event per subscriber at send 100" "$(per_subscriber send-100 token 100)" 86 instr
absolute_target "observe + invalidate" "${per_op["observe-invalidate token"]:-}" 1600 instr
times_target "route post, 3 levels" "${per_op["post-3 token"]:-}" "${per_op["post-3 delegate"]:-}" 2 delegate
times_target "route request, answered 3 up" "${per_op["request-3 token"]:-}" "${per_op["request-3 delegate"]:-}" 2 delegate
absolute_target "route subscribe + invalidate" "${per_op["route-subscribe-invalidate token"]:-}" 1000 instr
ratio_target "set + notify one token (old, new)" set-notify 2
ratio_target "get outside tracking" get 1.2
# Earlier targets, still held.
ratio_target "set, no observers" set-unobserved 1.2
ratio_target "per observer at fan-out 100" fanout-100 2
ratio_target "event send, 1 subscriber" send-1 2
times_target "route post, unheard" "${per_op["post-unheard token"]:-}" "${per_op["post-1 floor"]:-}" 10 "floor post-1"

# Issue 40's: a bound cell holds fewer heap bytes than with either peer.
bytes_ahead() {
  local token=${cell_bytes[token]:-} combine=${cell_bytes[published]:-} observation=${cell_bytes[observation]:-}
  local label="rebind: bytes per bound cell"
  if [ -z "$token" ] || [ -z "$combine" ] || [ -z "$observation" ]; then
    printf '%-36s %16s %16s   %s\n' "$label" "n/a" "< both peers" "n/a"
    return
  fi
  local result
  result=$(awk -v t="$token" -v c="$combine" -v o="$observation" 'BEGIN { print (t < c && t < o) ? "PASS" : "MISS" }')
  printf '%-36s %16s %16s   %s\n' "$label" "$token bytes" "< both peers" "$result"
  printf '  (10^3 bound cells, heap bytes per cell: ObservationToken %s, OpenCombine @Published %s, Observation %s)\n' \
    "$token" "$combine" "$observation"
}
bytes_ahead

# Issue 39's targets: a mutation of another module's model, made from another module, through
# an override or through a protocol requirement, costs at most 1.5x the same mutation made in
# the defining module, plus a call's worth (10 instructions), observed or not; and less than
# the same mutation of an @Observable class, where one is measured.
# mutation_target CASE: the token's instructions/op against module-MUTATION's (and Observation's).
mutation_target() {
  local case=$1 path=${1%%-*} rest=${1#*-}
  local value=${per_op["$case token"]:-} reference=${per_op["module-$rest token"]:-}
  local observable=${per_op["$case observation"]:-}
  if [ -z "$value" ] || [ -z "$reference" ] || [ "$value" = FAIL ] || [ "$reference" = FAIL ]; then
    [ -n "$value$reference" ] && printf '%-36s %16s %16s   %s\n' "$case" "n/a" "<= 1.5x module + 10" "n/a"
    return
  fi
  local limit result ahead=""
  limit=$(awk -v r="$reference" 'BEGIN { printf "%.1f", 1.5 * r + 10 }')
  result=$(awk -v v="$value" -v l="$limit" 'BEGIN { print (v <= l) ? "PASS" : "MISS" }')
  if [ -n "$observable" ] && [ "$observable" != FAIL ]; then
    ahead=$(awk -v v="$value" -v o="$observable" 'BEGIN { print (v < o) ? ", ahead of @Observable" : ", behind @Observable" }')
  fi
  printf '%-36s %16s %16s   %s\n' "$case" "$value" "<= $limit" "$result$ahead"
}
mutation_header=0
for path in cross override protocol; do
  for mutation in set add append; do
    for suffix in "" -observed; do
      if [ -n "${per_op["$path-$mutation$suffix token"]:-}" ]; then
        if [ $mutation_header = 0 ]; then
          echo
          echo "Mutations of another module's model (ObservationToken; instructions/op, against module-*)"
          mutation_header=1
        fi
        mutation_target "$path-$mutation$suffix"
      fi
    done
  done
done
echo
echo "callgrind.sh: $((SECONDS - started)) s"
exit $failed
