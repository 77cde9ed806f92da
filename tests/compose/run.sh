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
  # The test's project, files and build settings, with a throwaway .env from the header's lines
  # (a build reads no secret of it but the CA).
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  (cd "$scratch" && grep '^#   ' "$OLDPWD/docker-compose.yml" | sed 's/^#   //' | sed '/^docker compose up/,$d' | bash -euo pipefail)
  echo "VAULT_TEST_PG_PORT=5432" >>"$scratch/.env"
  ca=$(cat /usr/local/share/ca-certificates/*.crt 2>/dev/null || true)
  if [ -n "$ca" ]; then
    echo "$ca" >"$scratch/build-ca.pem"
    echo "BUILD_CA_CERTS=$scratch/build-ca.pem" >>"$scratch/.env"
  fi
  started=$SECONDS
  COMPOSE_PROJECT_NAME=vault-compose-test COMPOSE_FILE=docker-compose.yml:tests/compose/this-machine.yml \
    COMPOSE_ENV_FILES="$scratch/.env" docker compose build --quiet api worker
  echo "compose-prepare: app images built in $((SECONDS - started)) s"
  exit 0
fi
exec npx --yes pnpm@10 exec vitest run --config tests/compose/vitest.config.ts "$@"
