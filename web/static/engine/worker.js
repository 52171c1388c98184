// The browser's engine in a Web Worker (a module worker): it fetches the WebAssembly program
// (engine.wasm.gz, gzipped; unpacked here, so it needs no special serving), runs it, and answers
// each message {id, method, params} with {id, result} or {id, error: {code, message}}: the
// program's turncoatEngine(request, reply) does the work (see web/worker). A search holds the
// worker's one thread; the page's never waits for it.

/** @type {any} the worker's global scope (the checker knows the page's, not a worker's) */
const scope = self;

const ready = (async () => {
  // wasm_exec.js, Go's glue, is a classic script that sets globalThis.Go.
  await import(new URL("./wasm_exec.js", import.meta.url).href);
  const res = await fetch(new URL("./engine.wasm.gz", import.meta.url));
  if (!res.ok || !res.body) throw new Error(`the engine's file: HTTP ${res.status}`);
  const bytes = await new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  const go = new scope.Go();
  const {instance} = await WebAssembly.instantiate(bytes, go.importObject);
  const started = new Promise(resolve => { scope.turncoatEngineReady = resolve; });
  go.run(instance).catch((/** @type {unknown} */ e) => { scope.turncoatEngineFailed = e; });
  await started;
})();

scope.onmessage = async (/** @type {MessageEvent} */ e) => {
  const {id, method, params} = e.data;
  try {
    await ready;
  } catch (err) {
    scope.postMessage({id, error: {code: "unavailable", message: `the engine did not start: ${err}`}});
    return;
  }
  scope.turncoatEngine(JSON.stringify({method, params}), (/** @type {string} */ out) => {
    scope.postMessage({id, ...JSON.parse(out)});
  });
};
