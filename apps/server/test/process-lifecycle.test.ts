import { describe, expect, it, vi } from "vitest";
import { runShutdown, type ShutdownStep } from "../src/process-lifecycle.ts";

const quietLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const never = () => new Promise<void>(() => {});
const after = (ms: number) => () => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe("a process's shutdown (decision 0096)", () => {
  it("stops the HTTP server, then the jobs, the queue, the pools and last the database, whatever the order they were added in", async () => {
    const order: string[] = [];
    const step = (phase: ShutdownStep["phase"], name: string): ShutdownStep => ({
      phase,
      name,
      stop: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        order.push(name);
      },
    });
    const steps = [
      step("database", "embedded PostgreSQL"),
      step("pools", "requests' pool"),
      step("queue", "job queue"),
      step("pools", "background pool"),
      step("jobs", "deliveries in flight"),
      step("http", "HTTP server"),
      step("jobs", "sweeper"),
    ];
    expect(await runShutdown(steps, quietLog(), 1_000)).toBe(true);
    expect(order).toEqual([
      "HTTP server",
      "deliveries in flight",
      "sweeper",
      "job queue",
      "requests' pool",
      "background pool",
      "embedded PostgreSQL",
    ]);
  });

  it("waits for requests and jobs in flight at most the timeout, cuts them, and still closes the pools and the database", async () => {
    const log = quietLog();
    const order: string[] = [];
    const force = vi.fn(() => order.push("connections cut"));
    const started = Date.now();
    const clean = await runShutdown(
      [
        { phase: "http", name: "HTTP server", stop: never, force },
        { phase: "jobs", name: "deliveries in flight", stop: never },
        { phase: "pools", name: "requests' pool", stop: () => void order.push("pool") },
        { phase: "database", name: "PostgreSQL", stop: () => void order.push("database") },
      ],
      log,
      200,
    );
    const elapsed = Date.now() - started;
    expect(clean).toBe(false);
    expect(force).toHaveBeenCalledOnce();
    expect(order).toEqual(["connections cut", "pool", "database"]);
    // One budget for the work in flight: the jobs get what the requests left (nothing here).
    expect(elapsed).toBeGreaterThanOrEqual(195);
    expect(elapsed).toBeLessThan(1_000);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ phase: "http", step: "HTTP server" }),
      "shutdown step timed out",
    );
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ phase: "jobs", ms: 0 }),
      "shutdown step timed out",
    );
  });

  it("shares the budget: the jobs get what the requests left", async () => {
    const log = quietLog();
    const clean = await runShutdown(
      [
        { phase: "http", name: "HTTP server", stop: after(100) },
        { phase: "jobs", name: "deliveries in flight", stop: after(100) },
      ],
      log,
      400,
    );
    expect(clean).toBe(true);
    const slow = await runShutdown(
      [
        { phase: "http", name: "HTTP server", stop: after(150) },
        { phase: "queue", name: "job queue", stop: after(150) },
      ],
      log,
      200,
    );
    expect(slow).toBe(false);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ phase: "queue", step: "job queue" }),
      "shutdown step timed out",
    );
  });

  it("logs a step that fails and goes on with the next", async () => {
    const log = quietLog();
    const closed = vi.fn();
    const clean = await runShutdown(
      [
        { phase: "queue", name: "job queue", stop: () => Promise.reject(new Error("gone")) },
        { phase: "pools", name: "requests' pool", stop: closed },
      ],
      log,
      1_000,
    );
    expect(clean).toBe(false);
    expect(closed).toHaveBeenCalledOnce();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ phase: "queue", step: "job queue" }),
      "shutdown step failed",
    );
  });
});
