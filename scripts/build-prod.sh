#!/usr/bin/env bash
# The production layout the Docker image holds, built outside Docker too (the Dockerfile runs this
# script; apps/worker/test/production-build.int.test.ts runs it into a temp dir and starts the apps):
#   OUT/apps/api        the API with its production dependencies only (pnpm deploy --prod)
#   OUT/apps/worker     the worker, likewise
#   OUT/apps/web/dist   the built SPA, where the API's default WEB_DIST (../../web/dist) finds it
#   OUT/tsconfig.base.json  what the apps' tsconfig.json extend: tsx compiles with the same options
# Each app starts with `node --import tsx src/main.ts` from its directory (see the Dockerfile).
#
# Usage: scripts/build-prod.sh OUT [--web-dist DIR]
#   DIR: the built web app (default apps/web/dist; run `pnpm --filter @vault/web build` first).
# Offline: everything comes from the lockfile and pnpm's local store, filled by `pnpm install`.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:?usage: scripts/build-prod.sh OUT [--web-dist DIR]}
shift
web_dist=apps/web/dist
while [ $# -gt 0 ]; do
  case $1 in
    --web-dist) web_dist=${2:?--web-dist needs a directory}; shift 2 ;;
    *) echo "build-prod: unknown option $1" >&2; exit 2 ;;
  esac
done
if [ ! -f "$web_dist/index.html" ]; then
  echo "build-prod: $web_dist/index.html is missing: run pnpm --filter @vault/web build first" >&2
  exit 1
fi
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
  echo "build-prod: $out is not empty" >&2
  exit 1
fi
mkdir -p "$out/apps/web"
# Run by `npx pnpm@10 test`, pnpm may not be on PATH: then the pnpm running us (npm_execpath) is.
if command -v pnpm >/dev/null; then
  pnpm=(pnpm)
elif [[ ${npm_execpath:-} == *pnpm* ]]; then
  pnpm=(node "$npm_execpath")
else
  echo "build-prod: pnpm not found" >&2
  exit 1
fi

for app in api worker; do
  # Injected workspace packages are copied into node_modules rather than linked to this checkout,
  # so the directory stands alone; pnpm 10 deploys only that way.
  "${pnpm[@]}" --filter "@vault/$app" --config.inject-workspace-packages=true deploy --prod --offline \
    --reporter=append-only "$out/apps/$app"
  # Tests are not the product (and would import devDependencies that are not there).
  rm -rf "$out/apps/$app/test"
  find "$out/apps/$app/src" "$out/apps/$app"/node_modules/.pnpm/@vault+*/node_modules/@vault/*/ \
    -name '*.test.ts' -delete
  find "$out/apps/$app"/node_modules/.pnpm/@vault+*/node_modules/@vault/* -maxdepth 1 -name test \
    -type d -exec rm -rf {} +
done
cp -R "$web_dist" "$out/apps/web/dist"
cp tsconfig.base.json "$out/"
echo "build-prod: $out"
