#!/usr/bin/env bash
# How cost grows with the work, one family per run: each point (case, subject, size) runs
# once under callgrind, which counts only the point's units of work (`--toggle-collect` on
# countedWork: setting up, warming up and the checks are left out); the figure is the
# instructions per unit — per observer notified, per token made or ended, per level
# passed — so a flat line is cost that grows linearly with the work. Each point also runs
# once natively for its wall-clock time (shown, not charted) and, for live tokens, the
# heap bytes per token (mallinfo2; meaningless under valgrind) or, for the frame family, the
# main-actor applies per row per frame. Points too big for valgrind
# (a million live tokens but the floor's) run natively only: bytes, no instruction count.
#
# A run of a whole family writes charts/FAMILY.svg, charts/FAMILY.txt (the results the
# chart is drawn from) and the family's table in README.md (between its markers). A run
# narrowed by --sizes, --subjects or --cases only prints, unless --replace is given: then
# its points take the place of the same points in charts/FAMILY.txt (whose first line then
# says which rows were measured when), and the chart and table are drawn again — how the
# package's own line is brought up to date without measuring the peers again, whose code
# has not changed. --redraw measures nothing: it draws the chart and the table again from
# charts/FAMILY.txt.
#
# usage: ./scaling.sh FAMILY [--sizes a,b,...] [--subjects x,y,...] [--cases a,b,...] [--replace]
#        ./scaling.sh FAMILY --redraw
#        ./scaling.sh all      every family in turn: regenerates every chart and table
#   families: fanout tokens drain chain node rebind frame (`ObservationBenchmarks --help`)
set -uo pipefail
cd "$(dirname "$0")"
usage="usage: ./scaling.sh FAMILY|all [--sizes a,b] [--subjects x,y] [--cases a,b] [--replace] [--redraw]"

if [ "${1:-}" = all ]; then
  shift
  status=0
  for family in fanout tokens drain chain node rebind frame; do ./scaling.sh "$family" "$@" || status=1; done
  exit $status
fi
family=${1:-}
[ -z "$family" ] && { echo "$usage" >&2; exit 2; }
shift
filters=()
redraw=0
replace=0
while [ $# -gt 0 ]; do
  case $1 in
  --redraw) redraw=1; shift ;;
  --replace) replace=1; shift ;;
  --sizes | --subjects | --cases) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; filters+=("$1" "$2"); shift 2 ;;
  *) echo "$usage" >&2; exit 2 ;;
  esac
done

script=scaling.sh needs_valgrind=$((1 - redraw))
source ./callgrind-setup.sh

plan=$("$bin" --scaling-plan "$family" "${filters[@]}") || { echo "$usage" >&2; exit 2; }
results=$work/results.txt
if [ $replace = 1 ] && { [ $redraw = 1 ] || [ ${#filters[@]} -eq 0 ] || [ ! -f "charts/$family.txt" ]; }; then
  echo "scaling.sh: --replace needs a narrowed run (--sizes, --subjects or --cases) and charts/$family.txt" >&2
  exit 2
fi
failed=0
started=$SECONDS
if [ $redraw = 1 ]; then
  [ -f "charts/$family.txt" ] || { echo "scaling.sh: no charts/$family.txt to redraw" >&2; exit 2; }
  cp "charts/$family.txt" "$results"
else
  echo "# at $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(date -u +%Y-%m-%d); callgrind instructions, release build; regenerate: Benchmarks/scaling.sh $family" >"$results"
  printf '%-22s %-20s %9s %10s %18s %14s %12s\n' "case" "subject" "size" "units" "instructions/unit" "native ns/unit" "heap B/applies"
  printf '%s\n' "---------------------------------------------------------------------------------------------------------------"
  while read -r case subject size mode; do
    [ -z "$case" ] && continue
    native=$("$bin" --case "$case" --subject "$subject" --size "$size" 2>/dev/null)
    units=$(sed -n 's/.* units \([0-9]*\) .*/\1/p' <<<"$native")
    nanoseconds=$(sed -n 's/.* ns-per-unit \([0-9.]*\).*/\1/p' <<<"$native")
    # The second panel: heap bytes per token (tokens), or applies per row per frame (frame).
    bytes=$(sed -n 's/.* \(heap-bytes-per-token\|applies-per-row-per-frame\) \([0-9.-]*\).*/\2/p' <<<"$native")
    collected=-
    if [ "$mode" = counted ] && [ -n "$units" ]; then
      collected=$(count_instructions "$case / $subject at $size" --toggle-collect='*countedWork*' -- \
        --case "$case" --subject "$subject" --size "$size")
    fi
    if [ "$collected" = FAIL ] || [ -z "$collected" ] || [ -z "$units" ] || [ -z "$nanoseconds" ]; then
      failed=1
      printf '%-22s %-20s %9s %10s %18s\n' "$case" "$subject" "$size" "-" "FAILED"
      continue
    fi
    per_unit=-
    [ "$collected" != - ] && per_unit=$(awk -v c="$collected" -v u="$units" 'BEGIN { printf "%.1f", c / u }')
    printf '%-22s %-20s %9s %10s %18s %14s %12s\n' "$case" "$subject" "$size" "$units" "$per_unit" "$nanoseconds" "${bytes:--}"
    echo "$case $subject $size $per_unit $nanoseconds ${bytes:--}" >>"$results"
  done <<<"$plan"
  echo
fi

if [ $replace = 1 ] && [ $failed = 0 ]; then
  # The old results with the new points in their place (a point is its case, subject and size).
  measured=$(sed -n '1s/^# at \([^,]*\),.*/\1/p' "$results")
  earlier=$(sed -n '1s/^# at \(.*\); callgrind.*/\1/p' "charts/$family.txt")
  # Measured again with the same filters: the earlier run's rows are all replaced.
  same="* (rows measured by: scaling.sh $family ${filters[*]} --replace) and, the rest, "
  [[ "$earlier" == $same* ]] && earlier=${earlier#$same}
  {
    echo "# at $measured (rows measured by: scaling.sh $family ${filters[*]} --replace) and, the rest, $earlier; callgrind instructions, release build; regenerate: Benchmarks/scaling.sh $family"
    awk 'NR == FNR { if (FNR > 1) fresh[$1 " " $2 " " $3] = $0; next }
      FNR == 1 { next }
      { key = $1 " " $2 " " $3; if (key in fresh) { print fresh[key]; delete fresh[key] } else print }
      END { for (key in fresh) print fresh[key] }' "$results" "charts/$family.txt"
  } >"$work/merged.txt"
  cp "$work/merged.txt" "$results"
fi
"$bin" --table "$family" <"$results" >"$work/table.md"
if [ ${#filters[@]} -eq 0 ] || { [ $replace = 1 ] && [ $failed = 0 ]; }; then
  mkdir -p charts
  cp "$results" "charts/$family.txt"
  "$bin" --chart "$family" <"$results" >"charts/$family.svg"
  # The table between README.md's markers for the family.
  awk -v start="<!-- scaling $family -->" -v end="<!-- /scaling $family -->" -v table="$work/table.md" '
    $0 == end { skipping = 0 }
    !skipping { print }
    $0 == start { while ((getline line < table) > 0) print line; skipping = 1 }
  ' README.md >"$work/README.md" && cat "$work/README.md" >README.md
  echo "wrote charts/$family.svg, charts/$family.txt and its table in README.md:"
fi
cat "$work/table.md"
echo
echo "scaling.sh $family: $((SECONDS - started)) s"
exit $failed
