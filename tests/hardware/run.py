#!/usr/bin/env python3
"""The hardware tier: nuno's GPU checks and benchmark in a Chromium on a real GPU.

    npm run test:hardware -- --chromium PATH --angle egl|vulkan|swiftshader [--sizes 64,128]
    npm run test:hardware -- --dawn [--node PATH] [--dawn-option backend=vulkan] [--sizes 64,128]

Serves the built repository (web/, dist/, tests/) on 127.0.0.1, opens tests/hardware/hardware.html
in headless Chromium with ANGLE on the chosen backend, and prints what the page reports: the
WebGL renderer string, GPU float vs CPU and split half vs float after 120 steps (the browser
tests' scene and tolerances), what 'auto' picks without float render targets, and ms per step
for each grid. Exits 1 when a check failed or the page did not finish.

With --dawn the same page module runs in Node instead (dawn.mjs), on the WebGPU adapter Dawn
finds (the `webgpu` npm package): the WebGPU checks and timings and the CPU's, no WebGL2, where no
browser is at hand. Finding no adapter is then a failure.

Python's standard library only, so it also runs on a GPU machine that has no Node: build here
(npm run build), then copy the repository with dist/ and run this there. The GPU driver is
found through the environment, e.g. for NVIDIA:
    egl:    __EGL_VENDOR_LIBRARY_FILENAMES=/usr/share/glvnd/egl_vendor.d/10_nvidia.json
    vulkan: VK_DRIVER_FILES=/usr/share/vulkan/icd.d/nvidia_icd.json (only for that launch: it
            hides Chromium's own software Vulkan driver)
    --dawn: the same Vulkan loader; where the GPU's ICD is not in the loader's search path,
            VK_DRIVER_FILES as above; Chromium's SwiftShader ICD
            (/usr/lib/chromium/vk_swiftshader_icd.json) makes a software adapter.
"""
import argparse
import json
import mimetypes
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SERVED = ('/web/', '/dist/', '/tests/')

ANGLE_FLAGS = {
    'egl': ['--use-gl=angle', '--use-angle=gl-egl', '--ignore-gpu-blocklist'],
    'vulkan': ['--use-angle=vulkan', '--ignore-gpu-blocklist'],
    'swiftshader': ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
}
# The network is closed and nothing is shown: no background traffic, no throttling of the page.
COMMON_FLAGS = [
    '--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--disable-background-timer-throttling', '--disable-renderer-backgrounding',
    '--window-size=800,600', '--enable-logging=stderr',
    # WebGPU where this Chromium and device offer it: the page says whether they do.
    '--enable-unsafe-webgpu',
]


class Page:
    """What the page has reported so far."""

    def __init__(self, quiet):
        self.results = None
        self.done = threading.Event()
        self.quiet = quiet
        self.started = time.time()

    def say(self, line):
        if not self.quiet:
            print(f'[{time.time() - self.started:6.1f} s] {line}', flush=True)


def handler_for(page):
    class Handler(SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=ROOT, **kwargs)

        def do_GET(self):
            path = self.path.split('?', 1)[0]
            if not path.startswith(SERVED) or '/.' in path:
                self.send_error(404)
                return
            super().do_GET()

        def guess_type(self, path):
            # Module scripts and streaming wasm compilation need these exact types.
            if path.endswith(('.js', '.mjs')):
                return 'text/javascript'
            if path.endswith('.wasm'):
                return 'application/wasm'
            return mimetypes.guess_type(path)[0] or 'application/octet-stream'

        def end_headers(self):
            self.send_header('Cache-Control', 'no-store')
            super().end_headers()

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get('Content-Length', 0))).decode('utf-8')
            if self.path == '/log':
                page.say(body)
            elif self.path == '/result':
                page.results = json.loads(body)
            elif self.path == '/done':
                page.done.set()
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    return Handler


