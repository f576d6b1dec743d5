// The browser test's cases, run in the page (tests/wasm/browser_test.mjs serves it and the
// module): the module loaded as a page loads it, the MSMs of /cases.json (inputs and the
// oracle's sums, BigInts as hex strings) on the cpu backend and again on the webgpu backend,
// and the WGSL field and curve arithmetic, on the browser's WebGPU adapter (SwiftShader in
// headless Chromium). The outcome is POSTed to /result.
import { init } from '/web/zkmsm.mjs';

const report = { adapter: null, cases: [] };
const record = (name, ok, detail = '') => report.cases.push({ name, ok, detail });
const hex = (v) => `0x${v.toString(16)}`;

try {
  const cases = await (await fetch('/cases.json')).json();
  const adapter = await navigator.gpu?.requestAdapter();
  const device = adapter ? await adapter.requestDevice() : undefined;
  report.adapter = adapter ? `${adapter.info?.vendor ?? ''} ${adapter.info?.architecture ?? ''}`.trim() : null;
  const zkmsm = await init(device ? { device } : {});
  report.threads = zkmsm.threads;
  for (const c of cases.msm) {
    const points = c.points.map(([x, y]) => ({ x: BigInt(x), y: BigInt(y) }));
    const scalars = c.scalars.map(BigInt);
    try {
      const { point } = await zkmsm.msm(c.curve, points, scalars, { backend: 'cpu', ...c.options });
      const got = point === null ? null : [hex(point.x), hex(point.y)];
      // A case that must be refused fails when the call succeeds, whatever it returned.
      const ok = c.error === undefined && JSON.stringify(got) === JSON.stringify(c.expected);
      record(`msm ${c.curve} ${c.name}`, ok, ok ? '' : c.error !== undefined ? `returned ${JSON.stringify(got)} instead of refusing (${c.error})` : `got ${JSON.stringify(got)}, expected ${JSON.stringify(c.expected)}`);
    } catch (error) {
      const ok = c.error !== undefined && error.status === c.error;
      record(`msm ${c.curve} ${c.name}`, ok, ok ? '' : `threw ${error.status ?? ''} ${error.message}`);
    }
  }
  // The native suite's scenarios on each backend: one line per curve and backend, the failures named.
  for (const backend of device ? ['cpu', 'webgpu'] : ['cpu']) {
    for (const curve of ['bn254', 'grumpkin']) {
      const failures = [];
      const mine = cases.conformance.filter((c) => c.curve === curve);
      for (const c of mine) {
        const points = c.points.map(([x, y]) => ({ x: BigInt(x), y: BigInt(y) }));
        try {
          const { point } = await zkmsm.msm(curve, points, c.scalars.map(BigInt), { ...c.options, backend });
          const got = point === null ? null : [hex(point.x), hex(point.y)];
          if (c.error !== undefined || JSON.stringify(got) !== JSON.stringify(c.expected)) failures.push(`${c.name}: got ${JSON.stringify(got)}`);
        } catch (error) {
          if (error.status !== c.error) failures.push(`${c.name}: threw ${error.status ?? ''} ${error.message}`);
        }
      }
      record(`${backend} ${curve}: ${mine.length - failures.length} of ${mine.length} conformance scenarios`, failures.length === 0,
             failures.join('; '));
    }
  }
  if (device === undefined) {
    record('webgpu adapter', false, 'navigator.gpu gave no adapter (--enable-unsafe-webgpu?)');
  } else {
    for (const f of cases.field) {
      const results = await zkmsm.testing.webgpuFieldOps(f.field, f.a.map(BigInt), f.b.map(BigInt));
      const got = results.map((r) => r.map(hex));
      const ok = JSON.stringify(got) === JSON.stringify(f.expected);
      record(`webgpu field ${f.field}`, ok, ok ? '' : `first difference at element ${got.findIndex((r, i) => JSON.stringify(r) !== JSON.stringify(f.expected[i]))}`);
    }
    // The webgpu backend on the same cases (its own knobs for it: the cpu's accumulators are refused).
    for (const c of cases.msm) {
      const points = c.points.map(([x, y]) => ({ x: BigInt(x), y: BigInt(y) }));
      try {
        const { point, stats } = await zkmsm.msm(c.curve, points, c.scalars.map(BigInt), { backend: 'webgpu', ...c.webgpuOptions });
        const got = point === null ? null : [hex(point.x), hex(point.y)];
        const ok = c.error === undefined && JSON.stringify(got) === JSON.stringify(c.expected) && stats.backend === 'webgpu';
        record(`webgpu msm ${c.curve} ${c.name}`, ok, ok ? '' : `got ${JSON.stringify(got)} on ${stats.backend}, expected ${c.error ?? JSON.stringify(c.expected)}`);
      } catch (error) {
        const ok = c.error !== undefined && error.status === c.error;
        record(`webgpu msm ${c.curve} ${c.name}`, ok, ok ? '' : `threw ${error.status ?? ''} ${error.message}`);
      }
    }
    {
      const { curve, n, seed } = cases.large;
      const { points, scalars } = await zkmsm.randomInputs(curve, n, BigInt(seed));
      const start = performance.now();
      const gpu = await zkmsm.msm(curve, points, scalars, { backend: 'webgpu' });
      const gpuMs = performance.now() - start;
      const cpu = await zkmsm.msm(curve, points, scalars, { backend: 'cpu' });
      const ok = JSON.stringify(gpu.point, (k, v) => (typeof v === 'bigint' ? hex(v) : v)) ===
                 JSON.stringify(cpu.point, (k, v) => (typeof v === 'bigint' ? hex(v) : v));
      record(`webgpu msm ${curve} 2^${Math.log2(n)} random independent points equals the cpu backend`, ok,
             ok ? `${gpuMs.toFixed(0)} ms on webgpu (${JSON.stringify(gpu.stats.stages_ms)}), ${cpu.stats.total_ms.toFixed(0)} ms on cpu`
                : `webgpu ${JSON.stringify(gpu.stats)}`);
      // The same points as bases kept on the device: the MSM uploads only the scalars.
      const bases = await zkmsm.prepareBases(curve, points, { backend: 'webgpu' });
      const onBases = await zkmsm.msm(curve, bases, scalars);
      await bases.release();
      const same = JSON.stringify(onBases.point, (k, v) => (typeof v === 'bigint' ? hex(v) : v)) ===
                   JSON.stringify(cpu.point, (k, v) => (typeof v === 'bigint' ? hex(v) : v));
      record(`webgpu msm ${curve} 2^${Math.log2(n)} on bases kept on the device equals the cpu backend`,
             same && bases.backend === 'webgpu', `${onBases.stats.total_ms.toFixed(0)} ms on webgpu bases`);
    }
    for (const c of cases.curve) {
      const point = ([x, y]) => ({ x: BigInt(x), y: BigInt(y) });
      const results = await zkmsm.testing.webgpuCurveOps(c.curve, c.pairs.map(([p, q]) => [point(p), point(q)]));
      const got = results.map((r) => r.map((p) => [hex(p.x), hex(p.y)]));
      const ok = JSON.stringify(got) === JSON.stringify(c.expected);
      record(`webgpu curve ${c.curve}`, ok, ok ? '' : `first difference at pair ${got.findIndex((r, i) => JSON.stringify(r) !== JSON.stringify(c.expected[i]))}`);
    }
  }
} catch (error) {
  record('page', false, String(error?.stack ?? error));
}
await fetch('/result', { method: 'POST', body: JSON.stringify(report) });
