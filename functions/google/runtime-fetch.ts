/**
 * What the Lambda bundles give gaxios (Google's HTTP client) when it asks for node-fetch: the runtime's own
 * fetch (Node 22). gaxios loads node-fetch on Node only because it predates a global fetch; bundled, node-fetch
 * and the web-streams polyfill under it were a fifth of each Google function (infra/constructs/bundling.ts).
 * gaxios calls it as node-fetch's default export, with the same (url, init) and a WHATWG Response back.
 */
const runtimeFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
export default runtimeFetch;
