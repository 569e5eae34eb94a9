#!/usr/bin/env bash
# Builds the DocC catalog with the toolchain's own docc (no plugin, no dependency) and fails
# on any warning, so a broken ``symbol`` link or an unresolved article reference fails CI.
# Output: a DocC archive laid out for static hosting (docc's default), in
# .build/docs/ObservationToken.doccarchive: serve that folder (python3 -m http.server) and open
# /documentation/observationtoken; the pages fetch their data, so file:// shows nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v docc >/dev/null 2>&1; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

out=.build/docs
graphs=$out/symbol-graphs
rm -rf "$graphs" "$out/ObservationToken.doccarchive"
mkdir -p "$graphs"

# The library's public symbol graph, extracted from the ordinary debug build (CI's first leg
# has made it, so nothing is compiled again here) — as `swift package dump-symbol-graph` does,
# but for the library alone: that command also asks for the test modules, and fails where
# they were not built.
swift build --target ObservationToken
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -1)
swift-symbolgraph-extract -module-name ObservationToken -target "$triple" \
  -I "$(swift build --show-bin-path)/Modules" -minimum-access-level public -output-dir "$graphs"

docc convert Sources/ObservationToken/ObservationToken.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name ObservationToken \
  --fallback-bundle-identifier ObservationToken \
  --warnings-as-errors \
  --output-path "$out/ObservationToken.doccarchive"

echo "Documentation: $out/ObservationToken.doccarchive (serve it; open /documentation/observationtoken)"
