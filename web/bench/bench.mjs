// The knob-sweep page (index.html): every combination of n, accumulator, S, workgroup size,
// workgroup cap and field multiplication (a module per form, on one device) on this browser's
// WebGPU device, each result checked against the WebAssembly cpu
// backend on the same inputs; a table, a plot of time against S per accumulator, a plot of peak
// memory, and the results as JSON.
//
// Query parameters set the form (?logN=16&slots=1,8&…, the inputs' ids); `autorun` starts the
// sweep on load and `report=/path` POSTs the results there when it ends (how the browser test and
// headless measurements drive the page).
import { init } from '../zkmsm.mjs';

const $ = (id) => document.getElementById(id);
const FIELDS = ['curve', 'logN', 'accumulators', 'fieldMultiplications', 'slots', 'threadsPerBlock', 'maxBlocks',
                'windowBits', 'repeats'];
const params = new URLSearchParams(location.search);
for (const id of FIELDS) if (params.has(id)) $(id).value = params.get(id);
if (params.has('cpu')) $('cpu').checked = params.get('cpu') !== '0';

let zkmsm = null;  // the default module: the cpu rows and the inputs
let device = null;
const modules = new Map();  // field multiplication → a module for the webgpu rows (made on first use)
let adapterInfo = null;  // a plain copy for the results' JSON
let adapterInfoObject;  // the adapter's own, for init()
let lastModule = null;  // the module of the last webgpu row: its kept GPU buffers are freed on a switch
let results = null;

function status(text) {
  $('status').textContent = text;
}

function integers(id) {
  const values = $(id).value.split(',').map((v) => v.trim()).filter((v) => v !== '').map(Number);
  if (values.length === 0 || values.some((v) => !Number.isInteger(v) || v < 0)) {
    throw new Error(`${id}: a comma-separated list of non-negative integers`);
  }
  return values;
}

function words(id) {
  return $(id).value.split(',').map((v) => v.trim()).filter((v) => v !== '');
}

const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
const samePoint = (a, b) => (a === null ? b === null : b !== null && a.x === b.x && a.y === b.y);

// Every configuration of the form, cpu first per n when asked.
function configurations() {
  const list = [];
  const windowBits = integers('windowBits');
  for (const logN of integers('logN')) {
    if ($('cpu').checked) {
      for (const c of windowBits) list.push({ logN, options: { backend: 'cpu', windowBits: c } });
    }
    for (const fieldMultiplication of words('fieldMultiplications')) {
      for (const accumulator of words('accumulators')) {
        // The xyzz walker has one running sum per invocation: S is not its knob.
        for (const walkerSlots of accumulator === 'xyzz' ? [1] : integers('slots')) {
          for (const walkerThreadsPerBlock of integers('threadsPerBlock')) {
            for (const walkerMaxBlocks of integers('maxBlocks')) {
              for (const c of windowBits) {
                list.push({ logN, fieldMultiplication, options: { backend: 'webgpu', accumulator, walkerSlots,
                                                                  walkerThreadsPerBlock, walkerMaxBlocks, windowBits: c } });
              }
            }
          }
        }
      }
    }
  }
  return list;
}

async function sweep() {
  const curve = $('curve').value;
  const repeats = Math.max(1, integers('repeats')[0]);
  const list = configurations();
  const rows = [];
  const reference = new Map();  // log n → { inputs, point } from the cpu backend
  for (const [index, { logN, fieldMultiplication, options }] of list.entries()) {
    status(`${index + 1} / ${list.length}: n = 2^${logN}, ${fieldMultiplication ?? ''} ${JSON.stringify(options)}`);
    if (!reference.has(logN)) {
      const inputs = await zkmsm.randomInputs(curve, 2 ** logN, BigInt(logN));
      const { point } = await zkmsm.msm(curve, inputs.points, inputs.scalars, { backend: 'cpu' });
      reference.set(logN, { inputs, point });
    }
    const { inputs, point: expected } = reference.get(logN);
    const row = { curve, log_n: logN, fieldMultiplication, ...options, verified: true, error: null, ms: [], stats: null };
    try {
      const module = fieldMultiplication === undefined ? zkmsm : await moduleFor(fieldMultiplication);
      for (let run = 0; run <= repeats; run++) {
        const start = performance.now();
        const { point, stats } = await module.msm(curve, inputs.points, inputs.scalars, options);
        const ms = performance.now() - start;
        if (!samePoint(point, expected)) row.verified = false;
        if (run === 0) continue;  // the warm-up compiles the shaders
        row.ms.push(ms);
        if (row.stats === null || ms <= Math.min(...row.ms)) row.stats = stats;
      }
      row.median_ms = median(row.ms);
    } catch (error) {
      row.verified = false;
      row.error = `${error.status ?? ''} ${error.message}`.trim();
    }
    rows.push(row);
    render(rows);
  }
  return rows;
}

