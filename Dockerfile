# Parlor: one image with the server and the built web client.
# Build:  docker build -t parlor .
# Run:    docker compose up   (server + Postgres, see docker-compose.yml)

# --- web client -------------------------------------------------------------
FROM node:20-bookworm-slim AS web
WORKDIR /src/web-client
COPY web-client/package.json web-client/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web-client/ ./
RUN npm run build

# --- server -----------------------------------------------------------------
FROM rust:1-bookworm AS server
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY protocol protocol
COPY games games
COPY server server
COPY tests tests
COPY migrations migrations
RUN cargo build --release --locked -p parlor-server

# --- runtime ----------------------------------------------------------------
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --create-home --home-dir /var/lib/parlor parlor
COPY --from=server /src/target/release/parlor-server /usr/local/bin/parlor-server
COPY --from=web /src/web-client/dist /usr/share/parlor/web
USER parlor
WORKDIR /var/lib/parlor
ENV PARLOR_ADDR=0.0.0.0:8080 \
    PARLOR_WEB_DIR=/usr/share/parlor/web \
    DATABASE_URL=sqlite:/var/lib/parlor/data/parlor.sqlite \
    RUST_LOG=info,sqlx=warn
EXPOSE 8080
CMD ["parlor-server"]
