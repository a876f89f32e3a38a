# ТихоАвто storefront: a multi-stage image. The build stage compiles the client and the server (npm run build);
# the runtime stage holds dist/ (the SQL migrations included), public/ and production dependencies only — no
# sources, no tsx — and runs as the unprivileged "node" user. Node 22 LTS, as package.json's engines field says.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS runtime
# NODE_OPTIONS caps V8's heap (the PGlite database's WebAssembly memory comes on top); override it with
# `docker run -e NODE_OPTIONS=--max-old-space-size=1024 …`.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    NODE_OPTIONS=--max-old-space-size=512
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only. Optional packages stay: sharp (uploaded product photos → WebP renditions, decision
# 049) ships its native libvips as per-platform optional packages, and --omit=optional would drop them. The cost is
# TypeScript and React's types (optional peers of i18next and react-router, about 25 MB).
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY public ./public
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
# Liveness, not readiness: /healthz answers while the process serves, whatever the database does, so a database
# blip does not mark every container unhealthy at once. Load balancers and Kubernetes use /readyz for traffic.
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node directly (not npm): SIGTERM reaches the server, which finishes in-flight answers and closes the database.
CMD ["node", "dist/server/main.js"]
