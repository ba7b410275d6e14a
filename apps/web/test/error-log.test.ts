import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { errorLogContext } from "../app/context";
import { handleError } from "../app/entry.server";

it("hands a loader's error to the server's error log, not to the console", () => {
  const logged: unknown[] = [];
  const context = new RouterContextProvider();
  context.set(errorLogContext, (error) => logged.push(error));
  const failure = new Error("Failed query: … params: a customer's name");
  handleError(failure, { request: new Request("http://demo.localhost/fr"), context, params: {} });
  expect(logged).toEqual([failure]);

  const aborted = new AbortController();
  aborted.abort();
  const request = new Request("http://demo.localhost/fr", { signal: aborted.signal });
  handleError(new Error("gone"), { request, context, params: {} });
  expect(logged).toHaveLength(1);
});
