# One image definition for both apps: docker build --target api . / --target worker .
FROM node:20-bookworm-slim AS base
RUN npm install -g pnpm@10
WORKDIR /app
# Manifests first, so dependency layers are cached across code changes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/worker/package.json apps/worker/
COPY packages/authnet-simulator/package.json packages/authnet-simulator/
COPY packages/bus/package.json packages/bus/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/engine/package.json packages/engine/
COPY packages/server/package.json packages/server/
COPY packages/testing/package.json packages/testing/
RUN pnpm install --frozen-lockfile
COPY . .
ENV NODE_ENV=production

FROM base AS api
RUN pnpm --filter @vault/web build
ENV PORT=3000
EXPOSE 3000
USER node
CMD ["pnpm", "--filter", "@vault/api", "start"]

FROM base AS worker
USER node
CMD ["pnpm", "--filter", "@vault/worker", "start"]
