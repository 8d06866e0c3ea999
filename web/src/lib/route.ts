export type Route = { view: 'play' | 'bench' | 'verify' | 'primitives' | 'results'; params: URLSearchParams };

const VIEWS: Record<string, Route['view']> = {
  '/bench': 'bench',
  '/verify': 'verify',
  '/primitives': 'primitives',
  '/results': 'results',
};

/** '#/bench?backends=gnark&blocks=1' -> { view: 'bench', params }. Anything unknown is the playground. */
export function parseRoute(hash: string): Route {
  const [path, query = ''] = hash.replace(/^#/, '').split('?');
  const params = new URLSearchParams(query);
  return { view: VIEWS[path] ?? 'play', params };
}
