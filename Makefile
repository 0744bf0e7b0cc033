# CineCircle: `make run` serves the app with a demo community, `make test` runs every test layer.
export GOTOOLCHAIN := auto
# One set of build flags for the binary, go test and the lint: the packages compile
# once for all of them (a fresh clone used to compile PocketBase twice: with and without it).
export GOFLAGS := -trimpath
SHELL := /bin/bash

BIN        := cinecircle
# Explicit package list: ui/node_modules may hold stray .go files that ./... would pick up.
GO_PKGS    := . ./hooks/... ./pb_migrations/... ./bench/... ./reliability/... ./tools/...
GO_LIB_PKGS := ./hooks/... ./pb_migrations/... ./bench/...
GO_SOURCES := $(shell find main.go hooks pb_migrations bench -name '*.go' 2>/dev/null)
UI_SOURCES := $(shell find ui/src ui/public ui/index.html ui/vite.config.ts ui/tsconfig*.json -type f 2>/dev/null)
NPM_STAMP  := ui/node_modules/.package-lock.json
# Fuzzing: the packages holding Fuzz targets and how long `make fuzz` runs each. `make test`
# runs every target's seed corpus as a plain test; mutating needs instrumented builds of
# every package (minutes on a cold cache), so it is `make fuzz`'s alone.
FUZZ_PKGS      := ./hooks ./hooks/security
FUZZTIME       ?= 30s
FUZZ_TARGETS   ?= ^Fuzz

.PHONY: run dev test build godeps ui deps lint test-go test-ui test-e2e fuzz chromium emoji-font clean soak bench

## run: install, build the UI and the binary, seed a demo community once, serve on :8090
run: build
	./$(BIN) demo --if-empty --dir pb_data
	./$(BIN) serve --http 127.0.0.1:8090 --dir pb_data

## dev: the Go server (go run, data in pb_dev/, the demo community seeded once) on :8090 and
## Vite's dev server on :5173, which reloads the UI on save and proxies /api and /_ to the Go
## server. One Ctrl-C stops both; restart it to pick up Go changes.
DEV_DIR ?= pb_dev
dev: deps
	go run . demo --if-empty --dir $(DEV_DIR)
	@set -m; go run . serve --http 127.0.0.1:8090 --dir $(DEV_DIR) & server=$$!; \
	  trap 'kill -TERM -$$server 2>/dev/null; wait $$server' EXIT INT TERM; \
	  cd ui && npx vite --host 127.0.0.1 --port 5173 --strictPort

## test: every test layer against one build of the binary. The build first (npm and Vite
## alongside the Go packages' compile, and Chromium's install when missing), then three slots
## at once: the e2e suite (its three workers mostly wait on the browser), the Go tests, and
## the UI checks then the linters (tsc and ESLint are single-threaded: one after another
## behind the Go tests, they were the last to finish).
test:
	$(MAKE) --no-print-directory -j3 chromium build
	$(MAKE) --no-print-directory -j3 --output-sync=target e2e-layer test-go check-layers
	@echo "make test: all layers passed"

# The slots of make test besides the Go tests, with nothing left to build, so the e2e suite
# starts at once.
.PHONY: e2e-layer check-layers
e2e-layer:
	cd ui && CINECIRCLE_BIN="$(CURDIR)/$(BIN)" npm run e2e
check-layers:
	$(MAKE) --no-print-directory -j1 test-ui lint

build: $(BIN)
ui: pb_public/index.html
deps: $(NPM_STAMP)

$(NPM_STAMP): ui/package.json ui/package-lock.json
	cd ui && npm ci --no-audit --no-fund
	@touch $@

pb_public/index.html: $(NPM_STAMP) $(UI_SOURCES)
	cd ui && npm run build

$(BIN): pb_public/index.html $(GO_SOURCES) go.mod go.sum | godeps
	go build -trimpath -o $(BIN) .

## godeps: compile every Go package but main (which embeds the UI build), so that with make -j
## a cold build cache fills while npm installs and Vite builds; seconds when it is warm
godeps:
	go build $(GO_LIB_PKGS)

test-go:
	@unformatted="$$(gofmt -l main.go hooks pb_migrations bench reliability tools)"; \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	CINECIRCLE_BIN="$(CURDIR)/$(BIN)" go test -vet=off -count=1 $(GO_PKGS) # make lint runs every vet check go test's would

## fuzz: fuzz every JSON write route's body and the body decoder, FUZZTIME each (default 30s;
## FUZZ_TARGETS picks targets by regexp). A failing input is saved under testdata/fuzz/.
fuzz:
	@log=$$(mktemp); trap 'rm -f $$log' EXIT; n=0; \
	for pkg in $(FUZZ_PKGS); do \
	  for target in $$(go test -list '$(FUZZ_TARGETS)' $$pkg | grep '^Fuzz'); do \
	    echo "fuzz $$pkg $$target for $(FUZZTIME)"; n=$$((n+1)); \
	    go test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) -parallel 2 $$pkg >$$log 2>&1 \
	      || { cat $$log; exit 1; }; \
	  done; \
	done; \
	if [ $$n = 0 ]; then echo "no fuzz target matches $(FUZZ_TARGETS)"; exit 1; fi

