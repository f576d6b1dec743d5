// One page in headless Chromium (Debian's `chromium`, --enable-unsafe-webgpu: a SwiftShader
// WebGPU adapter on the CPU), served from here: /web/… is the build's web folder (the module and
// the knob-sweep page), /cases.json the given JSON, anything else a file of pageDir. The page POSTs
// its outcome to /result; runPage resolves to that JSON, or to { error } when the browser exits
// first or the time runs out.
//
// ZKMSM_CHROMIUM names the browser binary (default: chromium).
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { extname, join, resolve } from 'node:path';

const TYPES = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm',
                '.json': 'application/json' };

// crossOriginIsolated: serve every response with the headers that isolate the page (COOP
// same-origin, COEP require-corp), so that it may load the module with threads.
export function runPage({ webDir, pageDir = null, path, cases = '{}', timeoutMs, crossOriginIsolated = false }) {
  return new Promise((resolveResult) => {
    let browser = null;
    let timer = null;
    const finish = (result) => {
      clearTimeout(timer);
      server.close();
      browser?.kill('SIGKILL');
      resolveResult(result);
    };
    const server = http.createServer(async (request, response) => {
      const url = new URL(request.url, 'http://localhost');
      if (request.method === 'POST' && url.pathname === '/result') {
        let body = '';
        request.on('data', (chunk) => (body += chunk));
        request.on('end', () => {
          response.end();
          finish(JSON.parse(body));
        });
        return;
      }
      const file = url.pathname === '/cases.json' ? null
                 : url.pathname.startsWith('/web/') ? join(resolve(webDir), url.pathname.slice(5))
                 : pageDir !== null ? join(pageDir, url.pathname === '/' ? 'index.html' : url.pathname.slice(1)) : '';
      if (crossOriginIsolated) {
        response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
        response.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
      }
      try {
        const body = file === null ? cases : await readFile(file.endsWith('/') ? join(file, 'index.html') : file);
        const type = file === null ? '.json' : extname(file.endsWith('/') ? 'index.html' : file);
        response.setHeader('Content-Type', TYPES[type] ?? 'application/octet-stream');
        response.end(body);
      } catch {
        response.statusCode = 404;
        response.end();
      }
    });
    server.listen(0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${server.address().port}${path}`;
      browser = spawn(process.env.ZKMSM_CHROMIUM ?? 'chromium',
                      ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--enable-unsafe-webgpu',
                       '--disable-gpu-sandbox', url],
                      { stdio: ['ignore', 'ignore', 'pipe'] });
      let log = '';
      browser.stderr.on('data', (chunk) => (log += chunk));
      browser.on('exit', (code) => finish({ error: `the browser exited (${code}) before the page reported:\n${log.slice(-2000)}` }));
    });
    timer = setTimeout(() => finish({ error: `the page did not report within ${timeoutMs / 1000} s` }), timeoutMs);
  });
}
