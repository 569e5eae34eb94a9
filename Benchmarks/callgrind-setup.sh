# Sourced by callgrind.sh and drain.sh (which set $script, their name for messages, and
# $needs_valgrind): builds the benchmarks in release, sets $bin and $work (a temporary
# folder removed on exit), and defines count_instructions.

if ! command -v swift >/dev/null 2>&1; then export PATH="/opt/swift/usr/bin:$PATH"; fi
if [ "$needs_valgrind" = 1 ] && ! command -v valgrind >/dev/null 2>&1; then
  echo "$script: valgrind is not installed (Debian: apt-get install valgrind)" >&2
  exit 2
fi

swift build -c release --product ObservationBenchmarks >&2 || exit 2
bin="$(swift build -c release --show-bin-path)/ObservationBenchmarks"

# Same hash seeds in every run, so dictionary and set layouts (and so instruction
# counts) do not change between the N and the 2N run.
export SWIFT_DETERMINISTIC_HASHING=1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# valgrind 3.19 gives up on the DWARF 5 debug information of some builds of this package
# ("Possibly corrupted debuginfo file", depending on how the sections fall); counting
# instructions needs none, so the runs use a copy of the binary without it (the same code).
if command -v objcopy >/dev/null 2>&1 && objcopy --strip-debug "$bin" "$work/ObservationBenchmarks"; then
  bin="$work/ObservationBenchmarks"
fi

# count_instructions LABEL [VALGRIND_OPTION...] -- ARGUMENT...: the instructions callgrind
# collected in one run of the benchmarks with the ARGUMENTs, or FAIL (LABEL names the run
# in the message).
count_instructions() {
  local label=$1 options=()
  shift
  while [ "$1" != -- ]; do options+=("$1"); shift; done
  shift
  if ! valgrind --tool=callgrind "${options[@]}" --callgrind-out-file="$work/callgrind.out" \
    "$bin" "$@" >"$work/stdout" 2>"$work/stderr"; then
    echo "$script: $label failed:" >&2
    grep -v '^==' "$work/stderr" >&2
    echo FAIL
    return
  fi
  sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$work/stderr"
}
