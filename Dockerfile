# Two production images from one file: docker build --target api . / --target worker .
# `build` installs everything (dev tools included) and lays out the production apps with
# scripts/build-prod.sh; the final stages copy only that layout: production dependencies, no
# compiler, test runner or linter, and no package manager run in them.

# Where the registry is reached through a TLS-intercepting proxy, its CA is lent to these two
# steps as the build secret `build_ca` (compose passes the file named by BUILD_CA_CERTS): it is
# mounted for the step only, so it is in no layer and never in a shipped image. Without it the
# file is empty and npm and pnpm trust the usual CAs alone.
FROM node:20-bookworm-slim AS build
RUN --mount=type=secret,id=build_ca \
  if [ -s /run/secrets/build_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/build_ca; fi; \
  npm install -g pnpm@10
WORKDIR /repo
# Manifests first, so dependency layers are cached across code changes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/worker/package.json apps/worker/
COPY packages/authnet-simulator/package.json packages/authnet-simulator/
COPY packages/bus/package.json packages/bus/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/show/package.json packages/show/
COPY packages/notify/package.json packages/notify/
COPY packages/server/package.json packages/server/
COPY packages/testing/package.json packages/testing/
RUN --mount=type=secret,id=build_ca \
  if [ -s /run/secrets/build_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/build_ca; fi; \
  pnpm install --frozen-lockfile
COPY . .
RUN pnpm --filter @vault/web build && scripts/build-prod.sh /prod

# What both apps run on. Files stay root's: the app (USER node) can read its code, not change it.
# CMD starts node itself (no pnpm or tsx CLI in between), so SIGTERM reaches the app's shutdown
# handler. tsx is a loader inside that process (the workspace packages export TypeScript source;
# a bundle would be a second build for tests to miss). compose adds `init: true`: as PID 1, node
# would ignore a SIGTERM that comes before the app has installed its handler.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
COPY --from=build /prod/tsconfig.base.json /app/

FROM runtime AS api
# Which build this is (compose passes VAULT_BUILD, e.g. a commit): a new value is a new image even
# when nothing else changed, which deploy/rollout.sh then rolls out.
ARG VAULT_BUILD=local
LABEL org.opencontainers.image.version=$VAULT_BUILD
COPY --from=build /prod/apps/web/dist /app/apps/web/dist
COPY --from=build /prod/apps/api /app/apps/api
WORKDIR /app/apps/api
ENV PORT=3000
EXPOSE 3000
USER node
CMD ["node", "--import", "tsx", "src/main.ts"]

FROM runtime AS worker
ARG VAULT_BUILD=local
LABEL org.opencontainers.image.version=$VAULT_BUILD
COPY --from=build /prod/apps/worker /app/apps/worker
WORKDIR /app/apps/worker
# On in the image (off by default, so several workers can share a host outside containers).
ENV WORKER_HEALTH_PORT=3001
EXPOSE 3001
USER node
CMD ["node", "--import", "tsx", "src/main.ts"]
