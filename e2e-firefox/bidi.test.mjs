// The BiDi client's own rules, against a local WebSocket server that answers as Firefox would
// (no browser): results and errors matched to their commands, events, a closed connection
// failing what waits on it, and remote values read back.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { WebSocketServer } from 'ws';
import { Bidi, BidiError, fromRemote, toLocal } from './bidi.mjs';

const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
await new Promise((r) => server.once('listening', r));
const url = `ws://127.0.0.1:${server.address().port}/session`;
server.on('connection', (ws) =>
  ws.on('message', (data) => {
    const { id, method, params } = JSON.parse(data.toString());
    if (method === 'echo') ws.send(JSON.stringify({ type: 'success', id, result: params }));
    else if (method === 'emit') {
      ws.send(JSON.stringify({ type: 'event', method: 'log.entryAdded', params: { text: params.text } }));
      ws.send(JSON.stringify({ type: 'success', id, result: {} }));
    } else if (method === 'hang') {
      /* never answers */
    } else if (method === 'close') ws.close();
    else ws.send(JSON.stringify({ type: 'error', id, error: 'unknown command', message: `no ${method}` }));
  }),
);
after(() => server.close());

describe('Bidi', () => {
  it('answers each command with its own result, in any order', async () => {
    const b = await Bidi.connect(url);
    const [x, y] = await Promise.all([b.send('echo', { n: 1 }), b.send('echo', { n: 2 })]);
    assert.deepEqual([x, y], [{ n: 1 }, { n: 2 }]);
    b.close();
  });

  it('turns an error answer into a BidiError naming the command and the code', async () => {
    const b = await Bidi.connect(url);
    await assert.rejects(
      b.send('nope'),
      (e) => e instanceof BidiError && e.error === 'unknown command' && /nope/.test(e.message),
    );
    b.close();
  });

  it('delivers events to their listeners', async () => {
    const b = await Bidi.connect(url);
    const seen = [];
    b.on('log.entryAdded', (p) => seen.push(p.text));
    await b.send('emit', { text: 'boom' });
    assert.deepEqual(seen, ['boom']);
    b.close();
  });

  it('fails a waiting command, and every later one, when the connection closes', async () => {
    const b = await Bidi.connect(url);
    const waiting = b.send('hang');
    b.send('close').catch(() => {});
    await assert.rejects(waiting, /closed/);
    await assert.rejects(b.send('echo'), /closed/);
    assert.match(b.closed, /closed/);
  });

  it('refuses to connect where nothing listens', async () => {
    await assert.rejects(Bidi.connect('ws://127.0.0.1:9/session'));
  });
});

describe('remote and local values', () => {
  it('reads primitives, special numbers, arrays, objects and element references', () => {
    assert.equal(fromRemote({ type: 'string', value: 'a' }), 'a');
    assert.equal(fromRemote({ type: 'number', value: 'NaN' }), NaN);
    assert.ok(Object.is(fromRemote({ type: 'number', value: '-0' }), -0));
    assert.equal(fromRemote({ type: 'undefined' }), undefined);
    assert.deepEqual(
      fromRemote({
        type: 'array',
        value: [
          {
            type: 'array',
            value: [
              { type: 'string', value: 'k' },
              { type: 'boolean', value: true },
            ],
          },
          { type: 'node', sharedId: 'el-1', value: {} },
        ],
      }),
      [['k', true], { sharedId: 'el-1' }],
    );
    assert.deepEqual(fromRemote({ type: 'object', value: [['a', { type: 'null' }]] }), { a: null });
  });

  it('passes primitives, arrays and element references, and refuses anything else', () => {
    assert.deepEqual(toLocal(['x', 2, Infinity, { sharedId: 'el-1' }]), {
      type: 'array',
      value: [
        { type: 'string', value: 'x' },
        { type: 'number', value: 2 },
        { type: 'number', value: 'Infinity' },
        { sharedId: 'el-1' },
      ],
    });
    assert.throws(() => toLocal({ a: 1 }), /cannot pass/);
  });
});
