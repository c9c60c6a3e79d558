// jsdom has no fetch; the unit tests talk to a real in-process HTTP server through Node's own fetch.
// AbortController/AbortSignal come along so that RTK Query's Request objects accept their signals.
const { TestEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of NODE_GLOBALS) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