def report(results, needs_webgpu=False):
    """Prints the figures and returns (passed, failed); with `needs_webgpu` (--dawn) no adapter
    is a failure."""
    webgl = results.get('webgl') or {}
    print(f"renderer: {webgl.get('renderer', '?')}")
    # A run without WebGL2 (Dawn's, or flags that lose it) names only why in the renderer line.
    if 'vendor' in webgl:
        print(f"vendor: {webgl['vendor']}; {webgl.get('version', '?')}; float render targets: {webgl.get('floatTargets')}")
    passed = failed = 0
    for check in results.get('checks', []):
        tolerance = check['toleranceMm']
        limit = check.get('limit') or ('reported' if tolerance is None else f"limit {tolerance} mm")
        verdict = '' if tolerance is None else ('  ok' if check['passed'] else '  FAILED')
        after = check.get('after') or f"after {check.get('steps', 120)} steps"
        drop = f"; drop {check['drop']:.2f} m" if 'drop' in check else ''
        print(f"metric: {check['name']} ({check['solver']}) = {check['maxDeviationMm']:.3g} mm "
              f"{after} ({limit}{drop}){verdict}")
        if tolerance is not None:
            passed, failed = (passed + 1, failed) if check['passed'] else (passed, failed + 1)
    for pile in results.get('piles', []):
        errors = [f"WebGL error {pile['glError']}"] if pile['glError'] else []
        errors += [f'WebGPU error: {message}' for message in pile['webGpuErrors']]
        print(f"metric: pile {pile['pile']} on {pile['backend']} = {max(pile['crossings'], default=0)} crossings at most "
              f"(every 0.25 s for {pile['seconds']:g} s; limit 0{'; ' + '; '.join(errors) if errors else ''})"
              f"{'  ok' if pile['passed'] else '  FAILED'}")
        passed, failed = (passed + 1, failed) if pile['passed'] else (passed, failed + 1)
    webgpu = results.get('webgpu')
    if webgpu:
        print(f"WebGPU: {webgpu['adapter'] or 'not exposed'}{'' if webgpu['adapter'] else ' (' + webgpu['reason'] + ')'}")
        if not webgpu['adapter'] and needs_webgpu:
            failed += 1
            print('  FAILED: --dawn runs WebGPU only, and Dawn found no adapter')
    auto = results.get('auto')
    if auto:
        print(f"auto without float render targets: {auto['backend']} {auto['precision'] or ''} {auto['fallbackReason'] or ''}".rstrip())
        if auto['backend'] == 'gpu' and auto['precision'] == 'half':
            passed += 1
        else:
            failed += 1
            print('  FAILED: expected the GPU with split half state')
    for choice in results.get('autoChoices', []):
        trial = choice['trialMsPerStep']
        timed = f" (its trial: WebGPU {trial['webgpu']:.3g}, WebGL2 {trial['gpu']:.3g} ms/step)" if trial else ''
        print(f"requestCloth 'auto' {choice['size']}x{choice['size']}: {choice['backend']}{timed}, {choice['requestMs']:.0f} ms")
    cpu_by_size = {row['size']: row for row in results.get('cpu', [])}
    if results.get('gpu'):
        print('\n| grid | GPU state | GPU ms/step | wasm ms/step | GPU/wasm | draw calls/step | GPU B/particle |')
        print('| --- | --- | --- | --- | --- | --- | --- |')
        for row in results['gpu']:
            # The wasm timing is without self-collision, so it compares with the plain rows only.
            cpu = None if 'self-collision' in row['precision'] else cpu_by_size.get(row['size'])
            cpu_ms = f"{cpu['medianMs']:.2f}" if cpu else '-'
            ratio = f"{row['medianMs'] / cpu['medianMs']:.3f}x" if cpu else '-'
            print(f"| {row['size']}x{row['size']} | {row['precision']} | {row['medianMs']:.3g} | {cpu_ms} | {ratio} | "
                  f"{row['drawCallsPerStep']} | {row['gpuBytesPerParticle']} |")
    if results.get('papers'):
        print('\n| papers | GPU state | particles | GPU ms/step | particles/ms | draw calls/step | GPU B/particle |')
        print('| --- | --- | --- | --- | --- | --- | --- |')
        for row in results['papers']:
            print(f"| {row['perSide']}x{row['perSide']} | {row['precision']} | {row['particles']:,} | {row['medianMs']:.3g} | "
                  f"{row['particles'] / row['medianMs']:,.0f} | {row['drawCallsPerStep']} | {row['gpuBytesPerParticle']} |")
    for refusal in results.get('refused', []):
        print(f"refused, not timed: {refusal['label']}: {refusal['message']}")
    for error in results.get('errors', []):
        print(f'page error: {error}')
        failed += 1
    return passed, failed


