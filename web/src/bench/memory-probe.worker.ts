// Throwaway worker: grows a WebAssembly.Memory in steps until it fails or reaches the limit,
// reporting each success, so that the page learns the largest heap this browser grants a wasm
// module without risking its own. The page terminates this worker afterwards, releasing it all.
const PAGE = 65536;
const stepPages = 1024; // 64 MiB
const maxPages = 65536; // 4 GiB, the wasm32 limit

self.onmessage = () => {
  let memory: WebAssembly.Memory;
  try {
    memory = new WebAssembly.Memory({ initial: stepPages });
  } catch (e) {
    self.postMessage({ type: 'done', bytes: 0, error: String(e) });
    return;
  }
  let pages = stepPages;
  self.postMessage({ type: 'step', bytes: pages * PAGE });
  while (pages < maxPages) {
    const step = Math.min(stepPages, maxPages - pages);
    try {
      memory.grow(step);
    } catch {
      break;
    }
    pages += step;
    self.postMessage({ type: 'step', bytes: pages * PAGE });
  }
  self.postMessage({ type: 'done', bytes: pages * PAGE, limit: pages >= maxPages });
};
