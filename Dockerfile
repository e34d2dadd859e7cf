# The production image: the API, the built web app it serves, and the background worker (same image, other command).
# Media processing needs no system package: sharp (libvips), ffmpeg (@ffmpeg-installer), MuPDF (WebAssembly), HEIC
# (heic-convert) and the PDF fonts (dejavu-fonts-ttf) all come from npm, built for the glibc of this Debian base.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The lock file and every workspace's manifest first, so the dependency layer is reused while only code changes.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
RUN npm ci --no-audit --no-fund
COPY . .
# What runs is the build (apps/api/dist bundles the domain package), the migrations (apps/api/drizzle) and the web
# app's files (apps/web/dist): development packages and sources stay behind.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf apps/api/src apps/api/test apps/web/src apps/web/test apps/web/public e2e bench scripts docs .ci

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build --chown=root:root /app /app
# The code belongs to root and is read-only to the process; only DATA_DIR (local files and generated secrets when
# no S3 or AUTH_SECRET is configured) is the node user's.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Liveness from memory (no query per call): the process answers once its database is open and migrated.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The worker runs the same image with `node apps/api/dist/worker.js` (see compose.yaml).
CMD ["node", "--min-semi-space-size=16", "--max-semi-space-size=16", "apps/api/dist/main.js"]
