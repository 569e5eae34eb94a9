#!/usr/bin/env bash
# Finds every construct in the library that the compiler does not check, or that directs
# the optimizer, and checks that Sources/ObservationToken/INVARIANTS.md covers each one
# with exactly one row.
#
# usage: Scripts/check-invariants.sh          check coverage (exit 1 on any finding below)
#        Scripts/check-invariants.sh --list   print every construct as `file:line kind`,
#                                             then a count per kind and the total
#
# Scanned: every line of Sources/ObservationToken/**/*.swift except comment lines (lines
# whose first non-blank characters are `//`, and lines of a `/* … */` block that starts a
# line). Each line is tested against the kinds below, in this order; whatever a kind
# matches is blanked out of the line before the next kind is tried, so a narrow kind listed
# first (a temporary allocation, a pointer made mutable) keeps a broad one listed later
# (raw-pointer) from counting the same text. A line counts at most once per kind. The
# patterns are POSIX extended regular expressions, as awk reads them, without spaces; the
# script reads them from the table below, so the table is their only definition.
# `@usableFromInline` is not a construct (it is an access level), nor is a checked cast.
#
# underscored-stdlib is a call of one of the standard library's underscored functions
# (`_isPOD(`, `_openExistential(`, `_getSuperclass(`): entry points with no stability
# promise, whose contract is the standard library's source. It is listed last, so the ones
# a narrower kind already names (`_fastPath`, `_forEachField`) count there only. A free
# function whose name starts with `_` and a lower-case letter is the standard library's:
# the package's own underscored names (`_CallerLocation`, `_KeyValueObservationHook`,
# `_ModuleTypes`, `_observationHook`) are types, or members reached after a dot, which the
# pattern skips. An underscored standard-library member reached after a dot is named in a
# pattern one by one (`_kvcKeyPathString` here, `_withUnsafeGuaranteedRef` under unmanaged).
#
# kinds:
#   unchecked-sendable     @unchecked[[:space:]]+Sendable
#   nonisolated-unsafe     nonisolated\(unsafe\)
#   exclusivity-unchecked  @exclusivity\(unchecked\)
#   unowned-unsafe         unowned\(unsafe\)
#   temporary-allocation   withUnsafeTemporaryAllocation
#   unmanaged              (^|[^[:alnum:]_])Unmanaged([^[:alnum:]_]|$)|_withUnsafeGuaranteedRef|\.(passRetained|passUnretained|takeUnretainedValue|takeRetainedValue|fromOpaque|toOpaque|retain|release|autorelease)\(
#   unsafe-downcast        unsafeDowncast\(
#   unsafe-bitcast         unsafeBitCast\(
#   unsafely-unwrapped     \.unsafelyUnwrapped
#   memory-bound           \.(assumingMemoryBound|bindMemory|withMemoryRebound)\(|\.load(Unaligned)?\((fromByteOffset|as):|\.storeBytes\(
#   pointer-mutating       Unsafe(Mutable)?(Raw)?Pointer\(mutating:
#   manual-allocation      \.(allocate|deallocate|initialize|initializeElement|deinitialize|deinitializeElement|moveInitialize|moveUpdate)\(
#   raw-pointer            (^|[^[:alnum:]_])(withUnsafe(Mutable)?(Pointer|Bytes|BufferPointer)|Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|OpaquePointer)([^[:alnum:]_]|$)
#   reflection-spi         @_spi\(|_forEachField|_EachFieldOptions
#   effects                @_effects\(
#   inline-always          @inline\(__always\)|@_transparent
#   inline-never           @inline\(never\)
#   inlinable              @inlinable|@_alwaysEmitIntoClient
#   branch-hint            _fastPath\(|_slowPath\(
#   specialize             @_specialize\(
#   semantics              @_semantics\(
#   optimize               @_optimize\(
#   underscored-stdlib     (^|[^[:alnum:]_.])_[a-z][[:alnum:]_]*\(|\._kvcKeyPathString([^[:alnum:]_]|$)
# end of kinds
#
# Coverage, as documented at the top of INVARIANTS.md: the last column of every table row,
# `covers`, reads `kind: entry, entry; kind: entry`, where an entry is a file name
# (`Lock.swift`), a path or folder under Sources/ObservationToken (`Routing/`), or `*`
# (every file); a row that covers no construct says `—`. A (file, kind) pair is covered by
# a row when one of the row's entries for that kind names the file. The check fails when
#   - a pair found in the sources is covered by no row             (uncovered),
#   - a pair is covered by more than one row                       (covered twice),
#   - a row's entry names no file that has that kind               (stale),
#   - a covers cell names an unknown kind or does not parse        (malformed),
#   - a table row is longer than a screen, 600 characters          (too long).
set -euo pipefail
cd "$(dirname "$0")/.."

