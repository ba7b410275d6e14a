import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { Admission, registerAdmission } from "../src/http/admission.ts";

// Decision 0107: at most N requests are worked on at once; a visit under way (API calls, a
// navigation's data) goes before a new page; a request that waited too long gets a 503.

describe("admission queue", () => {
  it("admits up to its concurrency, then the continuing requests before the new pages", async () => {
    const admission = new Admission(2);
    const order: string[] = [];
    const enter = (name: string, priority: "continuing" | "new-page") =>
      admission.enter(priority, 10_000).then((admitted) => {
        order.push(`${name}:${admitted}`);
      });
    const first = [enter("a", "new-page"), enter("b", "new-page")];
    await Promise.all(first);
    const waiting = [
      enter("page 1", "new-page"),
      enter("api 1", "continuing"),
      enter("page 2", "new-page"),
      enter("api 2", "continuing"),
    ];
    expect(admission.waiting).toBe(4);
    for (let i = 0; i < 4; i++) {
      admission.leave();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(waiting);
    expect(order).toEqual([
      "a:true",
      "b:true",
      "api 1:true",
      "api 2:true",
      "page 1:true",
      "page 2:true",
    ]);
  });

  it("lets a request go after its patience, and the slot it never took stays free", async () => {
    const admission = new Admission(1);
    expect(await admission.enter("continuing", 1_000)).toBe(true);
    expect(await admission.enter("new-page", 20)).toBe(false);
    expect(admission.waiting).toBe(0);
    admission.leave();
    expect(await admission.enter("new-page", 20)).toBe(true);
  });
});

describe("admission of HTTP requests", () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  /** A server working on one request at once, whose `/api/slow` waits for `release`. */
  async function start(patienceMs: number) {
    const server = Fastify();
    registerAdmission(server, { concurrency: 1, patienceMs });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const served: string[] = [];
    server.get("/api/slow", async () => {
      await held;
      served.push("slow");
      return { ok: true };
    });
    server.get("/api/next", async () => {
      served.push("api");
      return { ok: true };
    });
    server.get("/api/health", { config: { admission: "immediate" } }, async () => ({ ok: true }));
    server.get("/*", async (request) => {
      served.push(request.url);
      return "page";
    });
    await server.ready();
    app = server;
    return { server, release, served };
  }

  it("serves the continuing call before the new page that came first, health checks at once", async () => {
    const { server, release, served } = await start(10_000);
    const slow = server.inject("/api/slow");
    await new Promise((resolve) => setTimeout(resolve, 20));
    const page = server.inject("/fr/catalogue");
    const data = server.inject("/fr/catalogue.data");
    const api = server.inject("/api/next");
    const health = await server.inject("/api/health");
    expect(health.statusCode).toBe(200);
    expect(served).toEqual([]);
    release();
    const answers = await Promise.all([slow, page, data, api]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(served).toEqual(["slow", "/fr/catalogue.data", "api", "/fr/catalogue"]);
  });

  it("answers 503 with Retry-After to a request that waited past its patience, having run nothing", async () => {
    const { server, release, served } = await start(50);
    const slow = server.inject("/api/slow");
    await new Promise((resolve) => setTimeout(resolve, 20));
    const waited = await server.inject("/api/next");
    expect(waited.statusCode).toBe(503);
    expect(waited.headers["retry-after"]).toBe("5");
    expect(waited.json()).toEqual({ error: "SERVICE_UNAVAILABLE" });
    release();
    expect((await slow).statusCode).toBe(200);
    // The slot is free again once the slow call answered.
    expect((await server.inject("/api/next")).statusCode).toBe(200);
    expect(served).toEqual(["slow", "api"]);
  });
});
