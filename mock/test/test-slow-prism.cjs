// Preloaded through NODE_OPTIONS by mock/start.test.ts: holds Prism's start until Prism is
// killed, so the test stops the mock while Prism is surely still starting, however busy the
// machine is. The mock itself (argv without prism-cli) starts as usual.
if (process.argv.some((arg) => arg.includes('prism-cli'))) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}