module=Sources/ObservationToken
document=$module/INVARIANTS.md

# Every lock goes through `Lock`: on Linux, Synchronization's `Mutex` is a futex that
# ThreadSanitizer cannot see, so a `Mutex` of its own makes false races there (`Lock`
# uses it only on Darwin; see Lock.swift). Use `Locked`.
if mutexes=$(grep -rln --include='*.swift' 'Mutex<' "$module" | grep -v '/Subscription/Threads/Lock\.swift$'); then
  echo "check-invariants: a Mutex outside Lock.swift, which ThreadSanitizer cannot see on Linux (use Locked): $mutexes"
  exit 1
fi
mode=check
case "${1:-}" in
  "") ;;
  --list) mode=list ;;
  *)
    echo "usage: $0 [--list]" >&2
    exit 2
    ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The kinds table above: `kind pattern`, one a line, in order.
sed -n '/^# kinds:$/,/^# end of kinds$/p' "$0" | sed '1d;$d' | sed 's/^#[[:space:]]*//' >"$work/kinds"

# scan: `path<TAB>line<TAB>kind` for every construct, path relative to the module.
find "$module" -name '*.swift' -print0 | LC_ALL=C sort -z |
  xargs -0 awk -v kinds="$work/kinds" -v prefix="$module/" '
    BEGIN {
      while ((getline entry < kinds) > 0) {
        split(entry, field, " ")
        count++
        name[count] = field[1]
        pattern[count] = field[2]
      }
    }
    FNR == 1 { inBlock = 0 }
    inBlock { if ($0 ~ /\*\//) inBlock = 0; next }
    /^[[:space:]]*\/\*/ { if ($0 !~ /\*\//) inBlock = 1; next }
    /^[[:space:]]*\/\// { next }
    {
      line = $0
      for (k = 1; k <= count; k++) {
        if (line ~ pattern[k]) {
          printf "%s\t%d\t%s\n", substr(FILENAME, length(prefix) + 1), FNR, name[k]
          gsub(pattern[k], " ", line)
        }
      }
    }
  ' >"$work/found"

if [ "$mode" = list ]; then
  awk -F '\t' -v prefix="$module/" '{ printf "%s%s:%s %s\n", prefix, $1, $2, $3 }' "$work/found"
  echo
  awk -v found="$work/found" '
    { order[++count] = $1 }
    END {
      while ((getline entry < found) > 0) {
        split(entry, field, "\t")
        total++
        perKind[field[3]]++
        if (!((field[1], field[3]) in seen)) { seen[field[1], field[3]] = 1; pairCount++ }
      }
      for (k = 1; k <= count; k++) printf "%-22s %4d\n", order[k], perKind[order[k]]
      printf "%-22s %4d\n", "total", total
      printf "%-22s %4d\n", "(file, kind) pairs", pairCount
    }
  ' "$work/kinds"
  exit 0
fi

if [ ! -f "$document" ]; then
  echo "check-invariants: $document is missing" >&2
  exit 1
fi

LC_ALL=C awk -v found="$work/found" -v kinds="$work/kinds" -v document="$document" -v maxRow=600 '
  function trim(text) { gsub(/^[[:space:]]+|[[:space:]]+$/, "", text); return text }
  function fail(message) { print "check-invariants: " message; failed = 1 }
  BEGIN {
    while ((getline entry < kinds) > 0) { split(entry, field, " "); known[field[1]] = 1 }
    while ((getline entry < found) > 0) {
      split(entry, field, "\t")
      pair = field[1] SUBSEP field[3]
      if (!(pair in firstLine)) { firstLine[pair] = field[2]; pairs[++pairCount] = pair }
    }
  }
  # The first row of a table is its header, whose last cell must read `covers`; then a
  # separator row; then one row per invariant.
  !/^\|/ { inTable = 0; next }
  {
    # Characters, not bytes: the continuation bytes of UTF-8 are left out of the count.
    text = $0
    gsub(/[\200-\277]/, "", text)
    if (length(text) > maxRow)
      fail("too long: " document ":" FNR ": a row of " length(text) " characters (at most " maxRow "); split it")
    row = $0
    sub(/[[:space:]]*\|[[:space:]]*$/, "", row)
    cell = row
    while (match(cell, /\|/)) cell = substr(cell, RSTART + 1)
    cell = trim(cell)
    gsub(/`/, "", cell)
    if (!inTable) {
      inTable = 1
      isCoverage = cell == "covers"
      if (!isCoverage) fail(document ":" FNR ": a table whose last column is not `covers`")
      next
    }
    if (!isCoverage || row ~ /^\|[-:| ]*$/) next
    rows++
    if (cell == "—" || cell == "-") next
    if (cell == "") { fail(document ":" FNR ": empty covers cell (write — when the row covers nothing)"); next }
    parts = split(cell, part, ";")
    for (p = 1; p <= parts; p++) {
      colon = index(part[p], ":")
      if (colon == 0) { fail(document ":" FNR ": \"" trim(part[p]) "\" is not `kind: entry, entry`"); continue }
      kind = trim(substr(part[p], 1, colon - 1))
      if (!(kind in known)) { fail(document ":" FNR ": unknown kind \"" kind "\""); continue }
      entries = split(substr(part[p], colon + 1), entryList, ",")
      for (e = 1; e <= entries; e++) {
        target = trim(entryList[e])
        if (target == "") { fail(document ":" FNR ": an empty entry for " kind); continue }
        matched = 0
        firstPath = ""
        for (i = 1; i <= pairCount; i++) {
          split(pairs[i], key, SUBSEP)
          if (key[2] != kind) continue
          path = key[1]
          base = path
          sub(/.*\//, "", base)
          if (target == "*" || path == target || (target !~ /\// && base == target) ||
              (target ~ /\/$/ && index(path, target) == 1)) {
            if (target !~ /\// && target != "*") {
              if (firstPath == "") firstPath = path
              else if (path != firstPath) fail(document ":" FNR ": " target " names both " firstPath " and " path "; write the path")
            }
            matched++
            covered[pairs[i]]++
            coveredAt[pairs[i]] = coveredAt[pairs[i]] " " FNR
          }
        }
        if (matched == 0) fail("stale: " document ":" FNR ": " kind ": " target " (no such file has that kind)")
      }
    }
  }
  END {
    for (i = 1; i <= pairCount; i++) {
      split(pairs[i], key, SUBSEP)
      if (!(pairs[i] in covered))
        fail("uncovered: " key[1] " " key[2] " (first at line " firstLine[pairs[i]] ")")
      else if (covered[pairs[i]] > 1)
        fail("covered twice: " key[1] " " key[2] " (rows at lines" coveredAt[pairs[i]] " of " document ")")
    }
    if (failed) exit 1
    printf "check-invariants: %d (file, kind) pairs, each covered by exactly one of the %d rows of %s\n", pairCount, rows, document
  }
' "$document"
