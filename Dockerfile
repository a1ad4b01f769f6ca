# syntax=docker/dockerfile:1
# Recepta's production image, for PostgreSQL deployments (DATABASE_URL and the secrets come from the environment; the
# embedded database of `npm start` is not in it). Three stages: the dependencies, the build, and a runtime that holds
# only Next's standalone output laid out by scripts/assemble-standalone.mjs (server files, the node_modules they use,
# static files, public/, db/migrations, the entry): no dev dependency, no TypeScript loader, no source.
# Built and run: docs/deployment.md. tests/e2e/standalone.spec.ts runs the same layout without Docker.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN node node_modules/next/dist/bin/next build \
 && node scripts/assemble-standalone.mjs /standalone

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000
# Owned by root, read-only to the app (logs go to stdout), except .next/cache, where Next may keep optimized images and
# cached fetches.
COPY --from=build /standalone ./
RUN mkdir -p .next/cache && chown node:node .next/cache
USER node
EXPOSE 3000
# /api/health answers 200 once the database answers; the first start migrates before it listens, hence the start period.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# scripts/server.mjs drains on SIGTERM (10 s for requests in flight, then the job workers and the pool): give it 30 s
# (docker stop -t 30, stop_grace_period in compose.yaml).
STOPSIGNAL SIGTERM
# node itself as PID 1 (no shell, no npm in between), so the signal reaches the server.
ENTRYPOINT ["node", "scripts/standalone.mjs"]
