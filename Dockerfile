# syntax=docker/dockerfile:1
# Coinsight's image: built with pnpm from the frozen lockfile; the final stage holds only production
# dependencies and built output (api/dist, packages' dist, web/dist, the client downloads) and runs as the non-root `node`.
# Builds anywhere (`docker buildx build .`). Where the npm registry sits behind a TLS-inspecting
# proxy, pass its CA as the optional build secret `ca` (docs/deploy.md):
#   podman build --format docker --network host --secret id=ca,src=/etc/ssl/certs/ca-certificates.crt -t coinsight .

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=1 TURBO_TELEMETRY_DISABLED=1
# argon2 (password hashing) is compiled from source: its prebuilt linux-x64 binary crashed on load
# (segmentation fault) where this was written, so its install script builds it with node-gyp.
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 make g++ >/dev/null \
 && rm -rf /var/lib/apt/lists/*
# The CA secret is optional: without it NODE_EXTRA_CA_CERTS is left unset.
RUN --mount=type=secret,id=ca,required=false \
    if [ -f /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm install -g --no-fund --no-audit pnpm@10.34.8
# Dependencies first, from the lockfile alone, so a source change reuses this layer.
# --ignore-scripts until the production install: argon2's compile (its one install script) is
# needed only in what ships.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN --mount=type=secret,id=ca,required=false \
    if [ -f /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    pnpm fetch --frozen-lockfile --ignore-scripts
COPY package.json tsconfig.base.json turbo.json ./
COPY api/package.json api/
COPY web/package.json web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/sdk/package.json packages/sdk/
COPY packages/mcp/package.json packages/mcp/
COPY packages/cli/package.json packages/cli/
COPY packages/sdk-python/package.json packages/sdk-python/
COPY packages/downloads/package.json packages/downloads/
RUN pnpm install --frozen-lockfile --offline --ignore-scripts
COPY . .
RUN pnpm build
# Production dependencies of the api and the workspace packages it imports, nothing else (the
# equivalent of `pnpm deploy --prod`, keeping the repository's layout: the api serves ../../web/dist
# and the migration one-shot runs packages/db/dist/cli/migrate.js).
# node-gyp compiles argon2 against the running Node's headers (the official image has them in
# /usr/local/include/node); a base without them gets Debian's (N-API is stable across versions)
# rather than a download from nodejs.org.
RUN rm -rf node_modules api/node_modules web/node_modules packages/*/node_modules \
 && if [ ! -f /usr/local/include/node/common.gypi ]; then \
      apt-get update -qq && apt-get install -y -qq --no-install-recommends libnode-dev >/dev/null \
      && export npm_config_nodedir=/usr; fi \
 && pnpm install --prod --frozen-lockfile --offline --filter @coinsight/api... \
 && cd api && node -e "require('argon2').hash('check').then(() => console.log('argon2 loads'))"

FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
WORKDIR /app
# Code and dependencies stay owned by root (read-only to the process); only DATA_DIR is writable
# (task files, and the embedded database when DATABASE_URL is unset).
COPY --from=build /app/package.json /app/pnpm-workspace.yaml ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/api/package.json api/
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/api/node_modules api/node_modules
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/packages/contracts/node_modules packages/contracts/node_modules
COPY --from=build /app/packages/db/package.json packages/db/
COPY --from=build /app/packages/db/dist packages/db/dist
COPY --from=build /app/packages/db/node_modules packages/db/node_modules
# /mcp on the api serves the MCP tools of @coinsight/mcp.
COPY --from=build /app/packages/mcp/package.json packages/mcp/
COPY --from=build /app/packages/mcp/dist packages/mcp/dist
COPY --from=build /app/packages/mcp/node_modules packages/mcp/node_modules
COPY --from=build /app/web/dist web/dist
# The client packages (SDK and CLI tarballs, Python wheel and sdist) served at /downloads/.
COPY --from=build /app/packages/downloads/dist packages/downloads/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness only: /readyz (database, Redis, migrations) is for the balancer, not for restarts.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "api/dist/server.js"]