// The module whose shaders multiply field elements in `fieldMultiplication` (init's option).
async function moduleFor(fieldMultiplication) {
  if (!modules.has(fieldMultiplication)) {
    modules.set(fieldMultiplication, await init({ device, adapterInfo: adapterInfoObject, fieldMultiplication }));
  }
  const module = modules.get(fieldMultiplication);
  // One form's buffers at a time on the device (each module keeps its last MSM's).
  if (lastModule !== null && lastModule !== module) await lastModule.releaseDeviceMemory();
  lastModule = module;
  return module;
}

function render(rows) {
  const head = ['n', 'backend', 'field mul', 'accumulator', 'S', 'wg size', 'wg cap', 'threads', 'c', 'median ms', 'accumulate ms',
                'peak MiB (model)', 'peak MiB (measured)', 'verified'];
  const mib = (bytes) => (bytes === undefined ? '' : (bytes / 2 ** 20).toFixed(1));
  const lines = rows.map((r) => {
    const s = r.stats ?? {};
    const cells = [`2^${r.log_n}`, r.backend, s.webgpu?.field_multiplication ?? '', s.accumulator ?? r.accumulator ?? '', s.webgpu?.walker_slots ?? '',
                   s.webgpu?.walker_threads_per_block ?? '', r.walkerMaxBlocks ?? '', s.webgpu?.walker_threads ?? '',
                   s.window_bits ?? '', r.median_ms?.toFixed(1) ?? '', s.stages_ms?.accumulate_buckets?.toFixed(1) ?? '',
                   mib(s.estimated_peak_bytes), mib(s.measured_peak_bytes)];
    const verdict = r.error ?? (r.verified ? 'yes' : 'NO');
    return `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}<td class="${r.verified ? '' : 'bad'}">${verdict}</td></tr>`;
  });
  $('table').innerHTML = `<tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr>${lines.join('')}`;
  const webgpu = rows.filter((r) => r.backend === 'webgpu' && r.stats !== null);
  const series = (value) => {
    const groups = new Map();
    for (const r of webgpu) {
      const key = `2^${r.log_n} ${r.stats.webgpu.field_multiplication} ${r.stats.accumulator} wg ${r.walkerThreadsPerBlock} cap ${r.walkerMaxBlocks} c ${r.stats.window_bits}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push([r.stats.webgpu.walker_slots, value(r)]);
    }
    return groups;
  };
  plot($('timePlot'), series((r) => r.median_ms), 'median ms');
  plot($('memoryPlot'), series((r) => r.stats.measured_peak_bytes / 2 ** 20), 'peak MiB');
}

// A line per series: x = S on a log₂ axis, y from 0 to the largest value.
function plot(svg, groups, yLabel) {
  const width = Number(svg.getAttribute('width')), height = Number(svg.getAttribute('height'));
  const left = 60, right = 230, top = 15, bottom = 35;
  const points = [...groups.values()].flat();
  if (points.length === 0) {
    svg.innerHTML = '';
    return;
  }
  const xs = points.map(([x]) => Math.log2(Math.max(x, 1)));
  const xMin = Math.min(...xs), xMax = Math.max(...xs, xMin + 1);
  const yMax = Math.max(...points.map(([, y]) => y)) * 1.1 || 1;
  const px = (x) => left + ((Math.log2(Math.max(x, 1)) - xMin) / (xMax - xMin)) * (width - left - right);
  const py = (y) => height - bottom - (y / yMax) * (height - top - bottom);
  const colors = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
  let body = `<line x1="${left}" y1="${height - bottom}" x2="${width - right}" y2="${height - bottom}" stroke="#888"/>` +
             `<line x1="${left}" y1="${top}" x2="${left}" y2="${height - bottom}" stroke="#888"/>` +
             `<text x="${(width - right + left) / 2}" y="${height - 5}" text-anchor="middle">S (walkerSlots)</text>` +
             `<text x="12" y="${top + 10}" font-size="11">${yLabel}</text>` +
             `<text x="${left - 4}" y="${top + 4}" text-anchor="end" font-size="11">${yMax.toFixed(1)}</text>` +
             `<text x="${left - 4}" y="${height - bottom}" text-anchor="end" font-size="11">0</text>`;
  for (const x of new Set(points.map(([x]) => x))) {
    body += `<text x="${px(x)}" y="${height - bottom + 14}" text-anchor="middle" font-size="11">${x}</text>`;
  }
  [...groups.entries()].forEach(([key, line], k) => {
    const color = colors[k % colors.length];
    const sorted = line.slice().sort((a, b) => a[0] - b[0]);
    body += `<polyline fill="none" stroke="${color}" stroke-width="2" points="${sorted.map(([x, y]) => `${px(x)},${py(y)}`).join(' ')}"/>`;
    body += sorted.map(([x, y]) => `<circle cx="${px(x)}" cy="${py(y)}" r="3" fill="${color}"/>`).join('');
    body += `<text x="${width - right + 10}" y="${top + 14 * k + 10}" fill="${color}" font-size="11">${key}</text>`;
  });
  svg.innerHTML = body;
}

function download() {
  const blob = new Blob([JSON.stringify(results, null, 1)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `zkmsm-webgpu-sweep-${new Date().toISOString().slice(0, 19)}.json`;
  link.click();
}

async function run(event) {
  event?.preventDefault();
  $('run').disabled = true;
  try {
    const started = new Date().toISOString();
    const rows = await sweep();
    results = { zkmsm: zkmsm.version, date: started, user_agent: navigator.userAgent, adapter: adapterInfo, threads: zkmsm.threads,
                webgpu_accelerated: zkmsm.webgpuAccelerated, form: Object.fromEntries(FIELDS.map((id) => [id, $(id).value])),
                rows };
    const failed = rows.filter((r) => !r.verified).length;
    status(failed === 0 ? `done: ${rows.length} configurations, every result equal to the cpu backend's`
                        : `done: ${failed} of ${rows.length} configurations FAILED (see the table)`);
    $('download').disabled = false;
  } catch (error) {
    results = { error: String(error?.stack ?? error) };
    status(`error: ${error.message}`);
  } finally {
    $('run').disabled = false;
  }
  if (params.has('report')) await fetch(params.get('report'), { method: 'POST', body: JSON.stringify(results) });
}

try {
  const adapter = await navigator.gpu?.requestAdapter();
  device = adapter ? await adapter.requestDevice() : undefined;
  adapterInfo = adapter?.info ? { vendor: adapter.info.vendor, architecture: adapter.info.architecture,
                                  device: adapter.info.device, description: adapter.info.description } : null;
  adapterInfoObject = adapter?.info;
  zkmsm = await init({ device, adapterInfo: adapterInfoObject });
  modules.set(zkmsm.fieldMultiplication, zkmsm);
  status(device ? `zkmsm ${zkmsm.version}; WebGPU adapter: ${JSON.stringify(adapterInfo)}`
                : `zkmsm ${zkmsm.version}; no WebGPU adapter in this browser: only the cpu rows can run`);
  $('form').addEventListener('submit', run);
  $('download').addEventListener('click', download);
  if (params.has('autorun')) await run();
} catch (error) {
  status(`could not start: ${error.message}`);
  if (params.has('report')) await fetch(params.get('report'), { method: 'POST', body: JSON.stringify({ error: String(error) }) });
}
