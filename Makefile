# a0diff — see README.md. `make test` is what CI runs.
GO        ?= go
FUZZTIME  ?= 30s
BUNDLE     = reference/ts-bundle/a0-reference.js

.PHONY: build install test vet lint bundle bundle-check corpus fuzz fuzz-ci bench lint-workflows mutants

# -buildvcs=auto stamps the git revision into the binary (a0diff --version) even when the
# environment's GOFLAGS says -buildvcs=false; outside a git checkout it stamps nothing.
BUILDFLAGS ?= -buildvcs=auto

# Compile every package and leave the command at bin/a0diff.
build:
	$(GO) build ./...
	$(GO) build $(BUILDFLAGS) -o bin/a0diff ./cmd/a0diff

# Install the command into $(go env GOBIN), or $(go env GOPATH)/bin when GOBIN is unset.
install:
	$(GO) install $(BUILDFLAGS) ./cmd/a0diff

vet:
	$(GO) vet ./...

# staticcheck over every package, tests included: what go vet does not look for (unused
# code, deprecated calls, simplifications). Pinned and run from the module proxy like
# actionlint below, so go.mod stays free of it; .ci/run runs it.
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
lint:
	$(GO) run $(STATICCHECK) ./...

# Rebuild the reference bundle from reference/ts (needs node/npm).
bundle:
	cd reference/ts && npm ci --no-audit --no-fund --silent && npm run --silent check && npm run --silent bundle

# Fail when the committed bundle is not what the committed TypeScript source produces.
bundle-check: bundle
	@git diff --exit-code --stat -- $(BUNDLE) || { echo "$(BUNDLE) is stale: run 'make bundle' and commit it" >&2; exit 1; }

# Replay the regression corpus through both implementations.
corpus:
	$(GO) run ./cmd/a0diff corpus/

# go test's default bound of 10 minutes per package is too close for cmd/a0diff on a
# loaded 2-core machine (about 5.5 minutes at load 25); a hang still ends the run.
test: bundle-check vet
	cd reference/ts && npm test --silent
	$(GO) test -timeout 30m ./...
	$(GO) run ./cmd/a0diff corpus/

# Fuzz each native target in turn for FUZZTIME (go test fuzzes one target per run).
fuzz:
	for t in FuzzParse FuzzDiff FuzzGen; do \
		$(GO) test ./fuzz -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) || exit 1; \
	done

# A bounded run of each native fuzz target for CI jobs (counts, not wall-clock times, so
# the work done does not depend on the machine); a failing input becomes a corpus entry
# under corpus/fuzz-found/, ready to commit.
FUZZCOUNT ?= 2000x
fuzz-ci:
	@for t in FuzzParse FuzzDiff FuzzGen; do \
		$(GO) test ./fuzz -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZCOUNT) || { $(GO) run ./fuzz/tocorpus $$t; exit 1; }; \
	done

bench:
	$(GO) test ./... -run '^$$' -bench . -benchmem

# Check the GitHub workflows with actionlint, pinned, run from the module proxy (go run
# PKG@VERSION builds it outside this module: go.mod stays free of it). actionlint runs
# shellcheck on the run: scripts when shellcheck is on PATH (apt-get install shellcheck).
ACTIONLINT ?= github.com/rhysd/actionlint/cmd/actionlint@v1.7.12
lint-workflows:
	@if command -v shellcheck >/dev/null; then echo "actionlint: run: scripts checked with shellcheck $$(shellcheck --version | sed -n 's/^version: //p')"; \
	else echo "actionlint: shellcheck not on PATH: run: scripts are not checked"; fi
	$(GO) run $(ACTIONLINT)

# Mutation testing of the fuzzer (tools/mutants): each catalogued porting mistake (and,
# with MUTANTS_SOURCE=both, a sample of gremlins' operator mutants) is injected into a
# scratch copy of the module; the report says whether the corpus and a bounded
# `a0diff fuzz --seed MUTANTS_SEED --count MUTANTS_COUNT` find it.
MUTANTS_SOURCE ?= catalogue
MUTANTS_COUNT  ?= 20000
MUTANTS_SEED   ?= 7
MUTANTS_ONLY   ?=
MUTANTS_FLAGS  ?=
mutants:
	$(GO) run ./tools/mutants -source $(MUTANTS_SOURCE) -count $(MUTANTS_COUNT) -seed $(MUTANTS_SEED) -only '$(MUTANTS_ONLY)' $(MUTANTS_FLAGS)
