# ТихоАвто storefront: a multi-stage image. Build stage compiles the client; the runtime stage has
# production dependencies only and runs as the unprivileged "node" user.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The server runs its TypeScript through tsx (a production dependency), which reads tsconfig.json for the
# JSX transform; the client is the built bundle.
COPY tsconfig.json ./
COPY server ./server
COPY shared ./shared
COPY client ./client
COPY public ./public
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node directly (not npm): SIGTERM reaches the server, which finishes in-flight answers and closes the database.
CMD ["node", "--import", "tsx", "server/main.ts"]
