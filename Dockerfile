# Parlor: one image with the server and the built web client.
#   docker build -t parlor .
#   docker compose up -d        (server + Postgres; see docker-compose.yml, .env.example)
# The hosting guide is docs/hosting.md. scripts/check-hosting checks this file
# statically and runs its CMD and HEALTHCHECK natively against Postgres.

# --- web client ---------------------------------------------------------------
# Vite 8 needs Node 20.19+ or 22.12+.
FROM node:22-bookworm-slim AS web
WORKDIR /src/web-client
# Manifests first: the npm layer is reused until the lockfile changes.
COPY web-client/package.json web-client/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web-client/ ./
RUN npm run build

# --- server -------------------------------------------------------------------
FROM rust:1-bookworm AS server
WORKDIR /src
# Dependencies first, against stub sources, so this slow layer is reused until
# Cargo.toml or Cargo.lock changes. The workspace manifest names every member,
# so each member's manifest and declared targets must exist, even though only
# the server is built.
COPY Cargo.toml Cargo.lock ./
COPY protocol/Cargo.toml protocol/
COPY games/Cargo.toml games/
COPY server/Cargo.toml server/
COPY tests/Cargo.toml tests/
COPY bench/Cargo.toml bench/
RUN mkdir -p protocol/src games/src/bin games/benches server/src tests/src bench/src \
    && for f in protocol/src/lib.rs games/src/lib.rs server/src/lib.rs tests/src/lib.rs; do : > "$f"; done \
    && for f in server/src/main.rs bench/src/main.rs games/benches/engine.rs games/src/bin/selfplay.rs; do echo 'fn main() {}' > "$f"; done \
    && cargo build --release --locked -p parlor-server \
    && rm -rf protocol/src games/src server/src target/release/.fingerprint/parlor-*
# The real sources. The stubs' fingerprints are gone (above), so Cargo rebuilds
# the workspace crates even though COPY keeps the files' older timestamps.
COPY protocol protocol
COPY games games
COPY server server
COPY migrations migrations
RUN cargo build --release --locked -p parlor-server

# --- runtime ------------------------------------------------------------------
FROM debian:bookworm-slim
# A fixed uid/gid so a bind-mounted data folder can be chowned to match.
RUN groupadd --system --gid 10001 parlor \
    && useradd --system --uid 10001 --gid parlor --home-dir /var/lib/parlor --shell /usr/sbin/nologin parlor \
    && mkdir -p /var/lib/parlor/data \
    && chown -R parlor:parlor /var/lib/parlor
COPY --from=server /src/target/release/parlor-server /usr/local/bin/parlor-server
COPY --from=web /src/web-client/dist /usr/share/parlor/web
USER parlor
WORKDIR /var/lib/parlor
# Defaults; docker-compose.yml points DATABASE_URL at Postgres. Every setting
# is listed by `parlor-server --help`.
ENV PARLOR_ADDR=0.0.0.0:8080 \
    PARLOR_WEB_DIR=/usr/share/parlor/web \
    DATABASE_URL=sqlite:/var/lib/parlor/data/parlor.sqlite \
    RUST_LOG=info,sqlx=warn
# The SQLite database (when DATABASE_URL is left as above) lives here.
VOLUME ["/var/lib/parlor/data"]
EXPOSE 8080
# The server's own readiness probe (GET /api/ready on PARLOR_ADDR): no shell or curl.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
    CMD ["parlor-server", "healthcheck"]
# SIGTERM: stop accepting, finish in-flight steps, close sockets with 1001.
STOPSIGNAL SIGTERM
# Applies pending migrations, then serves.
CMD ["parlor-server"]
