#!/usr/bin/env bash
# Type-checks the library's Apple-only branches on Linux, where nothing else compiles them.
#
# Each `#if canImport(Darwin)` / `canImport(ObjectiveC)` branch of Sources/ObservationToken
# is listed below with how it is checked here:
#   forced    the branch is rewritten to `#if true` in a copy of the sources, which is then
#             type-checked as the module (the APIs it uses exist on Linux);
#   modelled  compiled by the test targets against KVOShim, the model of Apple's KVO
#             (Sources/ObservationToken/Bridges/KVO, whose Apple branch is only its imports);
#   skipped   cannot be type-checked here: the reason is given.
# A branch found in the sources but not listed fails the check, so a new one gets a line.
#
# branches:
#   Subscription/Threads/Lock.swift         forced    Mutex (Synchronization) exists on Linux
#   Subscription/Threads/ThreadLocal.swift  skipped   Darwin's pthread_key_create takes a destructor of a non-optional pointer, Glibc's of an optional one
#   Subscription/Threads/ThreadLocal.swift:import skipped   `import Darwin`: the module does not exist on Linux; the branch is the import only
#   Subscription/Threads/ThreadParking.swift:import skipped   `import Darwin`: the module does not exist on Linux; the branch is the import only
#   Bridges/KVO/                            modelled  KVOBridgeTests and Playgrounds compile these files against KVOShim
#   Engine/Registration/ObserverMemory.swift skipped   objc_getAssociatedObject and objc_setAssociatedObject (the Objective-C runtime) do not exist on Linux
#   Engine/Property/WatchableTargetClasses.swift skipped   `import ObjectiveC`: the module does not exist on Linux; the branch is the import and an `is NSObject` test
#   API/Binding.swift                       skipped   `import ObjectiveC` does not exist on Linux, nor does ObjectWatchedBinding in the library (modelled: KVOBridgeTests compile it)
#   API/ObjectWatchedBinding.swift          modelled  KVOBridgeTests link it in and compile it against KVOShim
#   Engine/Property/SymbolTable.swift:import skipped   `import Darwin` does not exist on Linux; its other Apple branch calls `dladdr`, which Linux's Glibc module does not declare
# end of branches
#
# On Apple the KVO bridge's files import Foundation into the module, whose other files do
# not: the copy gets a file importing Foundation too, so that a name of Foundation's that
# would make the rest of the module ambiguous shows here (Linux's Foundation has the same
# String, Data and Date API).
set -euo pipefail
cd "$(dirname "$0")/.."
sources=Sources/ObservationToken

# Every Apple branch must be listed above.
unlisted=0
while IFS=: read -r file line text; do
  relative=${file#"$sources"/}
  key=$relative
  if [[ $text == *"#elseif canImport(Darwin)"* ]]; then key="$relative:import"; fi
  if [[ $relative == Bridges/KVO/* ]]; then key=Bridges/KVO/; fi
  if ! sed -n '/^# branches:/,/^# end of branches/p' "$0" | grep -qF "#   $key "; then
    echo "typecheck-apple-branches: unlisted Apple branch at $file:$line: $text"
    unlisted=1
  fi
done < <(grep -rnE '#(else)?if .*canImport\((Darwin|ObjectiveC)\)' "$sources" --include='*.swift')
[[ $unlisted == 0 ]] || exit 1

# Force the listed branches in a copy, and type-check the copy as the module.
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
cp -R "$sources"/. "$copy"/
forced=$(sed -n '/^# branches:/,/^# end of branches/p' "$0" | awk '$3 == "forced" { print $2 }')
for file in $forced; do
  sed -i 's/^\([[:space:]]*\)#if canImport(Darwin)$/\1#if true \/\/ forced: canImport(Darwin)/' "$copy/$file"
  grep -q 'forced: canImport(Darwin)' "$copy/$file" || { echo "typecheck-apple-branches: nothing forced in $file"; exit 1; }
done
echo 'import Foundation' >"$copy/ForcedFoundationImport.swift"
find "$copy" -name '*.swift' -print0 | xargs -0 swiftc -typecheck -swift-version 6 -parse-as-library \
  -module-name ObservationToken
echo "typecheck-apple-branches: forced $(echo $forced | wc -w) file(s) to their Apple branch; the module type-checks"
