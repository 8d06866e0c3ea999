export type Route = { view: 'play' | 'bench'; params: URLSearchParams };

/** '#/bench?backends=gnark&blocks=1' -> { view: 'bench', params }. Anything else is the playground. */
export function parseRoute(hash: string): Route {
  const [path, query = ''] = hash.replace(/^#/, '').split('?');
  const params = new URLSearchParams(query);
  return { view: path === '/bench' ? 'bench' : 'play', params };
}
