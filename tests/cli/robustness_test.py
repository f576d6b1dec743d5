#!/usr/bin/env python3
"""How `zkmsm` treats what surrounds a computation: where its output goes, what its inputs are,
which backend `auto` means, and what it leaves on disk.

  robustness_test.py --zkmsm BIN --case CASE --workdir DIR

Cases:
  stdout     a result that cannot be written (stdout on /dev/full, stdout closed) is exit status 1
             with a message, for msm, info and --help; gen, which prints nothing, still succeeds
  pipes      msm reads /dev/stdin fed by a pipe and two FIFOs (written one after the other) and
             gives the regular files' result; a points stream longer than the scalars file is
             stopped early with a count mismatch
  sizes      a count mismatch of regular files is found from their sizes before reading: a 1 GiB
             (sparse) points file with a 1-scalar file fails at once
  outputs    gen refuses one file (by path, symlink or hard link) for --points and --scalars and
             leaves no file behind; a failed scalars write (/dev/full) leaves the old points file
             as it was and no temporary file
  auto       info's auto_backend, msm --stats, run, sweep and bench all name the one backend the
             library resolves `auto` to
  probe      --backend cpu creates no Vulkan instance (VK_LOADER_DEBUG shows no driver search);
             neither does auto where no GPU device node exists
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import threading
import time


def fail(message):
    sys.exit(f"FAIL: {message}")


def check(condition, message):
    if not condition:
        fail(message)


def run(command, expect_status=0, **kwargs):
    proc = subprocess.run(command, capture_output=True, **kwargs)
    if proc.returncode != expect_status:
        fail(f"{' '.join(command)} exited {proc.returncode} (expected {expect_status})\n"
             f"stdout:\n{proc.stdout!r}\nstderr:\n{proc.stderr!r}")
    return proc


def gen(zkmsm, workdir, n, name="in"):
    points, scalars = os.path.join(workdir, f"{name}_p.bin"), os.path.join(workdir, f"{name}_k.bin")
    run([zkmsm, "gen", "--curve", "bn254", "--n", str(n), "--seed", "11", "--points", points, "--scalars", scalars])
    return points, scalars


def msm_command(zkmsm, points, scalars, *extra):
    return [zkmsm, "msm", "--curve", "bn254", "--points", points, "--scalars", scalars, "--backend", "cpu", *extra]


def case_stdout(zkmsm, workdir):
    points, scalars = gen(zkmsm, workdir, 20)
    commands = {"msm": msm_command(zkmsm, points, scalars), "info": [zkmsm, "info"], "--help": [zkmsm, "--help"]}
    for name, command in commands.items():
        with open("/dev/full", "wb") as full:
            proc = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True)
        check(proc.returncode == 1, f"{name} >/dev/full exited {proc.returncode}, expected 1: {proc.stderr}")
        check("cannot write the output to stdout: No space left on device" in proc.stderr,
              f"{name} >/dev/full: no message naming stdout: {proc.stderr!r}")
        proc = subprocess.run(command, stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(1))
        check(proc.returncode == 1, f"{name} >&- exited {proc.returncode}, expected 1: {proc.stderr}")
        check("cannot write the output to stdout: stdout is closed" in proc.stderr,
              f"{name} >&-: no message naming stdout: {proc.stderr!r}")
    # A closed stdout must not become the stats file either.
    stats = os.path.join(workdir, "stats.json")
    proc = subprocess.run(msm_command(zkmsm, points, scalars, "--stats-json", stats), stderr=subprocess.PIPE,
                          text=True, preexec_fn=lambda: os.close(1))
    check(proc.returncode == 1, f"msm --stats-json >&- exited {proc.returncode}")
    check(json.load(open(stats))["n"] == 20, "the stats file holds something else than the stats")
    # gen prints nothing: a closed stdout loses nothing.
    proc = subprocess.run([zkmsm, "gen", "--curve", "bn254", "--n", "3", "--points", os.path.join(workdir, "c_p.bin"),
                           "--scalars", os.path.join(workdir, "c_k.bin")], stderr=subprocess.PIPE, text=True,
                          preexec_fn=lambda: os.close(1))
    check(proc.returncode == 0, f"gen >&- exited {proc.returncode}: {proc.stderr}")


def write_fifo(path, data, errors):
    try:
        with open(path, "wb") as fifo:
            fifo.write(data)
    except OSError as error:  # the reader may stop early
        errors.append(error)


def case_pipes(zkmsm, workdir):
    points, scalars = gen(zkmsm, workdir, 300)
    point_bytes, scalar_bytes = open(points, "rb").read(), open(scalars, "rb").read()
    expected = run(msm_command(zkmsm, points, scalars)).stdout
    check(expected.startswith(b'{"x":'), f"unexpected result {expected!r}")

    from_stdin = run(msm_command(zkmsm, "/dev/stdin", scalars), input=point_bytes).stdout
    check(from_stdin == expected, f"points on /dev/stdin gave {from_stdin!r}, the file {expected!r}")
    from_stdin = run(msm_command(zkmsm, points, "/dev/stdin"), input=scalar_bytes).stdout
    check(from_stdin == expected, f"scalars on /dev/stdin gave {from_stdin!r}, the file {expected!r}")

    # Two FIFOs filled one after the other by one writer (a prover): points first, then scalars.
    point_fifo, scalar_fifo = os.path.join(workdir, "points.fifo"), os.path.join(workdir, "scalars.fifo")
    for fifo in (point_fifo, scalar_fifo):
        if os.path.exists(fifo):
            os.unlink(fifo)
        os.mkfifo(fifo)
    errors = []

    def writer():
        write_fifo(point_fifo, point_bytes, errors)
        write_fifo(scalar_fifo, scalar_bytes, errors)

    thread = threading.Thread(target=writer)
    thread.start()
    from_fifos = run(msm_command(zkmsm, point_fifo, scalar_fifo), timeout=60).stdout
    thread.join(timeout=60)
    check(not errors, f"the FIFO writer failed: {errors}")
    check(from_fifos == expected, f"FIFOs gave {from_fifos!r}, the files {expected!r}")

    # A points stream that never ends is stopped once it holds more points than the scalars file.
    endless = subprocess.Popen(["sh", "-c", "while :; do cat \"$0\"; done", points], stdout=subprocess.PIPE)
    try:
        proc = run(msm_command(zkmsm, "/dev/stdin", scalars), expect_status=1, stdin=endless.stdout, timeout=60)
    finally:
        endless.stdout.close()
        endless.kill()
        endless.wait()
    check(b"count mismatch: points file '/dev/stdin' holds more than 300 points" in proc.stderr,
          f"unexpected message {proc.stderr!r}")
    check(proc.stdout == b"", "output on stdout after an error")


def case_sizes(zkmsm, workdir):
    big, one = os.path.join(workdir, "big_p.bin"), os.path.join(workdir, "one_k.bin")
    with open(big, "wb") as f:
        f.truncate(1 << 30)  # 2^24 points of zeros, sparse: nothing to read before the check
    with open(one, "wb") as f:
        f.write(bytes(32))
    try:
        start = time.monotonic()
        proc = run(msm_command(zkmsm, big, one), expect_status=1, timeout=60)
        seconds = time.monotonic() - start
    finally:
        os.unlink(big)
    check(b"count mismatch: points file '" + big.encode() + b"' holds 16777216 points but scalars file '" +
          one.encode() + b"' holds 1 scalars" in proc.stderr, f"unexpected message {proc.stderr!r}")
    check(seconds < 5, f"the mismatch took {seconds:.1f} s: the file was read before its size was checked")


def case_outputs(zkmsm, workdir):
    def gen_args(points, scalars):
        return [zkmsm, "gen", "--curve", "bn254", "--n", "4", "--points", points, "--scalars", scalars]

    def leftovers():
        return sorted(name for name in os.listdir(workdir) if ".zkmsm-" in name)

    same = os.path.join(workdir, "same.bin")
    if os.path.exists(same):
        os.unlink(same)
    for points, scalars in ((same, same), (same, os.path.join(workdir, ".", "sub", "..", "same.bin"))):
        os.makedirs(os.path.join(workdir, "sub"), exist_ok=True)
        proc = run(gen_args(points, scalars), expect_status=2)
        check(b"are the same file" in proc.stderr and b"--points" in proc.stderr, f"bad message {proc.stderr!r}")
        check(not os.path.exists(same), "a refused gen left the file behind")

    old = os.path.join(workdir, "old_p.bin")
    with open(old, "wb") as f:
        f.write(b"old points")
    for name, make in (("link", os.symlink), ("hard", os.link)):
        alias = os.path.join(workdir, f"{name}_p.bin")
        if os.path.lexists(alias):
            os.unlink(alias)
        make(old, alias)
        proc = run(gen_args(old, alias), expect_status=2)
        check(b"are the same file" in proc.stderr, f"{name}: bad message {proc.stderr!r}")
    check(open(old, "rb").read() == b"old points", "a refused gen changed the points file")

    proc = run(gen_args(old, "/dev/full"), expect_status=1)
    check(b"cannot write scalars file '/dev/full': No space left on device" in proc.stderr,
          f"bad message {proc.stderr!r}")
    check(open(old, "rb").read() == b"old points", "a failed scalars write replaced the points file")
    fresh = os.path.join(workdir, "fresh_p.bin")
    run(gen_args(fresh, "/dev/full"), expect_status=1)
    check(not os.path.exists(fresh), "a failed scalars write left a new points file behind")
    check(leftovers() == [], f"temporary files left behind: {leftovers()}")

    # Success replaces both, keeping the old file's permissions.
    os.chmod(old, 0o600)
    run(gen_args(old, os.path.join(workdir, "new_k.bin")))
    check(os.path.getsize(old) == 4 * 64, "the points file was not replaced")
    check(os.stat(old).st_mode & 0o777 == 0o600, "the replaced file lost its permissions")
    check(leftovers() == [], f"temporary files left behind: {leftovers()}")


def case_auto(zkmsm, workdir):
    auto = json.loads(run([zkmsm, "info"]).stdout)["auto_backend"]
    points, scalars = gen(zkmsm, workdir, 50)
    stats = json.loads(run([zkmsm, "msm", "--curve", "bn254", "--points", points, "--scalars", scalars,
                            "--stats"]).stderr)
    check(stats["backend"] == auto, f"info says auto is {auto}, msm ran on {stats['backend']}")
    proc = run([zkmsm, "run", "--log-n", "6", "--repeats", "1", "--warmups", "0"], text=True)
    check(f"computing on backend {auto}..." in proc.stderr, f"run announced another backend than {auto}:\n"
          f"{proc.stderr}")
    check(any(line.startswith(f"backend   {auto} ") for line in proc.stdout.splitlines()),
          f"run reports another backend than {auto}:\n{proc.stdout}")
    report = os.path.join(workdir, "sweep.json")
    run([zkmsm, "sweep", "--log-n", "5", "--repeats", "1", "--warmups", "0", "--window-bits", "4",
         "--json", report])
    rows = json.load(open(report))["rows"]
    check(rows and all(row["backend"] == auto and row["backend_ran"] == auto for row in rows),
          f"sweep rows ran elsewhere than {auto}: {[(r['backend'], r.get('backend_ran')) for r in rows]}")
    report = os.path.join(workdir, "bench.json")
    run([zkmsm, "bench", "--log-n-min", "4", "--log-n-max", "4", "--repeats", "1", "--warmups", "0",
         "--json", report])
    rows = json.load(open(report))["rows"]
    check(rows and all(row["backend_ran"] == auto for row in rows), f"bench rows ran elsewhere than {auto}: {rows}")


# Kernel GPU device nodes: without one, no hardware Vulkan driver can run (vulkan_backend.cpp).
GPU_NODES = ["/dev/dxg", "/dev/nvidiactl", "/dev/kgsl-3d0", "/dev/mali0"]


def case_probe(zkmsm, workdir):
    points, scalars = gen(zkmsm, workdir, 10)
    environment = dict(os.environ, VK_LOADER_DEBUG="all")
    searched = "manifest"  # the loader searches driver manifests when an instance is created
    backends = ["cpu"]
    if not glob.glob("/dev/dri/renderD*") and not any(os.path.exists(node) for node in GPU_NODES):
        backends.append("auto")
    for backend in backends:
        proc = run([zkmsm, "msm", "--curve", "bn254", "--points", points, "--scalars", scalars, "--backend", backend],
                   env=environment, text=True)
        check(searched not in proc.stderr.lower(),
              f"--backend {backend} created a Vulkan instance:\n{proc.stderr[:2000]}")
    print(f"probe: no Vulkan instance for --backend {', '.join(backends)}")


CASES = {"stdout": case_stdout, "pipes": case_pipes, "sizes": case_sizes, "outputs": case_outputs,
         "auto": case_auto, "probe": case_probe}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--zkmsm", required=True)
    parser.add_argument("--case", required=True, choices=sorted(CASES))
    parser.add_argument("--workdir", required=True)
    args = parser.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    CASES[args.case](args.zkmsm, args.workdir)
    print(f"{args.case}: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
