// jsdom has no fetch; the unit tests talk to a real in-process HTTP server through Node's own fetch.
// As in a browser, relative URLs resolve against the page's address (set per file with
// `@jest-environment-options {"url": ...}`). AbortController/AbortSignal come from Node too, so that
// RTK Query's Request objects accept their signals.
const { TestEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = ['Response', 'Headers', 'FormData', 'AbortController', 'AbortSignal', 'ReadableStream', 'TextEncoder', 'TextDecoder', 'structuredClone'];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const win = this.global;
    for (const name of NODE_GLOBALS) win[name] = globalThis[name];
    const resolve = (input) => (typeof input === 'string' ? new URL(input, win.location.href).href : input);
    const NodeRequest = globalThis.Request;
    win.Request = class Request extends NodeRequest {
      constructor(input, init) {
        super(resolve(input), init);
      }
    };
    win.fetch = (input, init) => globalThis.fetch(resolve(input), init);
  }
}

module.exports = JsdomWithFetchEnvironment;
