# syntax=docker/dockerfile:1
# Stage 1: build the PWA into pb_public.
FROM node:20-bookworm-slim AS ui
WORKDIR /src/ui
COPY ui/package.json ui/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY ui/ ./
RUN mkdir -p ../pb_public && npm run build

# Stage 2: build the one binary with the PWA embedded.
FROM golang:1.27-bookworm AS server
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY main.go ./
COPY hooks ./hooks
COPY pb_migrations ./pb_migrations
COPY bench ./bench
COPY --from=ui /src/pb_public ./pb_public
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/cinecircle .

# Stage 3: a small runtime image; data lives in the /data volume.
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates tzdata \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home /data --uid 10001 cinecircle \
    && mkdir -p /data && chown cinecircle /data
COPY --from=server /out/cinecircle /usr/local/bin/cinecircle
USER cinecircle
VOLUME /data
EXPOSE 8090
ENTRYPOINT ["cinecircle"]
CMD ["serve", "--http", "0.0.0.0:8090", "--dir", "/data"]
