#!/usr/bin/env node
// `conformance [options]`: the alias of `contract-kit conformance`.
import { run } from './contract-kit';

run(['conformance', ...process.argv.slice(2)]);
