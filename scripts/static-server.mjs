#!/usr/bin/env node
// A plain static file server, like a static host where nobody can set response headers: it
// serves a folder (dist/ by default) under a path prefix (/zkplay/ by default) with a content
// type and a length, and nothing else: no COOP/COEP, no caching headers, no SPA fallback.
// The e2e tests (e2e/subpath.spec.ts, e2e/offline.spec.ts) use it to check that the build works
// at a subpath and isolates itself with its service worker; --isolate adds the two headers, as a
// host that can set them would. Our own rather than sirv or serve-handler: those add caching and
// validation headers (ETag, Last-Modified, Cache-Control), and these tests need a host that sends
// exactly a type and a length.
//
//   node scripts/static-server.mjs [--root dist] [--prefix /zkplay/] [--port 8080] [--host 127.0.0.1] [--isolate]
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.sol': 'text/plain; charset=utf-8',
};

export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** Answers a GET or HEAD with the file's bytes, its content type and length, and `headers`. */
export function sendFile(req, res, file, size, headers = {}) {
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Content-Length': size,
    ...headers,
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

/** The file under `dir` that a URL path below it names, or undefined when the path leaves `dir`. */
export function fileUnder(dir, path) {
  const file = resolve(dir, `.${sep}${path}`);
  return file === dir || file.startsWith(dir + sep) ? file : undefined;
}

/**
 * Serves `root` at http://host:port<prefix>. port 0 picks a free one. Resolves once listening, to
 * { url, port, close() }; url ends with the prefix.
 * @param {{ root?: string, prefix?: string, port?: number, host?: string, isolate?: boolean }} [options]
 */
export async function startStaticServer({
  root = 'dist',
  prefix = '/zkplay/',
  port = 0,
  host = '127.0.0.1',
  isolate = false,
} = {}) {
  const dir = resolve(root);
  if (!prefix.startsWith('/') || !prefix.endsWith('/')) throw new Error(`prefix ${prefix} must start and end with /`);
  const extra = isolate ? ISOLATION_HEADERS : {};

  const server = createServer(async (req, res) => {
    const send = (status, body, headers = {}) => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...extra, ...headers });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed\n', { Allow: 'GET, HEAD' });
    const url = new URL(req.url ?? '/', 'http://localhost');
    let path;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return send(400, 'bad path\n');
    }
    if (`${path}/` === prefix) return send(301, 'moved\n', { Location: prefix + url.search });
    if (!path.startsWith(prefix)) return send(404, 'not found\n');
    let file = fileUnder(dir, path.slice(prefix.length));
    if (!file) return send(404, 'not found\n');
    let info = await stat(file).catch(() => undefined);
    if (info?.isDirectory()) {
      if (!path.endsWith('/')) return send(301, 'moved\n', { Location: `${url.pathname}/${url.search}` });
      file = join(file, 'index.html');
      info = await stat(file).catch(() => undefined);
    }
    if (!info?.isFile()) return send(404, 'not found\n');
    sendFile(req, res, file, info.size, extra);
  });

  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, ok);
  });
  const bound = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  return {
    url: `http://${host}:${bound}${prefix}`,
    port: bound,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok(undefined));
      }),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { cliOptions } = await import('./lib/args.mjs');
  const opts = cliOptions(
    'node scripts/static-server.mjs [--root dist] [--prefix /zkplay/] [--port 8080] [--host 127.0.0.1] [--isolate]',
    {
      root: 'dist',
      prefix: '/zkplay/',
      port: process.env.ZKPLAY_PORT ?? '8080',
      host: '127.0.0.1',
      isolate: false,
    },
  );
  const s = await startStaticServer({
    root: opts.root,
    prefix: opts.prefix,
    port: Number(opts.port),
    host: opts.host,
    isolate: opts.isolate,
  });
  console.log(
    `[zkplay] serving ${resolve(opts.root)} at ${s.url}${opts.isolate ? ' with COOP/COEP headers' : ' with no special headers'}  (Ctrl+C stops it)`,
  );
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => s.close().then(() => process.exit(0)));
}