test-ui: deps
	cd ui && npm run check && npm test

## lint: go vet's checks and staticcheck's over the Go packages in one pass (tools/lint, pinned
## by go.mod's tool directive) and knip's unused files, dependencies and exports in the UI
## (ui/knip.jsonc)
lint: deps
	go tool lint $(GO_PKGS)
	cd ui && npx knip

test-e2e: build chromium
	cd ui && CINECIRCLE_BIN="$(CURDIR)/$(BIN)" npm run e2e

## soak: ten minutes of mixed traffic at about 200 req/s against the built binary (zero 5xx, flat memory)
soak: build
	SOAK_DURATION=$${SOAK_DURATION:-10m} CINECIRCLE_BIN="$(CURDIR)/$(BIN)" go test -count=1 -timeout 30m -run '^TestSoak$$' -v ./reliability/

## chromium: the e2e suite drives Debian's Chromium, its headless shell for most tests and the
## whole browser for push and the install offer; install them when missing. Without the shell
## (not root, or no such package) every test runs in the whole browser, in about 45% more CPU.
NO_HEADLESS_SHELL := echo "chromium-headless-shell is missing: the e2e suite runs every test in the whole browser, slower. Install it with: sudo apt-get install -y chromium-headless-shell"
chromium:
	@if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "Installing Debian's chromium and chromium-headless-shell for the e2e suite..."; \
	  apt-get update -qq; \
	  [ -x /usr/bin/chromium ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null || exit 1; \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1 || $(NO_HEADLESS_SHELL); \
	elif [ -x /usr/bin/chromium ]; then $(NO_HEADLESS_SHELL); \
	else \
	  echo "Chromium is missing. Install it with: sudo apt-get install -y chromium chromium-headless-shell"; exit 1; \
	fi

## bench: the performance suite (bench/README in README.md): seeds BENCH_DIR once, runs the
## load runner with realtime, the UI budgets and Lighthouse, and writes bench/RESULTS.md
## BENCH_SCALE=10x runs the runner on ten times the community (issue #26: 100,000 members,
## 10M activities, ~30 GB): its own seed, served in place (a small disk does not hold it
## twice, so each 10x run seeds afresh, ~25 min), results in RESULTS.md beside the 10k ones.
BENCH_SCALE ?= 1x
BENCH_FLAGS ?=
ifeq ($(BENCH_SCALE),10x)
BENCH_DIR   ?= bench/out/seed-10x
BENCH_SEED  := --scale 10
BENCH_RUN   := --in-place --author-followers 5000 --json bench/out/run-10x.json
else
BENCH_DIR   ?= bench/out/seed
BENCH_SEED  :=
BENCH_RUN   := --json bench/out/run.json
endif
## emoji-font: Lighthouse measures the pages as a phone shows them, and phones have a colour
## emoji font; a server without one makes Chromium search every installed font for each emoji
## (the landing's floating emojis: 0.3–1.1 s of blocking time without one, 17–210 ms with
## Debian's). Installs Debian's fonts-noto-color-emoji when missing.
emoji-font:
	@if fc-list 2>/dev/null | grep -qi 'color emoji'; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "Installing Debian's fonts-noto-color-emoji for Lighthouse..."; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-color-emoji >/dev/null; \
	else \
	  echo "No colour emoji font. Install it with: sudo apt-get install -y fonts-noto-color-emoji"; exit 1; \
	fi

bench: build chromium emoji-font
	@if [ ! -f $(BENCH_DIR)/.seeded ]; then \
	  rm -rf $(BENCH_DIR) && ./$(BIN) bench seed --dir $(BENCH_DIR) --dev=false $(BENCH_SEED) && touch $(BENCH_DIR)/.seeded; fi
	./$(BIN) migrate up --dir $(BENCH_DIR) --dev=false
ifeq ($(BENCH_SCALE),10x)
	rm -f $(BENCH_DIR)/.seeded
endif
	./$(BIN) bench run --dir $(BENCH_DIR) --dev=false $(BENCH_RUN) $(BENCH_FLAGS)
ifneq ($(BENCH_SCALE),10x)
	cd bench/lighthouse && npm ci --no-audit --no-fund && node audit.mjs --bin ../../$(BIN) --out ../out/ui.json
endif
	./$(BIN) bench report --dir $(BENCH_DIR) --dev=false --run bench/out/run.json --run-10x bench/out/run-10x.json --ui bench/out/ui.json --out bench/RESULTS.md
	@echo "make bench: wrote bench/RESULTS.md"

clean:
	rm -rf $(BIN) ui/node_modules ui/test-results
	find pb_public -mindepth 1 ! -name .gitkeep -delete
