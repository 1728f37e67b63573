# syntax=docker/dockerfile:1
# The service as one container: the Next.js standalone server (API, backoffice and the in-process job worker).
#   docker build -t kyc-workflow .
#   docker run -p 3000:3000 -e DATABASE_URL=… -e MASTER_KEY=… -e AUTH_SECRET=… kyc-workflow
# Variables, migrations, health check and shutdown: docs/deploy.md. `npm test` starts the runtime stage below
# without Docker (tests/standalone-image.ts reads this file: its COPY lines, ENV, CMD and HEALTHCHECK).

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN mkdir -p public && npm run build

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATA_DIR=/data \
    MIGRATIONS_DIR=/app/drizzle \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    KEEP_ALIVE_TIMEOUT=65000
RUN groupadd --system --gid 1001 app \
 && useradd --system --uid 1001 --gid app --no-create-home --shell /usr/sbin/nologin app
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
COPY --from=build /app/drizzle ./drizzle
RUN mkdir -p .next/cache /data && chown app:app .next/cache /data
USER app
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=50", "server.js"]
