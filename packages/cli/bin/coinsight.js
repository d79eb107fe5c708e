#!/usr/bin/env node
// The `coinsight` command: the bundled build (dist/coinsight.js, scripts/build.mjs). This file is
// committed so the bin exists before any build: pnpm links a workspace package's bins at install,
// and a bin pointing into dist/ would warn on every fresh clone.
import '../dist/coinsight.js';
