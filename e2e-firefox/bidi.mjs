// A WebDriver BiDi client over one WebSocket. Firefox speaks BiDi itself (its Remote Agent,
// started with --remote-debugging-port), so the smoke test needs no driver binary between it and
// the browser, and so nothing to compile or download on a new machine. What it uses of the
// protocol: commands with an id answered by a result or an error, events, and the script
// module's remote values.
import WebSocket from 'ws';

/** An error answer of the browser: `error` is the BiDi error code ("no such frame", …). */
export class BidiError extends Error {
  constructor(method, error, message) {
    super(`${method}: ${error}: ${message}`);
    this.error = error;
  }
}

export class Bidi {
  /** Opens the WebSocket at url (ws://127.0.0.1:<port>/session). */
  static connect(url) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.once('open', () => resolve(new Bidi(ws)));
      ws.once('error', reject);
    });
  }

  constructor(ws) {
    this.ws = ws;
    this.nextId = 1;
    this.pending = new Map(); // id -> { resolve, reject, method }
    this.listeners = new Map(); // event name -> [fn]
    this.closed = undefined; // why the socket closed, once it has
    ws.on('message', (data) => this.#receive(JSON.parse(data.toString())));
    ws.on('close', (code) => this.#gone(`the WebDriver BiDi connection closed (code ${code})`));
    ws.on('error', (e) => this.#gone(`the WebDriver BiDi connection failed: ${e.message}`));
  }

  /** One command; resolves with its result, rejects with a BidiError (or when the connection goes). */
  send(method, params = {}) {
    if (this.closed) return Promise.reject(new Error(`${method}: ${this.closed}`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Calls fn(params) for every event of that name (the session must be subscribed to it). */
  on(event, fn) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
  }

  close() {
    this.ws.close();
  }

  #receive(msg) {
    if (msg.type === 'event') {
      for (const fn of this.listeners.get(msg.method) ?? []) fn(msg.params);
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.type === 'success') p.resolve(msg.result);
    else p.reject(new BidiError(p.method, msg.error, msg.message));
  }

  #gone(why) {
    this.closed ??= why;
    for (const p of this.pending.values()) p.reject(new Error(`${p.method}: ${why}`));
    this.pending.clear();
  }
}

/** A JavaScript value as a BiDi local value: primitives, arrays, and element references ({ sharedId }). */
export function toLocal(v) {
  if (v === undefined) return { type: 'undefined' };
  if (v === null) return { type: 'null' };
  if (typeof v === 'string') return { type: 'string', value: v };
  if (typeof v === 'boolean') return { type: 'boolean', value: v };
  if (typeof v === 'number') return { type: 'number', value: Number.isFinite(v) ? v : String(v) };
  if (Array.isArray(v)) return { type: 'array', value: v.map(toLocal) };
  if (typeof v.sharedId === 'string') return { sharedId: v.sharedId };
  throw new TypeError(`cannot pass ${typeof v} to the page`);
}

const SPECIAL_NUMBERS = { NaN: NaN, '-0': -0, Infinity: Infinity, '-Infinity': -Infinity };

/** A BiDi remote value as a JavaScript value; a DOM node becomes { sharedId } (an element reference). */
export function fromRemote(r) {
  switch (r.type) {
    case 'undefined':
      return undefined;
    case 'null':
      return null;
    case 'string':
    case 'boolean':
      return r.value;
    case 'number':
      return typeof r.value === 'string' ? SPECIAL_NUMBERS[r.value] : r.value;
    case 'array':
    case 'set':
    case 'nodelist':
    case 'htmlcollection':
      return (r.value ?? []).map(fromRemote);
    case 'object':
    case 'map':
      return Object.fromEntries(
        (r.value ?? []).map(([k, v]) => [typeof k === 'string' ? k : fromRemote(k), fromRemote(v)]),
      );
    case 'node':
      return { sharedId: r.sharedId };
    default:
      return { type: r.type }; // functions, promises, …: the tests never read these
  }
}
