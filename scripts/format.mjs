#!/usr/bin/env node
// Formats the tree with the formatters npm test checks (scripts/lib/format.mjs).
import { formatTree } from './lib/format.mjs';

await formatTree();
