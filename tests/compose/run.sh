#!/usr/bin/env bash
# The compose test: a Docker engine with Compose v2 (engine.sh), local stand-ins for the images
# docker-compose.yml names (stand-ins/build.sh: nothing can be pulled here), then the test itself.
# Fails, never skips, when any of them cannot be had.
#
#   tests/compose/run.sh [vitest args…]   everything
#   tests/compose/run.sh --prepare        the engine, the stand-ins and the app images only: no
#                                         timing is measured, so CI runs it beside typecheck and lint
#                                         (the test's own build then finds every layer cached)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash tests/compose/engine.sh
bash tests/compose/stand-ins/build.sh
if [ "${1:-}" = --prepare ]; then
  exec npx --yes pnpm@10 exec tsx tests/compose/prepare.ts
fi
exec npx --yes pnpm@10 exec vitest run --config tests/compose/vitest.config.ts "$@"
