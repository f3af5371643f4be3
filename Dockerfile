# syntax=docker/dockerfile:1
# bauklar container image. The build needs the dev dependencies (Vite, esbuild, Tailwind …), so it
# runs in its own stage; the runtime stage gets the built app and the production dependencies only.
# Build: docker build -t bauklar .   Run: see docs/deployment.md

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# The backup commands are bundled as well: the runtime image has no tsx.
RUN npm run build \
 && npx esbuild scripts/db-backup.ts scripts/db-restore.ts --bundle --platform=node --format=esm \
      --target=node20 --packages=external --outdir=dist/server --log-level=warning

FROM node:20-bookworm-slim AS runtime
# NODE_ENV=production: the OPERATOR_* variables are required (docs/deployment.md); request logs on.
ENV NODE_ENV=production LOG_LEVEL=info PORT=3000 HOST=0.0.0.0 DATA_DIR=/data \
    npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
WORKDIR /app
# OCR of scanned PDF LVs: Tesseract with its German model and poppler's pdftoppm (the reader thread
# starts them as child processes).
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tesseract-ocr tesseract-ocr-deu poppler-utils \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/assets ./assets
COPY --from=build /app/knowledge ./knowledge
# PGlite data (when no DATABASE_URL is set) and backups belong to the unprivileged user.
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
VOLUME ["/data"]
EXPOSE 3000
# /api/user answers 401 without a session: the process serves requests (no database round trip).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains in-flight requests, closes the database and exits 0.
CMD ["node", "dist/server/main.js"]
