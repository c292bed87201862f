#!/usr/bin/env node
// `npx conformance`: runs conformance/cli.ts through tsx's require hook, in this process.
require('tsx/cjs');
require('../conformance/cli.ts').cli();