def timed_rows(results):
    """Each timed row of a run by its name ('512x512 float', '64x64 papers webgpu'): its median ms/step."""
    rows = {f"{row['size']}x{row['size']} {row['precision']}": row['medianMs'] for row in results.get('gpu', [])}
    rows.update({f"{row['perSide']}x{row['perSide']} papers {row['precision']}": row['medianMs'] for row in results.get('papers', [])})
    return rows


def compare_with_baseline(results, baseline, slower_than):
    """Prints each row timed in both runs, this one's median over the baseline's, and returns
    (passed, failed): a row more than `slower_than` times slower fails. Issue 28's WebGL2 slowdown
    (1.27-1.41x from one build to the next, on one H100) is what this is for. The baseline must
    be of the same GPU and flags: another WebGL renderer or WebGPU adapter fails, as does a row
    the baseline timed and this run did not."""
    now, before = timed_rows(results), timed_rows(baseline)
    passed = failed = 0
    for what, key in (('WebGL renderer', 'renderer'),):
        here, there = (results.get('webgl') or {}).get(key), (baseline.get('webgl') or {}).get(key)
        if here != there:
            print(f'FAILED: the baseline ran on another {what}: {there!r}, here {here!r}')
            failed += 1
    here, there = (results.get('webgpu') or {}).get('adapter'), (baseline.get('webgpu') or {}).get('adapter')
    if here != there:
        print(f'FAILED: the baseline ran on another WebGPU adapter: {there!r}, here {here!r}')
        failed += 1
    print(f'\n| row | baseline ms/step | ms/step | ratio | limit {slower_than}x |')
    print('| --- | --- | --- | --- | --- |')
    for name in sorted(now.keys() & before.keys()):
        ratio = now[name] / max(before[name], 1e-9)
        slower = ratio > slower_than
        passed, failed = (passed, failed + 1) if slower else (passed + 1, failed)
        print(f"| {name} | {before[name]:.3g} | {now[name]:.3g} | {ratio:.3f}x | {'SLOWER' if slower else 'ok'} |")
    # A row the baseline timed and this run did not (refused, or the page gave up) hides its speed.
    for name in sorted(before.keys() - now.keys()):
        print(f'| {name} | {before[name]:.3g} | not timed | | FAILED |')
        failed += 1
    return passed, failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--chromium', default='/usr/bin/chromium', help='the Chromium binary')
    parser.add_argument('--angle', choices=sorted(ANGLE_FLAGS), help="ANGLE's backend (Chromium)")
    parser.add_argument('--dawn', action='store_true', help='run the page in Node through Dawn (WebGPU and the CPU) instead of Chromium')
    parser.add_argument('--node', default='node', help='the Node binary (--dawn)')
    parser.add_argument('--dawn-option', action='append', default=[], help="one of Dawn's create() options, e.g. backend=vulkan (--dawn; repeatable)")
    parser.add_argument('--sizes', default='64,128,256,512,1024', help='grids to time, comma-separated')
    parser.add_argument('--half-sizes', help='grids to time with split half state too (default: --sizes)')
    parser.add_argument('--cpu-max', type=int, default=256, help='time the wasm CPU cloth up to this size')
    parser.add_argument('--solvers', default='xpbd,pbd,mass-spring', help='solvers of the agreement checks')
    parser.add_argument('--papers', default='64,128', help='seas of papers to time, papers per side, comma-separated')
    parser.add_argument('--piles', default='48,64,64h', help="piles to drop on each GPU cloth ('64h': 64 x 64 half a spacing thick; '' for none)")
    parser.add_argument('--pile-seconds', type=float, default=8, help='how long each pile falls and settles')
    parser.add_argument('--timeout', type=int, default=480, help='seconds the page may take')
    parser.add_argument('--json', help='also write the page results to this file')
    parser.add_argument('--baseline', help="an earlier run's --json on this machine: fail rows that got slower")
    parser.add_argument('--slower-than', type=float, default=1.15, help='the ratio to --baseline a row may reach (default 1.15)')
    parser.add_argument('--quiet', action='store_true', help="don't print the page's progress")
    parser.add_argument('--no-webgl', action='store_true', help='WebGPU and the CPU only (to try flags that lose WebGL)')
    parser.add_argument('--extra-flag', action='append', default=[], help='one more Chromium flag (repeatable)')
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(ROOT, 'dist', 'nuno-core.wasm')):
        sys.exit('run.py: dist/ is not built: run `npm run build` first')
    if args.pile_seconds < 0.25:
        sys.exit('run.py: --pile-seconds must be at least 0.25 (the piles are looked at every quarter second)')
    if any(not re.fullmatch(r'[1-9][0-9]*h?', name) for name in filter(None, args.piles.split(','))):
        sys.exit(f"run.py: --piles names piles by their side, 'h' for half a spacing thick (48,64,64h): got '{args.piles}'")
    if args.dawn == bool(args.angle):
        sys.exit('run.py: pass --angle BACKEND (Chromium) or --dawn (Node)')
    if not args.dawn and not shutil.which(args.chromium):
        sys.exit(f"run.py: no Chromium at '{args.chromium}': pass --chromium PATH")
    if args.dawn and not shutil.which(args.node):
        sys.exit(f"run.py: no Node at '{args.node}': pass --node PATH")

    page = Page(args.quiet)
    server = ThreadingHTTPServer(('127.0.0.1', 0), handler_for(page))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    query = (f"sizes={args.sizes}&halfSizes={args.half_sizes or args.sizes}&cpuMax={args.cpu_max}&solvers={args.solvers}"
             f"&papers={args.papers}&piles={args.piles}&pileSeconds={args.pile_seconds}{'&webgl=0' if args.no_webgl or args.dawn else ''}")
    url = f'http://127.0.0.1:{server.server_address[1]}/tests/hardware/hardware.html?{query}'
    with tempfile.TemporaryDirectory(prefix='nuno-hardware-') as profile:
        log_path = os.path.join(profile, 'page.log')
        with open(log_path, 'w') as page_log:
            command = ([args.node, os.path.join(ROOT, 'tests', 'hardware', 'dawn.mjs'), url, *args.dawn_option] if args.dawn else
                       [args.chromium, *COMMON_FLAGS, *ANGLE_FLAGS[args.angle], *args.extra_flag, f'--user-data-dir={profile}/profile', url])
            launched = subprocess.Popen(command, cwd=ROOT, stdout=page_log, stderr=subprocess.STDOUT)
            # Until the page is done, or its process ends without it (Node ends once done).
            deadline = time.time() + args.timeout
            while not page.done.wait(0.5) and launched.poll() is None and time.time() < deadline:
                pass
            finished = page.done.is_set()
            ended = launched.poll()
            launched.kill()
            launched.wait()
        server.shutdown()
        if not finished:
            with open(log_path, errors='replace') as page_log:
                print(''.join(page_log.readlines()[-30:]), file=sys.stderr)
    results = page.results or {'errors': ['the page reported nothing']}
    if args.json:
        with open(args.json, 'w') as out:
            json.dump(results, out, indent=2)
    print()
    passed, failed = report(results, needs_webgpu=args.dawn)
    if args.baseline:
        with open(args.baseline) as baseline:
            compared = compare_with_baseline(results, json.load(baseline), args.slower_than)
        passed, failed = passed + compared[0], failed + compared[1]
    if not finished:
        print(f'the page did not finish: its process ended (status {ended})' if ended is not None else
              f'the page did not finish within {args.timeout} s')
        failed += 1
    print(f'hardware: {passed} passed, {failed} failed')
    sys.exit(0 if failed == 0 else 1)


if __name__ == '__main__':
    main()
