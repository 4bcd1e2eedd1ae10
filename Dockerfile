# The app as one image: the same steps as the artefact test (tests/integration/artefact.test.ts) and CI, nothing more.
# Build:  docker build -t indie-tools .
# Run:    docker run -p 3000:3000 -v indie-tools-data:/app/data indie-tools   (see README, "Deploy")

# --- Build stage: every dependency, the source (less .dockerignore), then `npm run build` (browser assets, React Router's server build, the compiled server).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: nothing in the stack needs one.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# --- Runtime stage: production dependencies only, the build, and what the server reads at run time.
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
COPY package.json package-lock.json ./
# --legacy-peer-deps: better-auth, @react-router/node and drizzle-orm name vitest, drizzle-kit and typescript as optional
# peers; as this project has them (as devDependencies), npm would otherwise keep them with --omit=dev (docs/decisions/020).
RUN npm ci --omit=dev --legacy-peer-deps --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY content ./content
COPY server/db/migrations ./server/db/migrations
# The embedded database and, without a bucket, the uploaded files live in /app/data: mount a volume there.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
EXPOSE 3000
VOLUME ["/app/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "build/server/main.js"]
