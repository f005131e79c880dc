#!/usr/bin/env bash
# Usage: roundtrip.sh FILE [xdsl-opt flags...]
# Parses FILE, prints it in custom form, reparses the generic form of it and checks that
# both custom prints agree; then prints the custom form for FileCheck.
set -euo pipefail
file=$1; shift
custom=$(xdsl-opt "$file" "$@")
generic=$(xdsl-opt "$file" "$@" --print-op-generic)
again=$(printf '%s\n' "$generic" | xdsl-opt "$@")
recustom=$(printf '%s\n' "$custom" | xdsl-opt "$@")
if [ "$custom" != "$again" ]; then
  echo "round-trip mismatch: custom -> generic -> custom differs" >&2
  diff <(printf '%s\n' "$custom") <(printf '%s\n' "$again") >&2 || true
  exit 1
fi
if [ "$custom" != "$recustom" ]; then
  echo "round-trip mismatch: custom -> custom differs" >&2
  diff <(printf '%s\n' "$custom") <(printf '%s\n' "$recustom") >&2 || true
  exit 1
fi
printf '%s\n' "$custom"
