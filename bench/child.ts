import { fork } from "node:child_process";

// Benchmarks that measure memory run each case in a child process of its own, so that its peak
// is the case's alone (bench/export.ts, bench/newsletter.ts).

const MEASURE = "measure";

/** Peak memory since `sampleMemory()`, sampled every 50 ms until `stop()`. */
export function sampleMemory(): {
  before: NodeJS.MemoryUsage;
  stop(): { rss: number; heapUsed: number; external: number };
} {
  const before = process.memoryUsage();
  const peak = { rss: before.rss, heapUsed: before.heapUsed, external: before.external };
  const sample = () => {
    const usage = process.memoryUsage();
    peak.rss = Math.max(peak.rss, usage.rss);
    peak.heapUsed = Math.max(peak.heapUsed, usage.heapUsed);
    peak.external = Math.max(peak.external, usage.external);
  };
  const sampler = setInterval(sample, 50);
  return {
    before,
    stop() {
      clearInterval(sampler);
      sample();
      return { ...peak };
    },
  };
}

/** Runs `file`'s measure in a child process with the database and the run; answers its result. */
export function runInChild<Run, Result>(
  file: string,
  databaseUrl: string,
  run: Run,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = fork(file, [MEASURE, databaseUrl, JSON.stringify(run)], {
      execPath: process.execPath,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let result: Result | undefined;
    child.once("message", (message) => {
      result = message as Result;
    });
    child.once("exit", (code) =>
      result !== undefined && code === 0
        ? resolve(result)
        : reject(new Error(`the measuring child of ${file} exited with ${code}`)),
    );
  });
}

/**
 * The entry point of a benchmark that measures in children: in a child, `measure` with the
 * parent's arguments, its result sent back before exiting; otherwise `main`.
 */
export async function measureOrMain<Run, Result>(
  measure: (databaseUrl: string, run: Run) => Promise<Result>,
  main: () => Promise<number>,
): Promise<void> {
  if (process.argv[2] === MEASURE) {
    const result = await measure(process.argv[3]!, JSON.parse(process.argv[4]!) as Run);
    process.send!(result as object, () => process.exit(0));
  } else {
    process.exitCode = await main();
  }
}
