#!/usr/bin/env bash
# `npm test`: every check the project has, in order of speed. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== lint"; npx eslint .
echo "== typecheck"; npx tsc --noEmit -p tsconfig.json
echo "== unit, infra (CDK assertions + cdk-nag), integration (local stack)"; npx vitest run
echo "== cdk synth (whole AWS app, offline)"; npx cdk synth --quiet > /dev/null
echo "== end to end (Playwright, real Chromium)"; npx playwright test -c tests/e2e/playwright.config.ts
echo "All checks passed."
