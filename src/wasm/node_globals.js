// Prepended to zkmsm_wasm.mjs (--extern-pre-js): Emscripten 3.1.6's ES-module output still reads
// `require` and `__dirname` when it runs in node, where an ES module has neither. They are made
// here, in the module's own scope, and only under node (a browser imports nothing from here).
const zkmsmInNode = typeof process === 'object' && typeof process.versions?.node === 'string';
const require = zkmsmInNode ? (await import('node:module')).createRequire(import.meta.url) : undefined;
const __dirname = zkmsmInNode ? (await import('node:path')).dirname((await import('node:url')).fileURLToPath(import.meta.url)) : undefined;
