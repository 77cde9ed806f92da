#!/usr/bin/env bash
# The compose test: a Docker engine with Compose v2 (engine.sh), local stand-ins for the images
# docker-compose.yml names (stand-ins/build.sh: nothing can be pulled here), then the test itself.
# Fails, never skips, when any of them cannot be had.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash tests/compose/engine.sh
bash tests/compose/stand-ins/build.sh
exec npx --yes pnpm@10 exec vitest run --config tests/compose/vitest.config.ts "$@"
