#!/usr/bin/env node
// Serves the built playground (dist/) on 127.0.0.1 with the cross-origin isolation headers.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib/steps.mjs';

const port = process.env.ZKPLAY_PORT ?? '5173';
console.log(`\n[zkplay] serving the playground at http://127.0.0.1:${port}/  (Ctrl+C stops it)\n`);
const child = spawn(
  join(root, 'node_modules', '.bin', 'vite'),
  ['preview', '--host', '127.0.0.1', '--port', port, '--strictPort'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ZKPLAY_PORT: port },
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
