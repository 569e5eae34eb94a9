#!/usr/bin/env bash
# Compiles each snippet in this folder to SIL against the built ObservationToken module —
# far enough for the region-isolation checks (`sending … risks causing data races`), which
# run after type checking — and fails if any compiles, or is rejected without the error its
# first line expects.
set -uo pipefail
cd "$(dirname "$0")"
modules=../.build/debug/Modules
if [ ! -d "$modules" ]; then
  echo "check.sh: no built module at $modules; run 'swift build' first" >&2
  exit 2
fi
failed=0
for snippet in *.swift; do
  expected=$(sed -n '1s|^// expected-error: ||p' "$snippet")
  if [ -z "$expected" ]; then
    echo "FAIL  $snippet: its first line must be '// expected-error: <text>'"
    failed=1
    continue
  fi
  if output=$(swiftc -emit-sil -o /dev/null -swift-version 6 -I "$modules" "$snippet" 2>&1); then
    echo "FAIL  $snippet compiles; it must not"
    failed=1
  elif ! grep -q "error:.*$expected" <<<"$output"; then
    echo "FAIL  $snippet is rejected, but not with an error containing \"$expected\":"
    grep "error:" <<<"$output" | head -5
    failed=1
  else
    echo "ok    $snippet is rejected: $(grep -m1 -o "error:.*" <<<"$output")"
  fi
done
exit $failed
